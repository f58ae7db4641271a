"""Retries that outlast an outage: while Postgres is away a consumer holds its event and tries it again
with backoff (nothing is dead-lettered, nothing acked past it); when Postgres is back every event is
applied exactly once. Own Postgres + Redis, so stopping Postgres disturbs no other test."""
from __future__ import annotations

import asyncio
import shutil
import tempfile
import uuid
from pathlib import Path

import pytest
import pytest_asyncio

from consolidator.consumer import ConsumerLoop, IdempotentConsumer
from memcore.adapters.bus import BusEvent
from memcore.adapters.bus.redis_streams import RedisStreamsBus
from memcore.adapters.postgres import Database
from memcore.devstack.stack import LocalStack
from memcore.transient import Backoff


@pytest.fixture(scope="module")
def own_stack():
    tmp = Path(tempfile.mkdtemp(prefix="memconsumer-outage-"))
    stack = LocalStack(tmp, persistent=True, with_blob=False).start(log=lambda *_: None)
    yield stack
    stack.stop()
    shutil.rmtree(tmp, ignore_errors=True)


@pytest_asyncio.fixture(loop_scope="session")
async def db(own_stack):
    database = await Database(own_stack.env()["MEMORY_APP_DATABASE_URL"], min_size=1, max_size=4).connect()
    yield database
    await database.close()


@pytest_asyncio.fixture(loop_scope="session")
async def bus(own_stack):
    # reclaimed after 0.3 s idle, dead-lettered after 3 deliveries: the old loop gave up within a second or two
    b = RedisStreamsBus(own_stack.env()["REDIS_URL"], prefix=f"outage:{uuid.uuid4().hex[:8]}", partitions=2,
                        claim_idle_s=0.3, max_attempts=3)
    yield b
    await b.close()


class AuditEffect:
    name = "outage-audit"

    def wants(self, e):
        return True

    async def handle(self, conn, e):
        await conn.execute("""INSERT INTO audit_log (tenant_id, action, target_type, target_id)
                              VALUES (current_setting('app.tenant_id')::uuid, 'test.outage', 'event', $1)""",
                           e.event_id)


async def _household(db: Database) -> tuple[uuid.UUID, uuid.UUID]:
    tenant, child = uuid.uuid4(), uuid.uuid4()
    async with db.as_system(tenant) as conn:
        await conn.execute("INSERT INTO tenants (tenant_id, name) VALUES ($1, 'outage household')", tenant)
        await conn.execute("INSERT INTO users (tenant_id, user_id, display_name, role) VALUES ($1, $2, 'c', 'child')",
                           tenant, child)
    return tenant, child


async def _wait_for(predicate, timeout_s: float, what: str) -> None:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, what
        await asyncio.sleep(0.1)


async def test_events_outlast_a_postgres_outage_and_none_is_dead_lettered(own_stack, db, bus):
    tenant, child = await _household(db)
    sub = await bus.subscribe("outage-audit", "c1")
    loop = ConsumerLoop(IdempotentConsumer(db, AuditEffect()), sub, receive_timeout_s=0.05,
                        backoff=Backoff(0.05, 0.5))
    stop = asyncio.Event()
    task = asyncio.create_task(loop.run(stop))
    events = [BusEvent(event_id=f"{tenant}:{n}", key=str(child), type="memory.created", tenant_id=str(tenant),
                       payload={"memory_id": str(uuid.uuid4()), "type": "episodic"}) for n in range(6)]
    try:
        await asyncio.to_thread(own_stack.postgres.stop, "immediate")  # as abrupt as a crash
        await bus.publish(events)
        await _wait_for(lambda: loop.transient_failures >= 3, 30, "the consumer never met the outage")
        await asyncio.sleep(3)  # ten times what the old loop needed to dead-letter every event
        assert await bus.dead_letters("outage-audit") == []
        assert loop.consumer.applied == 0
        await asyncio.to_thread(own_stack.postgres.start)
        await _wait_for(lambda: loop.consumer.applied == len(events), 60, "not caught up after Postgres came back")
        for _ in range(50):  # the last ack follows the last apply
            if await bus.pending_count("outage-audit") == 0:
                break
            await asyncio.sleep(0.1)
    finally:
        stop.set()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert await bus.dead_letters("outage-audit") == []
    assert await bus.pending_count("outage-audit") == 0
    assert loop.failures == 0  # no attempt was counted against an event
    async with db.as_system(tenant) as conn:
        applied = await conn.fetch("SELECT target_id, count(*) AS n FROM audit_log WHERE action = 'test.outage' "
                                   "GROUP BY target_id")
    assert {r["target_id"]: r["n"] for r in applied} == {e.event_id: 1 for e in events}


class Gate(AuditEffect):
    """Applies an audit row once `open` is set (so an event can be in hand when Redis goes away)."""

    name = "outage-gate"

    def __init__(self):
        self.open = asyncio.Event()

    async def handle(self, conn, e):
        await self.open.wait()
        await super().handle(conn, e)


async def test_an_ack_waits_out_a_redis_outage_and_nothing_is_applied_twice(own_stack, db, bus):
    tenant, child = await _household(db)
    handler = Gate()
    sub = await bus.subscribe("outage-gate", "c1")
    loop = ConsumerLoop(IdempotentConsumer(db, handler), sub, receive_timeout_s=0.05, backoff=Backoff(0.05, 0.5))
    events = [BusEvent(event_id=f"{tenant}:r{n}", key=str(child), type="memory.created", tenant_id=str(tenant),
                       payload={"memory_id": str(uuid.uuid4()), "type": "episodic"}) for n in range(4)]
    await bus.publish(events)
    stop = asyncio.Event()
    task = asyncio.create_task(loop.run(stop))
    try:
        await asyncio.sleep(0.5)  # the batch is in hand, its first event waiting on the gate
        await asyncio.to_thread(own_stack.redis.stop)  # persistent (AOF): the streams survive the restart
        handler.open.set()
        await _wait_for(lambda: loop.consumer.applied == len(events), 30, "not applied while Redis was away")
        await _wait_for(lambda: loop.transient_failures >= 2, 30, "the ack never met the outage")
        await asyncio.to_thread(own_stack.redis.start)
        for _ in range(100):
            if await bus.pending_count("outage-gate") == 0:
                break
            await asyncio.sleep(0.1)
    finally:
        stop.set()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert await bus.pending_count("outage-gate") == 0 and await bus.dead_letters("outage-gate") == []
    assert loop.failures == 0 and loop.consumer.duplicates == 0  # acked once Redis was back, not redelivered
    async with db.as_system(tenant) as conn:
        n = await conn.fetchval("SELECT count(*) FROM audit_log WHERE action = 'test.outage' AND target_id LIKE $1",
                                f"{tenant}:r%")
    assert n == len(events)
