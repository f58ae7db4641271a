"""Azure Event Hubs bus: partition key = owner, Blob checkpoint store, blob dead letters.

Event Hubs has no per-message ack: a consumer group reads each partition from its checkpoint.
This adapter maps the bus contract onto that:
- `ack` advances the partition's checkpoint to the highest event whose predecessors in that
  partition are all acked or dead-lettered (so a restart re-delivers every unfinished event);
- `fail` re-queues the event locally after `retry_delay_s`; after `max_attempts` it writes the
  event to the dead-letter blob container and counts it as done;
- a crashed consumer's partitions are taken over through the checkpoint store's ownership
  records (the SDK's load balancing), which resume from the last checkpoint.

Access: in Azure the namespace (EVENTHUB_FULLY_QUALIFIED_NAMESPACE) and Blob storage
(MEMORY_BLOB_ACCOUNT_URL) are reached with the managed identity; a connection string
(EVENTHUB_CONNECTION_STRING, MEMORY_BLOB_CONNECTION_STRING) is for a test hub and Azurite.
"""
from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Sequence

import orjson

from memcore.adapters.blob import BlobAccount

from .base import BusEvent, DeadLetter, Delivery
from .codec import decode_json, encode_json


def make_checkpoint_store(blob: "BlobAccount | str", container: str):
    """The azure-eventhub-checkpointstoreblob-aio store (Azurite locally, Azure Blob in Azure)."""
    return BlobAccount.of(blob).checkpoint_store(container)


async def ensure_container(blob: "BlobAccount | str", container: str) -> None:
    await BlobAccount.of(blob).ensure_container(container)


@dataclass(frozen=True)
class EventHubsAccess:
    """How to reach the namespace: a connection string (SAS, a test hub), or the fully qualified
    namespace (<ns>.servicebus.windows.net) with a Microsoft Entra credential (Azure: the managed
    identity, roles Azure Event Hubs Data Sender / Data Receiver on the hub; no key anywhere).
    `credential` is an async azure-core credential; None means DefaultAzureCredential."""

    connection_string: str | None = None
    fully_qualified_namespace: str | None = None
    credential: Any = None

    def __post_init__(self) -> None:
        if bool(self.connection_string) == bool(self.fully_qualified_namespace):
            raise ValueError("Event Hubs needs exactly one of EVENTHUB_FULLY_QUALIFIED_NAMESPACE (managed "
                             "identity) and EVENTHUB_CONNECTION_STRING")
        if self.fully_qualified_namespace and "/" in self.fully_qualified_namespace:
            raise ValueError("EVENTHUB_FULLY_QUALIFIED_NAMESPACE is a host name (<ns>.servicebus.windows.net), "
                             f"not {self.fully_qualified_namespace!r}")

    def _credential(self) -> Any:
        if self.credential is not None:
            return self.credential
        from memcore.adapters.azure_credential import default_async_credential

        return default_async_credential()

    def resolved(self) -> "tuple[EventHubsAccess, Any]":
        """(this access with a concrete credential, the credential made here or None)."""
        if self.connection_string or self.credential is not None:
            return self, None
        from dataclasses import replace

        made = self._credential()
        return replace(self, credential=made), made

    def producer(self, eventhub_name: str):
        from azure.eventhub.aio import EventHubProducerClient

        if self.connection_string:
            return EventHubProducerClient.from_connection_string(self.connection_string, eventhub_name=eventhub_name)
        return EventHubProducerClient(self.fully_qualified_namespace, eventhub_name, self._credential())

    def consumer(self, eventhub_name: str, consumer_group: str, checkpoint_store):
        from azure.eventhub.aio import EventHubConsumerClient

        if self.connection_string:
            return EventHubConsumerClient.from_connection_string(
                self.connection_string, consumer_group=consumer_group, eventhub_name=eventhub_name,
                checkpoint_store=checkpoint_store)
        return EventHubConsumerClient(self.fully_qualified_namespace, eventhub_name, consumer_group,
                                      self._credential(), checkpoint_store=checkpoint_store)


