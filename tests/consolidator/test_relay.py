"""Outbox relay: per-owner order, at least once, crash between publish and mark, memory_relay's rights."""
from __future__ import annotations

import asyncio
import uuid

import asyncpg
import pytest

from consolidator.relay import OutboxRelay, OutboxRow, publishable



def row(eid: int, owner: str = "o1", tenant: str = "t") -> OutboxRow:
    return OutboxRow(tenant, eid, owner, "memory.created", {}, "")


def test_publishable_keeps_only_gapless_prefixes_per_owner():
    locked = [row(1), row(3), row(2, "o2"), row(5, "o2")]
    unsent = {("t", "o1"): [1, 2, 3], ("t", "o2"): [2, 5]}
    # o1: 2 is held by another relay, so 3 must wait; o2 is complete
    assert [r.event_id for r in publishable(locked, unsent)] == [1, 2, 5]


def test_publishable_holds_an_owner_whose_earliest_row_is_elsewhere():
    assert publishable([row(4), row(6)], {("t", "o1"): [3, 4, 6]}) == []


async def add_outbox(kit, tenant, owner, n: int) -> None:
    async with kit.db.as_system(tenant) as conn:
        await conn.executemany(
            """INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
               VALUES (current_setting('app.tenant_id')::uuid, $1, 'memory.created', $2, $3)""",
            [(owner, str(i), {"memory_id": str(uuid.uuid4()), "seq": i, "type": "episodic"}) for i in range(n)])


async def read_stream(bus, group: str, want: int):
    sub = await bus.subscribe(group, "reader")
    got = []
    for _ in range(100):
        batch = await sub.receive(500, 0.05)
        got += batch
        await sub.ack(batch)
        if len(got) >= want:
            break
    return got


async def test_relays_in_order_per_owner_and_marks_sent(kit):
    h = await kit.household("parent", "child")
    for _ in range(3):
        await add_outbox(kit, h["tenant"], h["child"], 40)
        await add_outbox(kit, h["tenant"], h["parent"], 40)
    while await kit.relay.relay_once():
        pass
    got = [d for d in await read_stream(kit.bus, "order", 240) if d.event.tenant_id == str(h["tenant"])]
    assert len(got) == 240
    for owner in (h["child"], h["parent"]):
        ids = [int(d.event.event_id.split(":")[1]) for d in got if d.event.key == str(owner)]
        assert ids == sorted(ids) and len(ids) == 120
    assert await kit.fetchval(h["tenant"], "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0


async def test_concurrent_relays_keep_owner_order(kit):
    h = await kit.household("child", "parent", "user")
    owners = [h["child"], h["parent"], h["user"]]
    for _ in range(5):
        for o in owners:
            await add_outbox(kit, h["tenant"], o, 30)
    relays = [OutboxRelay(kit.relay_db.pool, kit.bus, batch=25) for _ in range(3)]

    async def spin(r):
        # every relay keeps polling while rows wait (one that found every owner locked by the others
        # tries again), so each takes part however the host schedules them
        for _ in range(5000):  # bounded: a row that can never go out fails the count below, not the run
            if not (await r.relay_once() or await kit.fetchval(
                    h["tenant"], "SELECT count(*) FROM outbox WHERE sent_at IS NULL")):
                return
            await asyncio.sleep(0.005)

    await asyncio.gather(*(spin(r) for r in relays))
    got = [d for d in await read_stream(kit.bus, "concurrent", 450) if d.event.tenant_id == str(h["tenant"])]
    assert len({d.event.event_id for d in got}) == 450
    for o in owners:
        ids = [int(d.event.event_id.split(":")[1]) for d in got if d.event.key == str(o)]
        assert ids == sorted(ids)
    assert sum(r.published for r in relays) == 450  # no row went out twice
    assert all(r.published > 0 for r in relays)  # all three relays took part: the order held under real concurrency


class CrashAfterPublish:
    """Publishes for real, then dies before the relay can mark the rows sent."""

    def __init__(self, bus):
        self.bus = bus

    async def publish(self, events):
        await self.bus.publish(events)
        raise ConnectionError("relay killed between publish and mark")


async def test_crash_between_publish_and_mark_republishes_and_consumers_dedupe(kit):
    from consolidator.consumer import IdempotentConsumer

    class Count:
        name = "relay-crash-count"

        def wants(self, e):
            return True

        async def handle(self, conn, e):
            await conn.execute("SELECT 1")

    h = await kit.household("child")
    await add_outbox(kit, h["tenant"], h["child"], 10)
    crashing = OutboxRelay(kit.relay_db.pool, CrashAfterPublish(kit.bus), batch=100)
    with pytest.raises(ConnectionError):
        await crashing.relay_once()
    assert await kit.fetchval(h["tenant"], "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 10
    while await kit.relay.relay_once():
        pass
    got = [d for d in await read_stream(kit.bus, "crash", 20) if d.event.tenant_id == str(h["tenant"])]
    assert len(got) == 20 and len({d.event.event_id for d in got}) == 10  # each published twice
    consumer = IdempotentConsumer(kit.db, Count())
    applied = [await consumer.apply(d.event) for d in got]
    assert applied.count(True) == 10
    assert await kit.fetchval(h["tenant"], "SELECT applied FROM consumer_progress WHERE consumer = $1",
                              "relay-crash-count") == 10


async def test_uncommitted_rows_are_not_relayed(kit):
    h = await kit.household("child")
    async with kit.db.as_system(h["tenant"]) as conn:
        await conn.execute(
            """INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
               VALUES (current_setting('app.tenant_id')::uuid, $1, 'memory.created', 'x', '{}'::jsonb)""", h["child"])
        assert await kit.relay.relay_once() == 0  # the writer has not committed yet
    assert await kit.relay.relay_once() == 1


async def test_relay_role_reads_only_the_outbox(kit):
    async with kit.relay_db.raw() as conn:
        with pytest.raises(asyncpg.InsufficientPrivilegeError):
            await conn.fetch("SELECT text FROM memory_items LIMIT 1")
        with pytest.raises(asyncpg.InsufficientPrivilegeError):
            await conn.execute("UPDATE outbox SET payload = '{}'::jsonb WHERE false")
        with pytest.raises(asyncpg.InsufficientPrivilegeError):
            await conn.execute("DELETE FROM outbox WHERE false")
