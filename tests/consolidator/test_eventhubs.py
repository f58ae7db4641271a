"""Event Hubs adapter: the Blob checkpoint store on Azurite always; the hub itself only when
EVENTHUB_CONNECTION_STRING is set (no emulator runs here)."""
from __future__ import annotations

import asyncio
import os
import uuid

import pytest

from memcore.adapters.bus import BusEvent
from memcore.adapters.bus.eventhubs import _PartitionProgress, ensure_container, make_checkpoint_store


@pytest.fixture
def blob(stack_env):
    conn = stack_env.get("MEMORY_BLOB_CONNECTION_STRING")
    if not conn:
        pytest.skip("no blob store (Azurite) in this stack")
    return conn


async def test_checkpoints_persist_across_store_instances(blob):
    container = f"ckpt-{uuid.uuid4().hex[:8]}"
    await ensure_container(blob, container)
    ns, hub, group = "ns.servicebus.windows.net", "memory-changes", "consolidator.promotion"
    store = make_checkpoint_store(blob, container)
    async with store:
        await store.update_checkpoint({"fully_qualified_namespace": ns, "eventhub_name": hub, "consumer_group": group,
                                       "partition_id": "0", "offset": "4096", "sequence_number": 41})
        await store.update_checkpoint({"fully_qualified_namespace": ns, "eventhub_name": hub, "consumer_group": group,
                                       "partition_id": "0", "offset": "8192", "sequence_number": 77})
    restarted = make_checkpoint_store(blob, container)  # a new consumer process resumes from here
    async with restarted:
        cps = await restarted.list_checkpoints(ns, hub, group)
    assert [(c["partition_id"], c["sequence_number"]) for c in cps] == [("0", 77)]


async def test_ownership_claims_are_exclusive(blob):
    container = f"own-{uuid.uuid4().hex[:8]}"
    await ensure_container(blob, container)
    store = make_checkpoint_store(blob, container)
    base = {"fully_qualified_namespace": "ns", "eventhub_name": "h", "consumer_group": "g", "partition_id": "1"}
    async with store:
        [first] = await store.claim_ownership([{**base, "owner_id": "consumer-a"}])
        stale = {**base, "owner_id": "consumer-b", "etag": "\"0x0\""}
        assert await store.claim_ownership([stale]) == []  # wrong etag: not taken
        taken = await store.claim_ownership([{**first, "owner_id": "consumer-b"}])  # takeover with the current etag
        owners = await store.list_ownership("ns", "h", "g")
    assert [o["owner_id"] for o in taken] == ["consumer-b"] and [o["owner_id"] for o in owners] == ["consumer-b"]


def test_checkpoint_trails_the_lowest_unfinished_event():
    p = _PartitionProgress()
    for seq in (10, 11, 12):
        p.events[seq] = f"event-{seq}"
    p.done |= {11, 12}
    assert p.checkpoint_candidate() is None  # 10 is still in flight
    p.done.add(10)
    assert p.checkpoint_candidate() == "event-12" and p.events == {}


@pytest.mark.skipif(not os.environ.get("EVENTHUB_CONNECTION_STRING"), reason="EVENTHUB_CONNECTION_STRING not set")
async def test_publish_receive_ack_on_a_real_hub(blob):
    from memcore.adapters.bus.eventhubs import EventHubsBus

    bus = EventHubsBus(os.environ["EVENTHUB_CONNECTION_STRING"], os.environ.get("EVENTHUB_NAME", "memory-changes"),
                       blob, checkpoint_container=f"ck-{uuid.uuid4().hex[:8]}", retry_delay_s=0.5, max_attempts=2)
    sub = await bus.subscribe("$Default", "c1")
    marker = uuid.uuid4().hex
    events = [BusEvent(f"t:{marker}:{i}", "owner-1", "memory.created", "t", {"i": i}) for i in range(3)]
    await bus.publish(events)
    got = []
    for _ in range(60):
        got += [d for d in await sub.receive(100, 1.0) if marker in d.event.event_id]
        if len(got) >= 3:
            break
    assert [d.event.payload["i"] for d in got] == [0, 1, 2]
    await sub.ack(got)
    await sub.fail(got[0], "test")  # attempts 1 < 2: retried locally
    await asyncio.sleep(1.0)
    await sub.close()
    await bus.close()
