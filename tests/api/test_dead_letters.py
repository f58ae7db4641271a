"""Dead letters an operator can see and replay (service admin token): ids and reason codes only, an
idempotent replay, and forgetting a subject purges its dead letters."""
import uuid

import httpx
import pytest_asyncio

from memcore.adapters.bus import BusEvent
from memcore.adapters.bus.redis_streams import RedisStreamsBus
from tests.conftest import ADMIN_TOKEN

SECRET = "Biscuit-the-secret-dog"
DL = "/v1/admin/dead-letters"


@pytest_asyncio.fixture(loop_scope="session")
async def bus(stack_env):
    # the API reads the stream prefix the consolidator writes (CONSOLIDATOR_STREAM_PREFIX, default memory:changes)
    b = RedisStreamsBus(stack_env["REDIS_URL"], prefix="memory:changes", partitions=4, max_attempts=1)
    yield b
    await b.close()


async def _dead_letter(bus, group: str, tenant: str, owner: str, n: int, reason: str) -> BusEvent:
    """An event delivered to `group` whose handler failed: dead-lettered (max_attempts=1)."""
    event = BusEvent(event_id=f"{tenant}:{n}", key=owner, type="memory.created", tenant_id=tenant,
                     payload={"memory_id": str(uuid.uuid4()), "note": SECRET})
    sub = await bus.subscribe(group, "c1")
    await bus.publish([event])
    # the group reads the stream from its start, and earlier tests' events come first (how many depends on
    # which tests ran before in this process): read until the event comes, or the stream has nothing more
    for _ in range(1000):
        batch = await sub.receive(500, 0.05)
        got = [d for d in batch if d.event.event_id == event.event_id]
        if got:
            await sub.fail(got[0], reason)
            return event
        if not batch:
            break
    raise AssertionError("the event was not delivered")


def _admin(api_url: str) -> httpx.Client:
    return httpx.Client(base_url=api_url,
                        headers={"Authorization": f"Bearer {ADMIN_TOKEN}"}, timeout=30)


async def test_list_inspect_and_replay_a_dead_letter_once(api_url, bus, new_tenant):
    t = new_tenant("parent", "child")
    tenant, child = t["tenant_id"], t["users"][1]["user_id"]
    group = f"test-dl-{uuid.uuid4().hex[:8]}"
    event = await _dead_letter(bus, group, tenant, child, 1, f"builtins.ValueError('{SECRET} said no')")
    with _admin(api_url) as admin:
        assert httpx.get(f"{api_url}/v1/admin/dead-letters").status_code == 401
        groups = admin.get(DL).json()
        assert {"group": group, "count": 1} in groups["groups"]
        page = admin.get(f"{DL}/{group}")
        assert page.status_code == 200 and SECRET not in page.text, page.text
        [item] = page.json()["items"]
        assert item["event_id"] == event.event_id and item["owner_id"] == child and item["attempts"] == 1
        assert item["reason"] == "builtins.ValueError"  # the code, never the message
        one = admin.get(f"{DL}/{group}/{item['id']}")
        assert one.status_code == 200 and one.json() == item
        assert admin.get(f"{DL}/{group}/not-an-id").status_code == 422
        replayed = admin.post(f"{DL}/{group}/{item['id']}/replay")
        assert replayed.status_code == 200 and replayed.json()["event_id"] == event.event_id, replayed.text
        assert admin.post(f"{DL}/{group}/{item['id']}/replay").status_code == 404  # once: nothing left to replay
        assert admin.get(f"{DL}/{group}").json()["items"] == []
    # the event is back on the stream, with its own event id (consumers that applied it find their claim)
    sub = await bus.subscribe(group, "c2")
    again = [d for _ in range(20) for d in await sub.receive(10, 0.05) if d.event.event_id == event.event_id]
    assert len(again) == 1 and again[0].attempts == 1
    await sub.ack(again)


async def test_forgetting_a_subject_purges_its_dead_letters(api_url, bus, new_tenant):
    t = new_tenant("parent", "child")
    tenant, child = t["tenant_id"], t["users"][1]["user_id"]
    group = f"test-dl-{uuid.uuid4().hex[:8]}"
    await _dead_letter(bus, group, tenant, child, 2, "builtins.KeyError")
    assert len(await bus.dead_letters(group)) == 1
    parent = t["clients"][0]
    assert parent.post(f"/v1/users/{child}/forget").json()["verified"]
    assert await bus.dead_letters(group) == []
    with _admin(api_url) as admin:
        assert admin.get(f"{DL}/{group}").json()["items"] == []


async def test_memctl_lists_and_replays_a_groups_dead_letters(api_url, bus, new_tenant, capsys):
    import json

    from memclient.cli import main

    t = new_tenant("child")
    group = f"test-dl-{uuid.uuid4().hex[:8]}"
    for n in (3, 4):
        await _dead_letter(bus, group, t["tenant_id"], t["users"][0]["user_id"], n, "asyncpg.exceptions.DataError [22P02]")
    base = ["--url", api_url, "--admin-token", ADMIN_TOKEN, "dead-letters"]
    assert main(base + ["list", "--group", group]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [i["reason"] for i in listed["items"]] == ["asyncpg.exceptions.DataError [22P02]"] * 2
    assert main(base + ["show", listed["items"][0]["id"], "--group", group]) == 0
    assert json.loads(capsys.readouterr().out) == listed["items"][0]
    assert main(base + ["replay", "--group", group, "--all"]) == 0
    assert json.loads(capsys.readouterr().out) == {"group": group, "replayed": 2}
    assert main(base + ["replay", listed["items"][0]["id"], "--group", group]) == 1  # gone: replayed once only
    assert await bus.dead_letters(group) == []
