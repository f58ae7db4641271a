"""Rate limits per user and per tenant, counted in Redis (issue 14): 429 with Retry-After and the error
body past a limit; without Redis requests pass (fail open)."""
import httpx
import pytest

from memcore.devstack.live_server import LiveServer
from memcore.devstack.ports import free_port
from memory_api.app import ApiSettings, create_app
from memory_api.rate_limit import Limits, Tally, decide, window_of

USER_LIMIT, TENANT_LIMIT = 4, 6


def _server(stack_env, embedder, policy_server, redis_url: str, name: str, **limits) -> LiveServer:
    settings = ApiSettings(database_url=stack_env["DATABASE_URL"], app_database_url=stack_env.get(
        "MEMORY_APP_DATABASE_URL"), redis_url=redis_url, admin_token="x", policy_url=policy_server.url,
        log_level="WARNING", **limits)
    return LiveServer(create_app(settings, embedder=embedder), name).start()


@pytest.fixture(scope="module")
def limited_api(stack_env, embedder, policy_server):
    server = _server(stack_env, embedder, policy_server, stack_env["REDIS_URL"], "memory-api-limited",
                     rate_limit_user=USER_LIMIT, rate_limit_tenant=TENANT_LIMIT, rate_limit_window_s=3600)
    yield server.url
    server.stop()


@pytest.fixture(scope="module")
def limited_api_without_redis(stack_env, embedder, policy_server):
    server = _server(stack_env, embedder, policy_server, f"redis://127.0.0.1:{free_port()}/0",
                     "memory-api-limited-no-redis", rate_limit_user=2, rate_limit_tenant=2, rate_limit_window_s=3600)
    yield server.url
    server.stop()


def _client(url: str, token: str) -> httpx.Client:
    return httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=60)


def test_window_arithmetic():
    w = window_of(1000.0, 60)
    assert (w.index, w.retry_after_s) == (16, 20)  # window 960-1020
    assert window_of(1019.5, 60).retry_after_s == 1 and window_of(1020.0, 60).index == 17
    assert window_of(960.0, 60).retry_after_s == 60
    limits = Limits(user=3, tenant=5)
    assert decide(3, 5, limits).allowed
    assert (decide(4, 4, limits).scope, decide(2, 6, limits).scope) == ("user", "tenant")
    assert decide(10**6, 10**6, Limits(user=0, tenant=0)).allowed  # 0: no limit


def test_the_tally_counts_sent_requests_until_redis_answers():
    t, a, b = Tally(), ("u:ana", "t:1"), ("u:bo", "t:1")
    assert t.count(a, 7) == (1, 1)
    assert t.count(a, 7) == (2, 2)  # the first not answered yet: still counted
    assert t.count(b, 7) == (1, 3)  # the tenant's counter is shared
    t.answered(a, 7, (5, 9))  # Redis: other replicas counted too
    assert t.count(a, 7) == (5 + 1 + 1, 9 + 2 + 1)  # known, plus the two still unanswered, plus this one
    t.answered(a, 7, (4, 8))  # an older answer arriving late lowers nothing
    t.answered(b, 7, None)  # no answer: no longer waited for, nothing learned
    assert t.unanswered == {"u:ana": 1, "t:1": 1} and t.known == {"u:ana": 5, "t:1": 9}
    assert t.count(a, 8) == (1, 1)  # the next window starts from nothing
    t.answered(a, 7, (50, 50))  # the old window's answer counts for nothing
    assert t.known == {} and t.unanswered == {"u:ana": 1, "t:1": 1}


