"""Fixtures of the API tests beyond the session stack (tests/conftest.py)."""
import pytest


@pytest.fixture(scope="module")
def api_without_redis(stack_env, embedder, policy_server):
    """A second memory-api on the same database whose Redis does not answer (a closed port)."""
    from memcore.devstack.live_server import LiveServer
    from memcore.devstack.ports import free_port
    from memory_api.app import ApiSettings, create_app

    settings = ApiSettings(database_url=stack_env["DATABASE_URL"], app_database_url=stack_env.get(
        "MEMORY_APP_DATABASE_URL"), redis_url=f"redis://127.0.0.1:{free_port()}/0", admin_token="x",
        policy_url=policy_server.url, log_level="WARNING")
    server = LiveServer(create_app(settings, embedder=embedder), "memory-api-no-redis").start()
    yield server.url
    server.stop()


@pytest.fixture(scope="module")
def owner_db(stack_env):
    """A connection as the schema owner (row-level security does not apply): to read what a route stored."""
    import psycopg

    with psycopg.connect(stack_env["DATABASE_URL"], autocommit=True) as conn:
        yield conn
