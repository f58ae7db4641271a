"""The change-stream bus interface: one Protocol, two adapters (Redis Streams, Azure Event Hubs).

Semantics every adapter keeps (the contract tests in tests/consolidator/test_bus_contract.py):
- `publish` returns only once every event is durably accepted; events with the same `key`
  (the owner) keep their publish order (one Redis stream / one Event Hubs partition per key).
- Delivery is at least once. A delivery that is not acked is delivered again: after
  `claim_idle_s` to any consumer of the group (a crashed consumer's entries are reclaimed).
- `fail` records a failed attempt; after `max_attempts` deliveries the event goes to the
  dead-letter store instead of being delivered again.
- Consumers dedupe by `BusEvent.event_id` (`<tenant>:<outbox event_id>`), so a re-publish after
  a relay crash, or a redelivery after a consumer crash, has no second effect.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence, runtime_checkable


@dataclass(frozen=True)
class BusEvent:
    """One change event as it travels on the bus."""

    event_id: str          # "<tenant_id>:<outbox event_id>", the dedupe key
    key: str               # partition / ordering key: the owner id
    type: str              # memory.created, memory.reinforced, memory.updated, memory.deleted ...
    tenant_id: str
    payload: dict[str, Any] = field(default_factory=dict)
    created_at: str | None = None  # ISO timestamp of the outbox row (commit-to-effect latency)
    traceparent: str | None = None  # W3C trace context of the request that wrote it (consumers continue it)


@dataclass
class Delivery:
    """One delivery of an event to one consumer; ack or fail it."""

    event: BusEvent
    delivery_id: str       # adapter-specific (Redis entry id, "partition:offset" for Event Hubs)
    attempts: int          # 1 on first delivery
    partition: str = ""


@dataclass(frozen=True)
class DeadLetter:
    event: BusEvent
    attempts: int
    reason: str


def outbox_event_id(tenant_id: str, event_id: int | str) -> str:
    return f"{tenant_id}:{event_id}"


@runtime_checkable
class Subscription(Protocol):
    """One consumer's view of a consumer group."""

    consumer: str

    async def receive(self, max_count: int = 100, timeout_s: float = 1.0) -> list[Delivery]:
        """Reclaimed (idle, unacked) deliveries first, then new ones; waits up to timeout_s."""
        ...

    async def ack(self, deliveries: Sequence[Delivery]) -> None: ...

    async def fail(self, delivery: Delivery, reason: str) -> None:
        """Counts a failed attempt; dead-letters the event once attempts reach max_attempts."""
        ...

    async def close(self) -> None: ...


@runtime_checkable
class EventBus(Protocol):
    name: str

    async def publish(self, events: Sequence[BusEvent]) -> None: ...

    async def subscribe(self, group: str, consumer: str) -> Subscription: ...

    async def dead_letters(self, group: str, limit: int = 100) -> list[DeadLetter]: ...

    async def ping(self) -> bool: ...

    async def purge_subject(self, tenant_id: str, owner_id: str, dry_run: bool = False) -> int:
        """Removes (or with dry_run only counts) the retained events of one owner: entries keyed by the
        owner or whose payload names it, dead letters included. Returns how many. Forgetting calls it;
        an adapter whose log cannot be edited (Event Hubs) documents what its events carry."""
        ...

    async def close(self) -> None: ...