class EventHubsBus:
    name = "eventhubs"

    def __init__(self, access: "EventHubsAccess | str", eventhub_name: str, blob: "BlobAccount | str",
                 checkpoint_container: str = "eventhub-checkpoints", deadletter_container: str = "eventhub-deadletters",
                 max_attempts: int = 5, retry_delay_s: float = 5.0):
        access = access if isinstance(access, EventHubsAccess) else EventHubsAccess(connection_string=access)
        self.access, made_for_hub = access.resolved()
        self.blob, made_for_blob = BlobAccount.of(blob).resolved()
        self._owned_credentials = [c for c in (made_for_hub, made_for_blob) if c is not None]
        self.eventhub_name = eventhub_name
        self.checkpoint_container = checkpoint_container
        self.deadletter_container = deadletter_container
        self.max_attempts = max_attempts
        self.retry_delay_s = retry_delay_s
        self.producer = self.access.producer(eventhub_name)

    async def publish(self, events: Sequence[BusEvent]) -> None:
        from azure.eventhub import EventData

        by_key: dict[str, list[BusEvent]] = defaultdict(list)
        for e in events:
            by_key[e.key].append(e)
        for key, group in by_key.items():  # one batch per owner keeps the owner's order
            batch = await self.producer.create_batch(partition_key=key)
            for e in group:
                data = EventData(encode_json(e))
                try:
                    batch.add(data)
                except ValueError:  # batch full: send it, start another
                    await self.producer.send_batch(batch)
                    batch = await self.producer.create_batch(partition_key=key)
                    batch.add(data)
            await self.producer.send_batch(batch)

    async def subscribe(self, group: str, consumer: str) -> "EventHubsSubscription":
        await self.blob.ensure_container(self.checkpoint_container)
        await self.blob.ensure_container(self.deadletter_container)
        sub = EventHubsSubscription(self, group, consumer)
        await sub.start()
        return sub

    async def dead_letters(self, group: str, limit: int = 100) -> list[DeadLetter]:
        out: list[DeadLetter] = []
        async with self.blob.container_client(self.deadletter_container) as cc:
            async for blob in cc.list_blobs(name_starts_with=f"{group}/"):
                body = orjson.loads(await (await cc.download_blob(blob.name)).readall())
                out.append(DeadLetter(decode_json(body["event"]), body["attempts"], body["reason"]))
                if len(out) >= limit:
                    break
        return out

    async def ping(self) -> bool:
        try:
            await self.producer.get_eventhub_properties()
            return True
        except Exception:
            return False

    async def purge_subject(self, tenant_id: str, owner_id: str, dry_run: bool = False) -> int:
        """Event Hubs cannot delete events: they expire with the hub's retention, and their payloads
        carry ids only (memory ids, types; never text), so what stays is an id that no longer
        resolves. The dead letters are blobs this adapter wrote: the owner's are deleted."""
        removed = 0
        async with self.blob.container_client(self.deadletter_container) as cc:
            try:
                names = [b.name async for b in cc.list_blobs()]
            except Exception:  # no dead-letter container yet: nothing to purge
                return 0
            for name in names:
                body = orjson.loads(await (await cc.download_blob(name)).readall())
                event = decode_json(body["event"])
                if event.tenant_id == str(tenant_id) and (event.key == str(owner_id)
                                                           or str(owner_id) in orjson.dumps(event.payload).decode()):
                    if not dry_run:
                        await cc.delete_blob(name)
                    removed += 1
        return removed

    async def close(self) -> None:
        await self.producer.close()
        for credential in self._owned_credentials:
            await credential.close()


class _PartitionProgress:
    """Outstanding sequence numbers of one partition; the checkpoint trails the lowest one."""

    def __init__(self) -> None:
        self.events: dict[int, Any] = {}       # sequence number -> EventData
        self.done: set[int] = set()
        self.context: Any = None

    def checkpoint_candidate(self) -> Any | None:
        best = None
        for seq in sorted(self.events):
            if seq not in self.done:
                break
            best = seq
        if best is None:
            return None
        event = self.events[best]
        for seq in [s for s in self.events if s <= best]:
            self.events.pop(seq)
            self.done.discard(seq)
        return event


class EventHubsSubscription:
    def __init__(self, bus: EventHubsBus, group: str, consumer: str, queue_size: int = 1000):
        self.bus = bus
        self.group = group
        self.consumer = consumer
        self.queue: asyncio.Queue[Delivery] = asyncio.Queue(maxsize=queue_size)
        self.progress: dict[str, _PartitionProgress] = defaultdict(_PartitionProgress)
        self._task: asyncio.Task | None = None
        self._client = None

    async def start(self) -> None:
        store = self.bus.blob.checkpoint_store(self.bus.checkpoint_container)
        self._client = self.bus.access.consumer(self.bus.eventhub_name, self.group, store)
        self._task = asyncio.create_task(self._client.receive_batch(
            on_event_batch=self._on_batch, max_batch_size=100, max_wait_time=1.0, starting_position="-1"))

    async def _on_batch(self, partition_context, events) -> None:
        p = self.progress[partition_context.partition_id]
        p.context = partition_context
        for ev in events:
            p.events[ev.sequence_number] = ev
            d = Delivery(decode_json(b"".join(ev.body)), f"{partition_context.partition_id}:{ev.sequence_number}",
                         1, partition_context.partition_id)
            await self.queue.put(d)  # blocks the partition's reader when the consumer lags

    async def receive(self, max_count: int = 100, timeout_s: float = 1.0) -> list[Delivery]:
        out: list[Delivery] = []
        try:
            out.append(await asyncio.wait_for(self.queue.get(), timeout_s))
        except asyncio.TimeoutError:
            return out
        while len(out) < max_count and not self.queue.empty():
            out.append(self.queue.get_nowait())
        return out

    async def _finish(self, d: Delivery) -> None:
        part, seq = d.delivery_id.rsplit(":", 1)
        p = self.progress[part]
        p.done.add(int(seq))
        event = p.checkpoint_candidate()
        if event is not None and p.context is not None:
            await p.context.update_checkpoint(event)

    async def ack(self, deliveries: Sequence[Delivery]) -> None:
        for d in deliveries:
            await self._finish(d)

    async def fail(self, delivery: Delivery, reason: str) -> None:
        if delivery.attempts >= self.bus.max_attempts:
            await self._dead_letter(delivery, reason)
            await self._finish(delivery)
            return
        retry = Delivery(delivery.event, delivery.delivery_id, delivery.attempts + 1, delivery.partition)

        async def later() -> None:
            await asyncio.sleep(self.bus.retry_delay_s)
            await self.queue.put(retry)

        asyncio.create_task(later())

    async def _dead_letter(self, d: Delivery, reason: str) -> None:
        name = f"{self.group}/{d.event.event_id.replace(':', '_')}.json"
        body = orjson.dumps({"event": encode_json(d.event).decode(), "attempts": d.attempts, "reason": reason[:500]})
        async with self.bus.blob.blob_client(self.bus.deadletter_container, name) as bc:
            await bc.upload_blob(body, overwrite=True)

    async def close(self) -> None:
        if self._client is not None:
            await self._client.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
