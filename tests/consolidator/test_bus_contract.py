"""The bus contract (memcore.adapters.bus.base), exercised on Redis Streams."""
from __future__ import annotations

import asyncio
import uuid


from memcore.adapters.bus import BusEvent, EventBus, Subscription



def ev(key: str, n: int, tenant: str = "t1") -> BusEvent:
    return BusEvent(event_id=f"{tenant}:{n}", key=key, type="memory.created", tenant_id=tenant,
                    payload={"memory_id": str(uuid.uuid4()), "n": n})


async def receive_all(sub, want: int, rounds: int = 40):
    got = []
    for _ in range(rounds):
        got += await sub.receive(100, 0.05)
        if len(got) >= want:
            break
    return got


async def test_adapter_implements_the_protocol(bus):
    assert isinstance(bus, EventBus)
    assert isinstance(await bus.subscribe("g", "c1"), Subscription)


async def test_acked_events_are_not_delivered_again(bus):
    sub = await bus.subscribe("g", "c1")
    await bus.publish([ev("owner-a", i) for i in range(5)])
    got = await receive_all(sub, 5)
    assert sorted(d.event.payload["n"] for d in got) == list(range(5))
    assert all(d.attempts == 1 for d in got)
    await sub.ack(got)
    await asyncio.sleep(bus.claim_idle_s + 0.1)
    assert await receive_all(sub, 1, rounds=3) == []
    assert await bus.pending_count("g") == 0


async def test_each_group_gets_every_event(bus):
    a, b = await bus.subscribe("ga", "c"), await bus.subscribe("gb", "c")
    await bus.publish([ev("k", i) for i in range(3)])
    assert len(await receive_all(a, 3)) == 3
    assert len(await receive_all(b, 3)) == 3


async def test_order_is_kept_per_key(bus):
    sub = await bus.subscribe("g", "c1")
    events = [ev(f"owner-{i % 7}", i) for i in range(300)]
    await bus.publish(events)
    got = await receive_all(sub, 300)
    per_key: dict[str, list[int]] = {}
    for d in got:
        per_key.setdefault(d.event.key, []).append(d.event.payload["n"])
    assert sum(len(v) for v in per_key.values()) == 300
    assert all(v == sorted(v) for v in per_key.values())


async def test_unacked_event_of_a_crashed_consumer_is_reclaimed_by_another(bus):
    crashed = await bus.subscribe("g", "crashed")
    survivor = await bus.subscribe("g", "survivor")
    await bus.publish([ev("k", 1)])
    first = await receive_all(crashed, 1)
    assert len(first) == 1  # ... and "crashed" never acks
    assert await survivor.receive(10, 0.05) == []  # not yet idle long enough
    await asyncio.sleep(bus.claim_idle_s + 0.1)
    again = await receive_all(survivor, 1)
    assert [d.event.event_id for d in again] == [first[0].event.event_id]
    assert again[0].attempts == 2
    await survivor.ack(again)
    assert await bus.pending_count("g") == 0


async def test_failed_event_is_redelivered_then_dead_lettered(bus):
    sub = await bus.subscribe("g", "c1")
    await bus.publish([ev("k", 7)])
    attempts = []
    for _ in range(bus.max_attempts + 2):
        got = await receive_all(sub, 1, rounds=20)
        if not got:
            break
        attempts.append(got[0].attempts)
        await sub.fail(got[0], "handler exploded")
        await asyncio.sleep(bus.claim_idle_s + 0.05)
    assert attempts == list(range(1, bus.max_attempts + 1))
    dead = await bus.dead_letters("g")
    assert [(d.event.event_id, d.attempts) for d in dead] == [("t1:7", bus.max_attempts)]
    assert "exploded" in dead[0].reason
    assert await bus.pending_count("g") == 0
    assert await receive_all(sub, 1, rounds=3) == []


async def test_never_acked_event_is_dead_lettered_after_max_deliveries(bus):
    sub = await bus.subscribe("g", "c1")
    await bus.publish([ev("k", 9)])
    deliveries = 0
    for _ in range(bus.max_attempts + 3):
        deliveries += len(await receive_all(sub, 1, rounds=10))  # received, never acked nor failed
        await asyncio.sleep(bus.claim_idle_s + 0.05)
    assert deliveries == bus.max_attempts
    assert [d.event.event_id for d in await bus.dead_letters("g")] == ["t1:9"]


async def test_payload_survives_the_round_trip(bus):
    sub = await bus.subscribe("g", "c1")
    e = BusEvent(event_id="t:1", key="o", type="memory.updated", tenant_id="t",
                 payload={"memory_id": "m", "nested": {"a": [1, 2]}, "text": "ünïcode"}, created_at="2025-01-01T00:00:00+00:00")
    await bus.publish([e])
    got = await receive_all(sub, 1)
    assert got[0].event == e
