"""Idempotent consumers: each event's effect and its processed_events row commit together.

`IdempotentConsumer.apply` claims (tenant, consumer, event_id) in processed_events and runs the
handler in the same transaction; a second delivery of the same event finds the claim and does
nothing. A crash before commit leaves neither the claim nor the effect, so the redelivery applies
it. `consumer_progress.applied` counts applied events per owner in the same transaction.
`ConsumerLoop` pulls deliveries from a bus subscription, applies them and acks; it waits out a
dependency that is away (the same event again, with backoff) and fails (for redelivery, then the
dead-letter store) only the ones whose handler raised while the database answered.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Awaitable, Callable, Protocol

import asyncpg

from memcore.adapters.bus import BusEvent, Subscription
from memcore.adapters.postgres import Database
from memcore.telemetry import metrics, tracing
from memcore.transient import Backoff, dependency_of, hold_through_outages, is_transient, keep_delivery

log = logging.getLogger("consolidator.consumer")


class Handler(Protocol):
    name: str

    def wants(self, event: BusEvent) -> bool: ...

    async def handle(self, conn: asyncpg.Connection, event: BusEvent) -> None: ...


TRANSIENT = (asyncpg.exceptions.DeadlockDetectedError, asyncpg.exceptions.SerializationError)
TRANSIENT_RETRIES = 3
# While a dependency is away an event is tried again after 0.2 s, 0.4 s, ... up to 15 s apart (jittered)
OUTAGE_BACKOFF_BASE_S = 0.2
OUTAGE_BACKOFF_CAP_S = 15.0

CLAIM_SQL = """INSERT INTO processed_events (tenant_id, consumer, event_id)
               VALUES (current_setting('app.tenant_id')::uuid, $1, $2) ON CONFLICT DO NOTHING RETURNING 1"""

PROGRESS_SQL = """INSERT INTO consumer_progress (tenant_id, consumer, owner_id, applied, last_event_id)
                  VALUES (current_setting('app.tenant_id')::uuid, $1, $2, 1, $3)
                  ON CONFLICT (tenant_id, consumer, owner_id)
                  DO UPDATE SET applied = consumer_progress.applied + 1, last_event_id = EXCLUDED.last_event_id,
                                updated_at = now()"""


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
        async with self.db.as_system(event.tenant_id) as conn:
            if not await conn.fetchval(CLAIM_SQL, self.name, event.event_id):
                self.duplicates += 1
                return False
            if self.handler.wants(event):
                await self.handler.handle(conn, event)
            await conn.execute(PROGRESS_SQL, self.name, event.key, event.event_id)
        self.applied += 1
        if self.on_applied is not None:
            res = self.on_applied(event)
            if asyncio.iscoroutine(res):
                await res
        return True


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
    failures: int = 0
    transient_failures: int = 0
    last_error: str | None = field(default=None, repr=False)
    backoff: Backoff = field(default_factory=lambda: Backoff(OUTAGE_BACKOFF_BASE_S, OUTAGE_BACKOFF_CAP_S))

    async def run_once(self) -> int:
        deliveries = await self.subscription.receive(self.batch, self.receive_timeout_s)
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
        await self._until_done(lambda: self.subscription.ack(done))
        return len(deliveries)

    async def _apply_through_outages(self, d) -> None:
        """Apply one delivery; while a dependency is away, wait and try it again (the same event, so
        one owner's events stay in order)."""
        await hold_through_outages(lambda: self._apply_traced(d.event), self.backoff,
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

    async def _apply_traced(self, event: BusEvent) -> None:
        """Apply in the trace of the request that wrote the event (its envelope's traceparent), and count it:
        applied or duplicate, and the commit-to-effect lag. A deadlock or serialization failure (the
        transaction was rolled back whole) is retried at once, a few times, rather than after the
        bus's reclaim delay."""
        name = self.consumer.name
        with tracing.continued({tracing.TRACE_FIELD: event.traceparent} if event.traceparent else None):
            with tracing.span(f"consume {name}", {"event.type": event.type, "consumer": name}):
                for attempt in range(TRANSIENT_RETRIES + 1):
                    try:
                        applied = await self.consumer.apply(event)
                        break
                    except TRANSIENT:
                        if attempt == TRANSIENT_RETRIES:
                            raise
                        await asyncio.sleep(0.01 * (attempt + 1))
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
