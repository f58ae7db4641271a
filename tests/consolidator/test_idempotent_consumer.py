"""Idempotent consumers: processed_events row and effect commit together."""
from __future__ import annotations

import uuid

import pytest

from memcore.adapters.bus import BusEvent
from consolidator.consumer import IdempotentConsumer



class AuditEffect:
    """A non-idempotent effect: one audit row per application."""

    name = "audit-effect"

    def __init__(self, fail_times: int = 0):
        self.fail_times = fail_times

    def wants(self, e):
        return True

    async def handle(self, conn, e):
        await conn.execute(
            """INSERT INTO audit_log (tenant_id, action, target_type, target_id)
               VALUES (current_setting('app.tenant_id')::uuid, 'test.effect', 'event', $1)""", e.event_id)
        if self.fail_times > 0:
            self.fail_times -= 1
            raise RuntimeError("failed after the effect was written")


def event(tenant, owner, n=1) -> BusEvent:
    return BusEvent(event_id=f"{tenant}:{n}", key=str(owner), type="memory.created", tenant_id=str(tenant),
                    payload={"memory_id": str(uuid.uuid4()), "type": "episodic"})


async def effects(kit, tenant, eid) -> int:
    return await kit.fetchval(tenant, "SELECT count(*) FROM audit_log WHERE action = 'test.effect' AND target_id = $1",
                              eid)


async def test_same_event_twice_has_one_effect(kit):
    h = await kit.household("child")
    c = IdempotentConsumer(kit.db, AuditEffect())
    e = event(h["tenant"], h["child"])
    assert await c.apply(e) is True
    assert await c.apply(e) is False
    assert await effects(kit, h["tenant"], e.event_id) == 1
    assert await kit.fetchval(h["tenant"], "SELECT count(*) FROM processed_events WHERE event_id = $1", e.event_id) == 1


async def test_failed_handler_leaves_no_claim_and_the_retry_applies(kit):
    h = await kit.household("child")
    c = IdempotentConsumer(kit.db, AuditEffect(fail_times=1))
    e = event(h["tenant"], h["child"], 2)
    with pytest.raises(RuntimeError):
        await c.apply(e)
    assert await effects(kit, h["tenant"], e.event_id) == 0  # rolled back with the claim
    assert await c.apply(e) is True
    assert await effects(kit, h["tenant"], e.event_id) == 1


async def test_consumers_keep_separate_claims(kit):
    h = await kit.household("child")
    a = IdempotentConsumer(kit.db, AuditEffect())
    b_handler = AuditEffect()
    b_handler.name = "audit-effect-2"
    b = IdempotentConsumer(kit.db, b_handler)
    e = event(h["tenant"], h["child"], 3)
    assert await a.apply(e) and await b.apply(e)
    assert await effects(kit, h["tenant"], e.event_id) == 2


async def test_poison_event_goes_to_dead_letters_through_the_loop(kit):
    from consolidator.consumer import ConsumerLoop

    class Poison:
        name = "poison"

        def wants(self, e):
            return True

        async def handle(self, conn, e):
            raise ValueError("cannot handle this")

    h = await kit.household("child")
    sub = await kit.bus.subscribe("poison", "c1")
    loop = ConsumerLoop(IdempotentConsumer(kit.db, Poison()), sub, receive_timeout_s=0.05)
    e = event(h["tenant"], h["child"], 4)
    await kit.bus.publish([e])
    import asyncio

    for _ in range(40):
        await loop.run_once()
        if await kit.bus.dead_letters("poison"):
            break
        await asyncio.sleep(0.1)
    dead = await kit.bus.dead_letters("poison")
    assert [d.event.event_id for d in dead] == [e.event_id]
    assert loop.failures == kit.bus.max_attempts
    assert await kit.fetchval(h["tenant"], "SELECT count(*) FROM processed_events WHERE event_id = $1", e.event_id) == 0


async def test_a_batch_applies_each_event_once_and_counts_each_owner(kit):
    h = await kit.household("child", "user")
    c = IdempotentConsumer(kit.db, AuditEffect())
    t = h["tenant"]
    a, b, a2 = event(t, h["child"], 11), event(t, h["user"], 12), event(t, h["child"], 13)
    assert await c.apply(a) is True
    # applied before, new, the same event twice in one batch (a relay re-published it), new
    assert await c.apply_batch([a, b, b, a2]) == [False, True, False, True]
    for e in (a, b, a2):
        assert await effects(kit, t, e.event_id) == 1
    progress = await kit.fetch(t, "SELECT owner_id::text, applied, last_event_id FROM consumer_progress "
                                  "WHERE consumer = 'audit-effect'")
    assert {r["owner_id"]: (r["applied"], r["last_event_id"]) for r in progress} == {
        str(h["child"]): (2, a2.event_id), str(h["user"]): (1, b.event_id)}


async def test_a_failed_batch_rolls_back_whole_and_the_loop_applies_its_events_one_by_one(kit):
    from consolidator.consumer import ConsumerLoop

    class FailsOn(AuditEffect):
        name = "fails-on"

        def __init__(self, bad):
            super().__init__()
            self.bad, self.rollbacks = bad, 0

        async def handle(self, conn, e):
            await super().handle(conn, e)
            if e.event_id == self.bad:
                raise ValueError("cannot handle this")

        def rolled_back(self):
            self.rollbacks += 1

    h = await kit.household("child")
    t = h["tenant"]
    good1, bad, good2 = event(t, h["child"], 21), event(t, h["child"], 22), event(t, h["child"], 23)
    handler = FailsOn(bad.event_id)
    c = IdempotentConsumer(kit.db, handler)
    with pytest.raises(ValueError):
        await c.apply_batch([good1, bad, good2])
    assert handler.rollbacks == 1
    assert [await effects(kit, t, e.event_id) for e in (good1, bad, good2)] == [0, 0, 0]  # nothing committed
    sub = await kit.bus.subscribe("fails-on", "c1")
    loop = ConsumerLoop(c, sub, receive_timeout_s=0.05, tx_batch=10)
    await kit.bus.publish([good1, bad, good2])
    assert await loop.run_once() == 3
    assert [await effects(kit, t, e.event_id) for e in (good1, bad, good2)] == [1, 0, 1]
    assert loop.failures == 1
    assert await kit.fetchval(t, "SELECT count(*) FROM processed_events WHERE consumer = 'fails-on'") == 2
