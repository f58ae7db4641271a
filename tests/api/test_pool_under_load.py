"""Concurrent requests on a small connection pool (issue 14, load): a contextify holds one
connection and takes a second for the vector search only when one is spare. Before, concurrent
contextify calls each held one and waited for another until the pool's acquire timeout (10 s),
and answered 503: at 200 sessions 45% of requests failed so."""
import asyncio

import httpx
import pytest

ADMIN = "pool-test-admin"


@pytest.fixture(scope="module")
def small_pool_api(stack_env, embedder, policy_server):
    from memcore.devstack.live_server import LiveServer
    from memory_api.app import ApiSettings, create_app

    settings = ApiSettings(database_url=stack_env["DATABASE_URL"], app_database_url=stack_env.get(
        "MEMORY_APP_DATABASE_URL"), redis_url=stack_env["REDIS_URL"], admin_token=ADMIN,
        policy_url=policy_server.url if policy_server else None, policy_timeout_s=5.0, log_level="WARNING",
        db_pool_min=1, db_pool_max=2, max_inflight=0)  # no admission: the pool alone is under test
    server = LiveServer(create_app(settings, embedder=embedder), "memory-api-small-pool").start()
    yield server.url
    server.stop()


def test_concurrent_contextify_and_turns_on_a_two_connection_pool_all_answer(small_pool_api):
    r = httpx.post(f"{small_pool_api}/v1/admin/tenants", headers={"Authorization": f"Bearer {ADMIN}"},
                   json={"name": "pool", "kind": "household", "opted_in": True, "users": [{"display_name": "u", "role": "user"}]})
    r.raise_for_status()
    token = r.json()["users"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    for text in ("I walk Bruno the dog every morning at seven.", "My sister Lena lives in Porto.",
                 "The dentist appointment is on Friday at ten."):
        assert httpx.post(f"{small_pool_api}/v1/conversations/s1/turns", headers=headers, timeout=60,
                          json={"speaker": "user", "text": text}).status_code == 200

    async def burst():
        async with httpx.AsyncClient(base_url=small_pool_api, headers=headers, timeout=60) as c:
            reads = [c.post("/v1/memory/contextify", json={"query": q, "session_id": "s1", "token_budget": 300})
                     for q in ("What do you remember about Bruno?", "Where does my sister live?",
                               "When is the dentist?", "Tell me about Lena.", "What about my dog?",
                               "Remind me about Friday.")]
            writes = [c.post("/v1/conversations/s2/turns", json={"speaker": "user", "text": f"Note {i}: buy apples."})
                      for i in range(4)]
            return await asyncio.gather(*reads, *writes)

    answers = asyncio.run(burst())
    assert [a.status_code for a in answers] == [200] * len(answers), [a.text[:200] for a in answers if a.status_code != 200]
    # connections held by each other would end in the pool's acquire timeout (10 s), answered 503: the
    # 200s above are the check, with no clock in the test
    assert any("Bruno" in a.json().get("context", "") for a in answers[:6])
