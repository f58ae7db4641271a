"""Outages: while Postgres is down every route answers 503 with Retry-After (never a 500 or a dropped
connection), /readyz says not ready, and the service recovers by itself when Postgres is back.

This module runs its own throwaway Postgres + Redis so stopping Postgres disturbs no other test."""
import asyncio
import shutil
import tempfile
import time
from pathlib import Path

import asyncpg
import httpx
import pytest

from memcore.devstack.live_server import LiveServer
from memcore.devstack.stack import LocalStack
from tests.conftest import ADMIN_TOKEN


@pytest.fixture(scope="module")
def own_stack():
    tmp = Path(tempfile.mkdtemp(prefix="memoutage-"))
    stack = LocalStack(tmp, persistent=False, with_blob=False).start(log=lambda *_: None)
    yield stack
    stack.stop()
    shutil.rmtree(tmp, ignore_errors=True)


def _settings(env, **extra):
    from memory_api.app import ApiSettings

    return ApiSettings(database_url=env["DATABASE_URL"], app_database_url=env["MEMORY_APP_DATABASE_URL"],
                       redis_url=env["REDIS_URL"], admin_token=ADMIN_TOKEN, log_level="CRITICAL", **extra)


@pytest.fixture(scope="module")
def outage_api(own_stack, embedder, policy_server):
    from memory_api.app import create_app

    app = create_app(_settings(own_stack.env(), policy_url=policy_server.url, policy_timeout_s=5.0),
                     embedder=embedder)

    @app.get("/test-only/boom", include_in_schema=False)
    async def boom():
        raise RuntimeError("a bug")

    @app.get("/test-only/deadlock", include_in_schema=False)
    async def deadlock():
        raise asyncpg.exceptions.DeadlockDetectedError("deadlock detected")

    @app.get("/test-only/busy-connection", include_in_schema=False)
    async def busy_connection():  # the real driver error of a connection used twice at once
        async with app.state.resources.db.raw() as conn:
            await asyncio.gather(conn.fetchval("SELECT pg_sleep(0.2)"), conn.fetchval("SELECT 1"))

    @app.get("/test-only/released-connection", include_in_schema=False)
    async def released_connection():  # ... and of one used after it went back to the pool
        async with app.state.resources.db.raw() as conn:
            pass
        await conn.fetchval("SELECT 1")

    server = LiveServer(app, "memory-api-outage").start()
    yield server.url
    server.stop()


@pytest.fixture(scope="module")
def client(outage_api):
    r = httpx.post(f"{outage_api}/v1/admin/tenants", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"},
                   json={"name": "outage", "opted_in": True, "users": [{"display_name": "u", "role": "user"}]})
    r.raise_for_status()
    token = r.json()["users"][0]["token"]
    with httpx.Client(base_url=outage_api, headers={"Authorization": f"Bearer {token}"}, timeout=30) as c:
        yield c


def _write(c, text):
    return c.post("/v1/memory/candidates", json={"items": [{"text": text}]})


def _assert_unavailable(r):
    assert r.status_code == 503, r.text
    assert int(r.headers["Retry-After"]) >= 1
    err = r.json()["error"]
    assert err["code"] == "unavailable" and "postgres" in err["message"]


def test_postgres_down_gives_503_with_retry_after_and_recovers(own_stack, client):
    assert _write(client, "The boiler service is in March.").status_code == 200
    assert client.get("/readyz").status_code == 200
    own_stack.postgres.stop()
    try:
        time.sleep(1.1)  # past the token cache: authentication itself needs the database
        for _ in range(2):  # the first use of each pooled connection finds it closed, then connects fail
            _assert_unavailable(client.get("/v1/memory/list"))
            _assert_unavailable(_write(client, "Written while the database is down."))
            _assert_unavailable(client.post("/v1/memory/retrieve", json={"query": "boiler"}))
        r = client.get("/readyz")
        assert r.status_code == 503 and r.json()["checks"]["postgres"] is False and r.headers["Retry-After"]
    finally:
        own_stack.postgres.start()
    deadline = time.monotonic() + 30
    while client.get("/readyz").status_code != 200:
        assert time.monotonic() < deadline, "the service did not recover after Postgres came back"
        time.sleep(0.2)
    assert _write(client, "Peter is one of our writers.").status_code == 200
    texts = {m["text"] for m in client.get("/v1/memory/list").json()["items"]}
    assert texts == {"The boiler service is in March.", "Peter is one of our writers."}


def test_postgres_unavailable_during_cached_auth(own_stack, client):
    """With the token still cached, the route's own transaction finds the database gone: still a 503."""
    assert client.get("/v1/memory/list").status_code == 200
    own_stack.postgres.stop()
    try:
        _assert_unavailable(client.get("/v1/memory/list"))
    finally:
        own_stack.postgres.start()
    deadline = time.monotonic() + 30
    while client.get("/v1/memory/list").status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.2)


