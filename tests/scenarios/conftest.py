import json
import uuid
from pathlib import Path

import psycopg
import pytest

from memcore.devstack.live_server import LiveServer

from tests.conftest import shared_file
from tests.edge.kit import device, household, proxy  # noqa: F401 (fixtures of S9)
from tests.portal.kit import browser, family, screenshots  # noqa: F401 (fixtures of S7)


def load_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def wobs_turns() -> list[dict]:
    return load_jsonl(shared_file("scenarios/wobs.jsonl"))


@pytest.fixture(scope="module")
def consolidator(stack_env, embedder):
    """A consolidator of its own (a fresh stream and group) with the consumers S4 and S8 need. The
    events every earlier test of the session left unsent are marked sent first: they are not this scenario's, and in a full run the
    promotion consumer would otherwise work through thousands of them before this test's three."""
    from consolidator.app import create_app
    from consolidator.settings import ConsolidatorSettings

    with psycopg.connect(stack_env["MEMORY_SUPERUSER_DATABASE_URL"], autocommit=True) as conn:
        conn.execute("UPDATE outbox SET sent_at = now() WHERE sent_at IS NULL")
    run = uuid.uuid4().hex[:6]
    settings = ConsolidatorSettings(
        database_url=stack_env["DATABASE_URL"], app_database_url=stack_env["MEMORY_APP_DATABASE_URL"],
        relay_database_url=stack_env["MEMORY_RELAY_DATABASE_URL"], redis_url=stack_env["REDIS_URL"],
        consumers="promotion,session_summary,derived", stream_prefix=f"scenario-{run}:changes",
        consumer_group=f"scenario-{run}")
    server = LiveServer(create_app(settings, embedder=embedder), "consolidator").start()
    yield server
    server.stop()
