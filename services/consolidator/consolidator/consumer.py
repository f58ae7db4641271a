"""Idempotent consumers: each event's effect and its processed_events row commit together.

`IdempotentConsumer.apply` claims (tenant, consumer, event_id) in processed_events and runs the
handler in the same transaction; a second delivery of the same event finds the claim and does
nothing. A crash before commit leaves neither the claim nor the effect, so the redelivery applies
it. `consumer_progress.applied` counts applied events per owner in the same transaction.
`IdempotentConsumer.apply_batch` does the same for several events of one delivered batch in one
transaction (one claim statement, the handlers in delivery order, one progress statement, one
commit): each event's claim and effect still commit together, all of them at once, so a crash at
any point leaves either all of them applied and claimed or none of them (redelivered, applied then).
`ConsumerLoop` pulls deliveries from a bus subscription, applies them (in transactions of up to
`tx_batch` events; a transaction that fails is rolled back whole and its events are applied one
by one) and acks; it waits out a dependency that is away (the same event again, with backoff) and
fails (for redelivery, then the dead-letter store) only the ones whose handler raised while the
database answered.
"""
from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Awaitable, Callable, Protocol, Sequence

import asyncpg

from memcore.adapters.bus import BusEvent, Subscription
from memcore.adapters.postgres import Database
from memcore.telemetry import metrics, tracing
from memcore.transient import Backoff, dependency_of, hold_through_outages, is_transient, keep_delivery

from . import store

log = logging.getLogger("consolidator.consumer")


class Handler(Protocol):
    """A consumer's effect. A handler that keeps state across events (a cache of what it wrote) may
    define `rolled_back()`: called when a transaction it handled events in did not commit."""
    name: str

    def wants(self, event: BusEvent) -> bool: ...

    async def handle(self, conn: asyncpg.Connection, event: BusEvent) -> None: ...


TRANSIENT = (asyncpg.exceptions.DeadlockDetectedError, asyncpg.exceptions.SerializationError)
TRANSIENT_RETRIES = 3
# While a dependency is away an event is tried again after 0.2 s, 0.4 s, ... up to 15 s apart (jittered)
OUTAGE_BACKOFF_BASE_S = 0.2
OUTAGE_BACKOFF_CAP_S = 15.0


@dataclass
class IdempotentConsumer:
    db: Database
    handler: Handler
    applied: int = 0
    duplicates: int = 0
    on_applied: Callable[[BusEvent], Awaitable[None] | None] | None = None

    @property
    def name(self) -> str:
        return self.handler.name

    async def apply(self, event: BusEvent) -> bool:
        """True when this call applied the event, False when it had been applied before."""
        return (await self.apply_batch([event]))[0]

    async def apply_batch(self, events: Sequence[BusEvent]) -> list[bool]:
        """Applies `events` in order, one transaction per tenant: each not applied before (and not
        earlier in `events`) is claimed, handled and counted; all of a tenant's commit together or,
        when anything raises, none does (the handler is told, `rolled_back`). Returns, per event,
        whether this call applied it."""
        by_tenant: dict[str, list[int]] = defaultdict(list)
        for i, e in enumerate(events):
            by_tenant[e.tenant_id].append(i)
        applied = [False] * len(events)
        for tenant, at in by_tenant.items():
            try:
                async with self.db.as_system(tenant) as conn:
                    fresh = await store.claim_events(conn, self.name, [events[i].event_id for i in at])
                    for i in at:
                        e = events[i]
                        with _traced(self.name, e):
                            if e.event_id not in fresh:
                                continue
                            fresh.discard(e.event_id)  # the same event twice in one batch: the second is a duplicate
                            if self.handler.wants(e):
                                await self.handler.handle(conn, e)
                            applied[i] = True
                    await store.count_applied(conn, self.name, [(events[i].key, events[i].event_id)
                                                                for i in at if applied[i]])
            except BaseException:
                rolled_back = getattr(self.handler, "rolled_back", None)
                if rolled_back is not None:
                    rolled_back()
                raise
            for i in at:  # committed
                if not applied[i]:
                    self.duplicates += 1
                    continue
                self.applied += 1
                if self.on_applied is not None:
                    res = self.on_applied(events[i])
                    if asyncio.iscoroutine(res):
                        await res
        return applied


def _traced(name: str, event: BusEvent):
    """The span of one event's handling, in the trace of the request that wrote it (its envelope's traceparent)."""
    stack = ExitStack()
    stack.enter_context(tracing.continued({tracing.TRACE_FIELD: event.traceparent} if event.traceparent else None))
    stack.enter_context(tracing.span(f"consume {name}", {"event.type": event.type, "consumer": name}))
    return stack


