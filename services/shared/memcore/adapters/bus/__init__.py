"""The change-stream bus: `EventBus` (base.py) with Redis Streams and Azure Event Hubs adapters."""
from __future__ import annotations

from .base import BusEvent, DeadLetter, Delivery, EventBus, Subscription, outbox_event_id

__all__ = ["BusEvent", "DeadLetter", "Delivery", "EventBus", "Subscription", "make_bus", "outbox_event_id"]


def make_bus(kind: str, *, redis_url: str | None = None, eventhub_connection_string: str | None = None,
             eventhub_name: str | None = None, blob_connection_string: str | None = None, **options) -> EventBus:
    """`redis` (local default) or `eventhubs` (Azure)."""
    kind = kind.strip().lower()
    if kind in ("redis", "redis_streams", "redis-streams"):
        from .redis_streams import RedisStreamsBus

        if not redis_url:
            raise ValueError("the Redis Streams bus needs REDIS_URL")
        return RedisStreamsBus(redis_url, **options)
    if kind in ("eventhubs", "eventhub", "azure"):
        from .eventhubs import EventHubsBus

        if not (eventhub_connection_string and eventhub_name and blob_connection_string):
            raise ValueError("the Event Hubs bus needs EVENTHUB_CONNECTION_STRING, EVENTHUB_NAME and "
                             "MEMORY_BLOB_CONNECTION_STRING (checkpoint store)")
        options.pop("prefix", None), options.pop("partitions", None), options.pop("claim_idle_s", None)
        return EventHubsBus(eventhub_connection_string, eventhub_name, blob_connection_string, **options)
    raise ValueError(f"unknown bus {kind!r}: use 'redis' or 'eventhubs'")
