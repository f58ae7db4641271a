"""The change-stream bus: `EventBus` (base.py) with Redis Streams and Azure Event Hubs adapters."""
from __future__ import annotations

from .base import BusEvent, DeadLetter, Delivery, EventBus, Subscription, outbox_event_id

__all__ = ["BusEvent", "DeadLetter", "Delivery", "EventBus", "Subscription", "make_bus", "outbox_event_id"]


def make_bus(kind: str, *, redis_url: str | None = None, eventhub_connection_string: str | None = None,
             eventhub_name: str | None = None, blob_connection_string: str | None = None,
             eventhub_fully_qualified_namespace: str | None = None, blob_account_url: str | None = None,
             credential=None, **options) -> EventBus:
    """`redis` (local default) or `eventhubs` (Azure). Event Hubs and its Blob checkpoint store are
    reached with the managed identity (`eventhub_fully_qualified_namespace`, `blob_account_url`,
    `credential`: an async azure-core credential, None = DefaultAzureCredential) or, for a test hub
    and Azurite, with connection strings; the identity's settings win when both are given."""
    kind = kind.strip().lower()
    if kind in ("redis", "redis_streams", "redis-streams"):
        from .redis_streams import RedisStreamsBus

        if not redis_url:
            raise ValueError("the Redis Streams bus needs REDIS_URL")
        return RedisStreamsBus(redis_url, **options)
    if kind in ("eventhubs", "eventhub", "azure"):
        from memcore.adapters.blob import BlobAccount

        from .eventhubs import EventHubsAccess, EventHubsBus

        if not ((eventhub_fully_qualified_namespace or eventhub_connection_string) and eventhub_name
                and (blob_account_url or blob_connection_string)):
            raise ValueError("the Event Hubs bus needs EVENTHUB_FULLY_QUALIFIED_NAMESPACE (or "
                             "EVENTHUB_CONNECTION_STRING), EVENTHUB_NAME and MEMORY_BLOB_ACCOUNT_URL (or "
                             "MEMORY_BLOB_CONNECTION_STRING) for the checkpoint store")
        access = EventHubsAccess(fully_qualified_namespace=eventhub_fully_qualified_namespace,
                                 credential=credential) if eventhub_fully_qualified_namespace \
            else EventHubsAccess(connection_string=eventhub_connection_string)
        blob = BlobAccount(account_url=blob_account_url, credential=credential) if blob_account_url \
            else BlobAccount(connection_string=blob_connection_string)
        options.pop("prefix", None), options.pop("partitions", None), options.pop("claim_idle_s", None)
        return EventHubsBus(access, eventhub_name, blob, **options)
    raise ValueError(f"unknown bus {kind!r}: use 'redis' or 'eventhubs'")