def test_requests_in_flight_when_postgres_is_killed_get_200_or_503_never_500_or_nothing(own_stack, outage_api, client):
    """Eight clients write and read while Postgres is killed (`pg_ctl -m immediate`) and restarted."""
    import concurrent.futures

    token = client.headers["Authorization"]
    stop_at = time.monotonic() + 12
    answers: list = []

    def talk(n: int) -> None:
        with httpx.Client(base_url=outage_api, headers={"Authorization": token}, timeout=30) as c:
            i = 0
            while time.monotonic() < stop_at:
                i += 1
                try:
                    r = (_write(c, f"Client {n} wrote note {i}.") if i % 2 else
                         c.post("/v1/memory/retrieve", json={"query": "note"}))
                    answers.append(r.status_code if r.status_code in (200, 503) else (r.status_code, r.text[:200]))
                except httpx.HTTPError as exc:  # a dropped connection
                    answers.append(repr(exc))

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        running = [pool.submit(talk, n) for n in range(8)]
        time.sleep(2)
        own_stack.postgres.stop("immediate")
        time.sleep(3)
        own_stack.postgres.start()
        for f in running:
            f.result()
    assert 503 in answers and 200 in answers
    assert set(answers) <= {200, 503}, [a for a in answers if a not in (200, 503)][:5]


def test_an_unexpected_error_is_a_json_500(outage_api):
    r = httpx.get(f"{outage_api}/test-only/boom")
    assert r.status_code == 500
    assert r.json()["error"]["code"] == "internal_error" and "a bug" not in r.text


def test_a_write_still_deadlocked_after_its_retries_is_a_503_that_says_nothing_was_stored(outage_api):
    r = httpx.get(f"{outage_api}/test-only/deadlock")
    assert r.status_code == 503 and r.headers["Retry-After"]
    body = r.json()["error"]
    assert body["code"] == "write_conflict" and "nothing was stored" in body["message"]


@pytest.mark.parametrize("path", ["/test-only/busy-connection", "/test-only/released-connection"])
def test_a_connection_broken_under_the_request_is_a_503_not_a_500(outage_api, path):
    """asyncpg's "another operation is in progress" and "released back to the pool", which a failover
    leaves behind on pooled connections, are outages of Postgres, not bugs to answer with a 500."""
    r = httpx.get(f"{outage_api}{path}")
    assert r.status_code == 503, r.text
    assert r.headers["Retry-After"] and r.json()["error"]["details"] == {"dependency": "postgres"}


def test_policy_service_unreachable_is_a_503_with_retry_after(stack_env, embedder):
    """Every 503 says when to retry, the write gate's fail-closed answer included."""
    from memcore.devstack.ports import free_port
    from memory_api.app import create_app

    server = LiveServer(create_app(_settings(stack_env, policy_url=f"http://127.0.0.1:{free_port()}",
                                             policy_timeout_s=0.5), embedder=embedder),
                        "memory-api-policy-away").start()
    try:
        r = httpx.post(f"{server.url}/v1/admin/tenants", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"},
                       json={"name": "policy-away", "opted_in": True,
                             "users": [{"display_name": "u", "role": "user"}]})
        r.raise_for_status()
        auth = {"Authorization": f"Bearer {r.json()['users'][0]['token']}"}
        for path, body in (("/v1/memory/candidates", {"items": [{"text": "The boiler is serviced in March."}]}),
                           ("/v1/conversations/s1/turns", {"speaker": "u", "text": "I like tea."})):
            r = httpx.post(f"{server.url}{path}", headers=auth, json=body, timeout=30)
            assert r.status_code == 503, r.text
            assert int(r.headers["Retry-After"]) >= 1, path
    finally:
        server.stop()


def test_readyz_checks_the_policy_service(api_url, stack_env, embedder):
    from memory_api.app import create_app

    deadline = time.monotonic() + 120  # the policy service loads its PII analyzer in the background
    while (r := httpx.get(f"{api_url}/readyz")).status_code != 200 and time.monotonic() < deadline:
        assert r.json()["checks"]["policy"] is False, r.text  # only the loading policy service may delay it
        time.sleep(0.5)
    assert r.status_code == 200 and r.json()["checks"]["policy"] is True, r.text
    from memcore.devstack.ports import free_port

    unreachable = f"http://127.0.0.1:{free_port()}"
    server = LiveServer(create_app(_settings(stack_env, policy_url=unreachable, policy_timeout_s=0.5),
                                   embedder=embedder), "memory-api-no-policy").start()
    try:
        r = httpx.get(f"{server.url}/readyz")
        assert r.status_code == 503, r.text
        assert r.json()["checks"] == {"postgres": True, "redis": True, "policy": False, "embedder": True}
    finally:
        server.stop()


def test_which_errors_count_as_an_outage():
    import asyncpg
    import redis.exceptions

    from memory_api.errors import unavailable_dependency

    assert unavailable_dependency(asyncpg.exceptions.CannotConnectNowError("starting up")) == "postgres"
    assert unavailable_dependency(asyncpg.exceptions.ConnectionDoesNotExistError("gone")) == "postgres"
    assert unavailable_dependency(asyncpg.InterfaceError("connection is closed")) == "postgres"
    assert unavailable_dependency(asyncpg.exceptions.TooManyConnectionsError("full")) == "postgres"
    assert unavailable_dependency(redis.exceptions.ConnectionError("refused")) == "redis"
    assert unavailable_dependency(TimeoutError()) == "a backing service"
    wrapped = RuntimeError("while writing")
    wrapped.__cause__ = ConnectionRefusedError()
    assert unavailable_dependency(ExceptionGroup("tasks", [ValueError(), wrapped])) == "a backing service"
    assert unavailable_dependency(asyncpg.exceptions.UniqueViolationError("dup")) is None
    assert unavailable_dependency(asyncpg.InterfaceError("cannot use Connection.transaction() in a manually started transaction")) is None
    assert unavailable_dependency(ValueError("a bug")) is None
