"""No request holds the event loop: while the largest accepted document (2,000,000 characters with no
punctuation, the chunker's worst case) is being stored, another client's requests keep being answered."""
import threading
import time

import httpx
import pytest

from memcore.devstack.live_server import LiveServer
from tests.conftest import ADMIN_TOKEN

WORDS = ("boiler", "march", "peter", "kitchen", "stegosaurus", "saturday", "swimming", "thermostat", "garden")


@pytest.fixture(scope="module")
def api(stack_env, embedder):
    from memory_api.app import ApiSettings, create_app

    # the policy service is not what is measured here: every write is allowed, by the explicit
    # benchmark switch (without MEMORY_POLICY_URL or it, memory-api refuses to start)
    settings = ApiSettings(database_url=stack_env["DATABASE_URL"], app_database_url=stack_env["MEMORY_APP_DATABASE_URL"],
                           redis_url=stack_env["REDIS_URL"], admin_token=ADMIN_TOKEN, policy_allow_all=True,
                           log_level="WARNING")
    server = LiveServer(create_app(settings, embedder=embedder), "memory-api-large-document").start()
    yield server.url
    server.stop()


def _client(url: str) -> httpx.Client:
    r = httpx.post(f"{url}/v1/admin/tenants", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"},
                   json={"name": "doc", "opted_in": True, "users": [{"display_name": "u", "role": "user"}]})
    r.raise_for_status()
    return httpx.Client(base_url=url, headers={"Authorization": f"Bearer {r.json()['users'][0]['token']}"},
                        timeout=60)


def test_other_requests_are_answered_while_the_largest_document_is_stored(api):
    words, size = [], 0
    while size < 2_000_000 - 20:
        words.append(WORDS[(len(words) * 7 + len(words) // 9) % len(WORDS)])
        size += len(words[-1]) + 1
    text = " ".join(words)
    writer, other = _client(api), _client(api)
    other.post("/v1/memory/candidates", json={"items": [{"text": "The boiler is serviced in March."}]}).raise_for_status()
    result: dict = {}

    def store():
        started = time.monotonic()
        result["response"] = writer.post("/v1/documents", json={"title": "Long", "text": text}, timeout=600)
        result["took"] = time.monotonic() - started

    thread = threading.Thread(target=store, daemon=True)
    thread.start()
    answered: list[float] = []  # how long each of the other client's requests took, while the document was stored
    while thread.is_alive():
        started = time.monotonic()
        r = other.get("/v1/memory/list")
        if thread.is_alive():
            assert r.status_code == 200, r.text
            answered.append(time.monotonic() - started)
    thread.join()
    assert result["response"].status_code == 201, result["response"].text[:500]
    assert len(result["response"].json()["chunks"]) > 400
    # answered all along, not once the document is done: many answers, none waiting for a large share
    # of the document's own time (chunking it on the event loop held every request for all of it)
    assert len(answered) >= 5, (answered, result["took"])
    assert max(answered) < result["took"] / 4, (max(answered), result["took"])