@dataclass
class ConsumerLoop:
    """Applies deliveries in order. A failure while a dependency is away (Postgres, Redis, the bus,
    the policy service: memcore.transient) holds the event and tries it again with capped
    exponential backoff and jitter for as long as the dependency stays away: nothing is acked past
    it and its delivery count does not grow, so an outage of any length dead-letters nothing. Only
    an event whose handler fails while the database answers is failed to the bus (retried by
    redelivery, then dead-lettered)."""
    consumer: IdempotentConsumer
    subscription: Subscription
    batch: int = 100
    receive_timeout_s: float = 0.5
    tx_batch: int = 50  # deliveries applied in one transaction (1: a transaction per event)
    failures: int = 0
    transient_failures: int = 0
    last_error: str | None = field(default=None, repr=False)
    backoff: Backoff = field(default_factory=lambda: Backoff(OUTAGE_BACKOFF_BASE_S, OUTAGE_BACKOFF_CAP_S))

    async def run_once(self) -> int:
        deliveries = await self.subscription.receive(self.batch, self.receive_timeout_s)
        done = []
        for start in range(0, len(deliveries), max(1, self.tx_batch)):
            chunk = deliveries[start:start + max(1, self.tx_batch)]
            if len(chunk) > 1 and await self._apply_together(chunk):
                done += chunk
            else:
                done += await self._apply_each(chunk)
        await self._until_done(lambda: self.subscription.ack(done))
        return len(deliveries)

    async def _apply_each(self, deliveries: list) -> list:
        """Each delivery in its own transaction; returns the ones applied (or found applied before)."""
        done = []
        for d in deliveries:
            try:
                await self._apply_through_outages(d)
                done.append(d)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the handler failed on a healthy system: retried, then dead-lettered
                self.failures += 1
                metrics.consumer_events.labels(self.consumer.name, "failed").inc()
                self.last_error = repr(exc)
                log.warning("consumer %s failed on %s (attempt %d): %r", self.consumer.name, d.event.event_id,
                            d.attempts, exc)
                reason = reason_code(exc)
                await self._until_done(lambda d=d, reason=reason: self.subscription.fail(d, reason))
        return done

    async def _apply_through_outages(self, d) -> None:
        """Apply one delivery; while a dependency is away, wait and try it again (the same event, so
        one owner's events stay in order)."""
        await hold_through_outages(lambda: self._apply_one(d.event), self.backoff,
                                   database_answers=self._database_answers,
                                   on_wait=lambda exc, delay: self._note_wait(exc, f"event {d.event.event_id}", delay),
                                   between=keep_delivery(self.subscription, d))

    async def _until_done(self, step: Callable[[], Awaitable[None]]) -> None:
        """An ack or a fail to the bus, tried again while the bus is away."""
        await hold_through_outages(step, self.backoff,
                                   on_wait=lambda exc, delay: self._note_wait(exc, "the bus", delay))

    async def _wait_out(self, exc: BaseException, what: str) -> None:
        delay = self.backoff.next_delay()
        self._note_wait(exc, what, delay)
        await asyncio.sleep(delay)

    def _note_wait(self, exc: BaseException, what: str, delay: float) -> None:
        self.transient_failures += 1
        self.last_error = repr(exc)
        metrics.consumer_events.labels(self.consumer.name, "retried").inc()
        log.warning("consumer %s: %s unavailable (%s) for %s; retrying in %.1f s", self.consumer.name,
                    dependency_of(exc) or "a dependency", type(exc).__name__, what, delay)

    async def _database_answers(self) -> bool:
        ping = getattr(self.consumer.db, "ping", None)
        return True if ping is None else await ping()

    async def _apply_one(self, event: BusEvent) -> None:
        """Apply one event in its own transaction, and count it: applied or duplicate, and the
        commit-to-effect lag. A deadlock or serialization failure (the transaction was rolled back
        whole) is retried at once, a few times, rather than after the bus's reclaim delay."""
        for attempt in range(TRANSIENT_RETRIES + 1):
            try:
                applied = await self.consumer.apply(event)
                break
            except TRANSIENT:
                if attempt == TRANSIENT_RETRIES:
                    raise
                await asyncio.sleep(0.01 * (attempt + 1))
        self._count(event, applied)

    async def _apply_together(self, deliveries: list) -> bool:
        """Apply `deliveries` in one transaction (per tenant); False when a transaction failed and
        was rolled back (the caller then applies them one by one, and finds the ones an earlier
        tenant's transaction committed applied)."""
        try:
            applied = await self.consumer.apply_batch([d.event for d in deliveries])
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.info("consumer %s: a transaction of %d events rolled back (%s); applying them one by one",
                     self.consumer.name, len(deliveries), type(exc).__name__)
            return False
        for d, done in zip(deliveries, applied):
            self._count(d.event, done)
        return True

    def _count(self, event: BusEvent, applied: bool) -> None:
        name = self.consumer.name
        metrics.consumer_events.labels(name, "applied" if applied else "duplicate").inc()
        lag = _age_s(event.created_at)
        if applied and lag is not None:
            metrics.consumer_lag.labels(name).observe(lag)

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                await self.run_once()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if is_transient(exc):  # the bus away while receiving: back off
                    await self._wait_out(exc, "receiving")
                else:
                    log.exception("consumer loop %s: receive failed; retrying", self.consumer.name)
                    await asyncio.sleep(1.0)


def reason_code(exc: BaseException) -> str:
    """What a dead letter records of its failure: the exception's type and, for a database error,
    its SQLSTATE; never its message, which may quote a child's text."""
    code = getattr(exc, "sqlstate", None)
    return f"{type(exc).__module__}.{type(exc).__qualname__}" + (f" [{code}]" if code else "")


def _age_s(created_at: str | None) -> float | None:
    """Seconds since an outbox row's commit (its ISO timestamp), None when unknown."""
    if not created_at:
        return None
    from datetime import datetime, timezone

    try:
        at = datetime.fromisoformat(created_at)
    except ValueError:
        return None
    if at.tzinfo is None:
        at = at.replace(tzinfo=timezone.utc)
    return max(0.0, (datetime.now(timezone.utc) - at).total_seconds())
