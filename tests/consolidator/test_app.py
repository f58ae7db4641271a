"""consolidator.app: health endpoints, and the lifespan's relay + consumers promote end to end."""
from __future__ import annotations

import asyncio
import time
import uuid

import httpx
import pytest

from memcore.devstack.live_server import LiveServer

from consolidator.app import create_app
from consolidator.settings import ConsolidatorSettings

PROMOTED = "SELECT text, links FROM memory_items WHERE owner_id = $1 AND 'promoted' = ANY(tags)"


@pytest.fixture(scope="module")
def consolidator_server(stack_env, embedder):
    settings = ConsolidatorSettings(
        MEMORY_APP_DATABASE_URL=stack_env["MEMORY_APP_DATABASE_URL"],
        MEMORY_RELAY_DATABASE_URL=stack_env["MEMORY_RELAY_DATABASE_URL"],
        REDIS_URL=stack_env["REDIS_URL"], stream_prefix=f"apptest:{uuid.uuid4().hex[:8]}", claim_idle_s=2.0,
        consumer_group=f"app-{uuid.uuid4().hex[:6]}", log_level="WARNING")
    server = LiveServer(create_app(settings, embedder=embedder), "consolidator").start()
    yield server
    server.stop()


def test_health_and_readiness(consolidator_server):
    assert httpx.get(f"{consolidator_server.url}/healthz").json() == {"status": "ok"}
    r = httpx.get(f"{consolidator_server.url}/readyz")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["checks"] == {"database": True, "bus": True, "loops": True}
    assert set(body["consumers"]) == {"promotion", "supersession", "session_summary", "derived"}


async def wait_for(kit, tenant, sql, *args, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rows = await kit.fetch(tenant, sql, *args)
        if rows:
            return rows
        await asyncio.sleep(0.1)
    return []


async def test_background_loops_promote_written_episodes(consolidator_server, kit, at):
    h = await kit.household("parent", "child")
    t, child = h["tenant"], h["child"]
    ids = [await kit.write(t, child, text, session_id=f"day{i}", observed_at=at(2025, 3, 3 + 2 * i))
           for i, text in enumerate(["I love triceratops", "I love stegosaurus", "I love dinosaurs"])]
    rows = await wait_for(kit, t, PROMOTED, child)
    assert [r["text"] for r in rows] == ["likes dinosaurs (triceratops, stegosaurus)"]
    assert set(rows[0]["links"]) == set(ids)


async def test_turns_through_the_api_are_promoted(consolidator_server, new_tenant, kit):
    """S4 through REST: three sessions of the child's turns -> the promoted dinosaur preference."""
    household = new_tenant("parent", "child")
    child = next(u for u in household["users"] if u["role"] == "child")
    client = household["clients"][household["users"].index(child)]
    for i, text in enumerate(["I love triceratops!", "I love stegosaurus!", "I love dinosaurs!"]):
        r = client.post(f"/v1/conversations/s4-session-{i}/turns", json={"text": text, "speaker": "child"})
        assert r.status_code == 200, r.text
    rows = await wait_for(kit, uuid.UUID(household["tenant_id"]), PROMOTED, uuid.UUID(child["user_id"]))
    assert len(rows) == 1 and rows[0]["text"].startswith("likes dinosaurs")
    assert len(rows[0]["links"]) == 3