async def test_a_request_is_counted_without_waiting_for_redis(stack_env):
    """While real Redis holds every write (CLIENT PAUSE), counting a request answers at once from this
    process's tally, with its increment still on its way; once Redis is back the increment lands. An
    order of events, no clock: a count that waited for Redis could not answer while it is paused."""
    import asyncio
    import uuid

    import redis
    import redis.asyncio as aioredis

    from memory_api.rate_limit import RedisCounter

    assert not asyncio.iscoroutinefunction(RedisCounter.count)  # nothing in a request's path awaits Redis
    admin = redis.Redis.from_url(stack_env["REDIS_URL"])
    client = aioredis.Redis.from_url(stack_env["REDIS_URL"])
    counter = RedisCounter(client)
    tenant, user = uuid.uuid4(), uuid.uuid4()
    try:
        assert counter.count(tenant, user, 3600) is not None  # the script is loaded, Redis answers
        await asyncio.gather(*counter._sending)
        admin.execute_command("CLIENT", "PAUSE", "20000", "WRITE")
        try:
            answered = counter.count(tenant, user, 3600)  # a plain call: it cannot wait for Redis
            in_flight = [t for t in counter._sending if not t.done()]
        finally:
            admin.execute_command("CLIENT", "UNPAUSE")
        assert answered is not None and answered[0] >= 2, answered  # this process's tally: 2 requests
        assert in_flight, "the increment was sent before the answer, not awaited"
        await asyncio.gather(*in_flight)
    finally:
        await client.aclose()


def test_a_user_past_its_limit_gets_429_with_retry_after_and_others_do_not(new_tenant, limited_api):
    t = new_tenant("user", "user")
    ana, bo = (_client(limited_api, u["token"]) for u in t["users"])
    with ana, bo:
        for _ in range(USER_LIMIT):
            assert ana.get("/v1/memory/list").status_code == 200
        refused = ana.post("/v1/memory/contextify", json={"query": "anything"})
        assert refused.status_code == 429, refused.text
        retry = int(refused.headers["Retry-After"])
        assert 1 <= retry <= 3600
        error = refused.json()["error"]
        assert error["code"] == "rate_limited"
        assert error["details"] == {"scope": "user", "limit": USER_LIMIT, "window_s": 3600, "retry_after_s": retry}
        # another user of the same tenant still has its own allowance, until the tenant's is spent
        assert bo.get("/v1/memory/list").status_code == 200
        assert bo.get("/v1/memory/list").status_code == 429  # the tenant's 7th request (limit 6)
        assert bo.get("/v1/memory/list").json()["error"]["details"]["scope"] == "tenant"
    # another tenant is not affected; nor is a request without a valid token (the route answers 401)
    other = new_tenant("user")
    with _client(limited_api, other["users"][0]["token"]) as c:
        assert c.get("/v1/memory/list").status_code == 200
    assert httpx.get(f"{limited_api}/v1/memory/list", headers={"Authorization": "Bearer nope"}).status_code == 401
    assert httpx.get(f"{limited_api}/healthz").status_code == 200


def test_without_redis_requests_pass(new_tenant, limited_api_without_redis):
    t = new_tenant("user")
    with _client(limited_api_without_redis, t["users"][0]["token"]) as c:
        for i in range(5):  # the limit is 2: nobody counts while Redis is down
            turn = c.post("/v1/conversations/s-rl/turns", json={"speaker": "user", "text": f"I walked {i} km today."})
            assert turn.status_code == 200, turn.text
        assert c.post("/v1/memory/contextify", json={"query": "How far did I walk?"}).status_code == 200


def test_429_is_documented_in_openapi(api_url):
    spec = httpx.get(f"{api_url}/openapi.json").json()
    for path, method in (("/v1/conversations/{session_id}/turns", "post"), ("/v1/memory/contextify", "post")):
        assert "429" in spec["paths"][path][method]["responses"], path


def test_a_portal_session_counts_against_its_users_limit(new_tenant, limited_api):
    t = new_tenant("user")
    browser = httpx.Client(base_url=limited_api, timeout=60)
    with browser:
        assert browser.post("/portal/session", json={"token": t["users"][0]["token"]}).status_code == 200
        codes = [browser.get("/v1/memory/list").status_code for _ in range(USER_LIMIT + 1)]
    assert codes[:USER_LIMIT - 1] == [200] * (USER_LIMIT - 1) and codes[-1] == 429, codes
