"""Outbox relay: committed outbox rows -> bus, in order per owner, at least once, crash safe.

One pass (`relay_once`) is one transaction as `memory_relay` (BYPASSRLS; SELECT and UPDATE(sent_at)
on outbox only):
1. lock up to `batch` unsent rows, oldest first, `FOR UPDATE SKIP LOCKED` (relays run side by side);
2. keep, per owner, only the rows that are the owner's *earliest* unsent ones with no gap: a row
   another relay holds, or one it skipped, would otherwise be overtaken (`publishable`);
3. publish them and wait for the bus to accept them;
4. mark them sent and commit.
A crash before 4 rolls the transaction back: the rows are unsent and unlocked, and the next pass
publishes them again. Consumers dedupe by `<tenant>:<event_id>`, so that costs nothing but a
duplicate delivery.
"""
from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable, Sequence

import asyncpg

from memcore.adapters.bus import BusEvent, EventBus, outbox_event_id
from memcore.adapters.postgres import lent
from memcore.telemetry import metrics, tracing
from memcore.transient import Backoff, dependency_of, is_transient

log = logging.getLogger("consolidator.relay")


@dataclass(frozen=True)
class OutboxRow:
    tenant_id: str
    event_id: int
    owner_id: str
    event_type: str
    payload: dict
    created_at: str


def publishable(locked: Sequence[OutboxRow], unsent: dict[tuple[str, str], list[int]]) -> list[OutboxRow]:
    """The locked rows that may go out now without overtaking another row of the same owner.

    `unsent[(tenant, owner)]` lists every committed unsent event id of that owner up to the highest
    locked one. Per owner, the locked rows are published only as far as they match that list from
    its start: the first unsent id that is not locked here (another relay holds it) stops the owner.
    """
    mine: dict[tuple[str, str], list[OutboxRow]] = defaultdict(list)
    for row in locked:
        mine[(row.tenant_id, row.owner_id)].append(row)
    keep: set[tuple[str, int]] = set()
    for owner, rows in mine.items():
        rows.sort(key=lambda r: r.event_id)
        ids = {r.event_id for r in rows}
        for eid in sorted(unsent.get(owner, [])):
            if eid not in ids:
                break
            keep.add((owner[0], eid))
    return [r for r in sorted(locked, key=lambda r: r.event_id) if (r.tenant_id, r.event_id) in keep]


def to_bus_event(row: OutboxRow) -> BusEvent:
    payload, traceparent = tracing.split_trace(row.payload)  # the writer's trace goes into the envelope
    return BusEvent(event_id=outbox_event_id(row.tenant_id, row.event_id), key=row.owner_id, type=row.event_type,
                    tenant_id=row.tenant_id, payload=payload, created_at=row.created_at, traceparent=traceparent)


LOCK_SQL = """
    SELECT tenant_id::text, event_id, owner_id::text, event_type, payload, created_at
    FROM outbox WHERE sent_at IS NULL
    ORDER BY event_id LIMIT $1
    FOR UPDATE SKIP LOCKED
"""

UNSENT_SQL = """
    SELECT o.tenant_id::text, o.owner_id::text, array_agg(o.event_id ORDER BY o.event_id)
    FROM outbox o
    JOIN unnest($1::uuid[], $2::uuid[], $3::bigint[]) AS k(tenant_id, owner_id, max_id)
      ON o.tenant_id = k.tenant_id AND o.owner_id = k.owner_id AND o.event_id <= k.max_id
    WHERE o.sent_at IS NULL
    GROUP BY 1, 2
"""

MARK_SQL = """
    UPDATE outbox o SET sent_at = now()
    FROM unnest($1::uuid[], $2::bigint[]) AS k(tenant_id, event_id)
    WHERE o.tenant_id = k.tenant_id AND o.event_id = k.event_id
"""


def _rows(records: Iterable[asyncpg.Record]) -> list[OutboxRow]:
    return [OutboxRow(r[0], r[1], r[2], r[3], r[4] if isinstance(r[4], dict) else __import__("orjson").loads(r[4]),
                      r[5].isoformat()) for r in records]


class OutboxRelay:
    def __init__(self, pool: asyncpg.Pool, bus: EventBus, batch: int = 200, idle_sleep_s: float = 0.05):
        self.pool = pool
        self.bus = bus
        self.batch = batch
        self.idle_sleep_s = idle_sleep_s
        self.published = 0

    async def relay_once(self) -> int:
        """One locked batch published and marked; returns how many rows went out."""
        async with lent(self.pool) as conn:
            async with conn.transaction():
                locked = _rows(await conn.fetch(LOCK_SQL, self.batch))
                if not locked:
                    return 0
                max_by_owner: dict[tuple[str, str], int] = {}
                for r in locked:
                    k = (r.tenant_id, r.owner_id)
                    max_by_owner[k] = max(max_by_owner.get(k, 0), r.event_id)
                keys = list(max_by_owner)
                unsent = {(t, o): list(ids) for t, o, ids in await conn.fetch(
                    UNSENT_SQL, [k[0] for k in keys], [k[1] for k in keys], [max_by_owner[k] for k in keys])}
                ready = publishable(locked, unsent)
                if not ready:
                    return 0
                await self.bus.publish([to_bus_event(r) for r in ready])
                await conn.execute(MARK_SQL, [r.tenant_id for r in ready], [r.event_id for r in ready])
        self.published += len(ready)
        metrics.outbox_published.inc(len(ready))
        return len(ready)

    async def run(self, stop: asyncio.Event) -> None:
        """Passes until `stop`. A failed pass rolled back (its rows stay unsent, in order); while
        Postgres or the bus is away the next pass waits with capped exponential backoff and jitter."""
        backoff = Backoff(0.2, 10.0)
        while not stop.is_set():
            try:
                n = await self.relay_once()
                backoff.reset()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                n = 0
                if is_transient(exc):
                    delay = backoff.next_delay()
                    log.warning("relay: %s unavailable (%s); retrying in %.1f s", dependency_of(exc) or "a dependency",
                                type(exc).__name__, delay)
                else:
                    delay = 1.0
                    log.exception("relay pass failed; retrying")
                await asyncio.sleep(delay)
            if n < self.batch:
                try:
                    await asyncio.wait_for(stop.wait(), self.idle_sleep_s)
                except asyncio.TimeoutError:
                    pass
