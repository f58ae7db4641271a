"""Scheduled maintenance, per tenant (the jobs connect as memory_app; RLS applies):
retention/TTL, summary compaction, outbox/processed_events sweeping, re-embedding."""
from __future__ import annotations

import asyncio
import time
from datetime import datetime, timezone
from typing import Awaitable, Callable
from uuid import UUID

import asyncpg

from memcore.adapters.postgres import Database, vectors_param

from . import store
from .derived import unlink_forgotten


async def tenants(db: Database) -> list[UUID]:
    async with db.raw() as conn:
        return [r[0] for r in await conn.fetch("SELECT consolidation_tenants()")]


async def for_each_tenant(db: Database, work: Callable[[asyncpg.Connection], Awaitable[int]]) -> int:
    total = 0
    for tenant in await tenants(db):
        async with db.as_system(tenant) as conn:
            total += await work(conn)
    return total


async def expire(conn: asyncpg.Connection, now: datetime | None = None, limit: int = 1000) -> int:
    """Deletes items past expires_at; audit + tombstone without content. Pinned items stay, and so does
    an episode that a standing promoted fact was derived from (it is still that fact's support)."""
    rows = await conn.fetch(
        """DELETE FROM memory_items WHERE memory_id IN (
               SELECT m.memory_id FROM memory_items m WHERE m.expires_at <= $1 AND NOT m.pinned
                 AND NOT EXISTS (SELECT 1 FROM memory_items d
                                 WHERE d.tenant_id = m.tenant_id AND d.owner_id = m.owner_id
                                   AND d.source = 'system' AND d.type <> 'summary' AND d.valid_to IS NULL
                                   AND m.memory_id = ANY (d.links))
               LIMIT $2)
           RETURNING memory_id, owner_id, type""", now or datetime.now(timezone.utc), limit)
    if not rows:
        return 0
    for r in rows:
        await store.audit(conn, "memory.expired", r["memory_id"], "retention: expires_at passed")
        await store.outbox(conn, r["owner_id"], "memory.deleted", r["memory_id"], {"type": r["type"], "reason": "expired"})
    await conn.execute(
        """INSERT INTO tombstones (tenant_id, tombstone_id, target_type, target_id, reason)
           SELECT current_setting('app.tenant_id')::uuid, gen_random_uuid(), 'memory', x::text, 'retention'
           FROM unnest($1::uuid[]) x""", [r["memory_id"] for r in rows])
    await unlink_forgotten(conn, [r["memory_id"] for r in rows])
    return len(rows)


async def sweep(conn: asyncpg.Connection, outbox_keep_days: int, processed_keep_days: int) -> int:
    """Prunes relayed outbox rows and old dedupe records (kept longer than the bus retains events)."""
    a = await conn.execute("DELETE FROM outbox WHERE sent_at < now() - make_interval(days => $1)", outbox_keep_days)
    b = await conn.execute("DELETE FROM processed_events WHERE processed_at < now() - make_interval(days => $1)",
                           processed_keep_days)
    return int(a.split()[-1]) + int(b.split()[-1])


async def reembed_tenant(db: Database, tenant: UUID, embedder, batch: int, deadline: float) -> int:
    """Re-embeds a tenant's stale rows batch after batch (each commits) until none is left or
    `deadline` (time.monotonic()) passes: an import embedded with the int8 weights
    (MEMORY_BATCH_EMBEDDER) reaches the index model in one run of the job, not at a batch an hour."""
    done = 0
    while time.monotonic() < deadline:
        async with db.as_system(tenant) as conn:
            n = await reembed(conn, embedder, batch)
        done += n
        if n < batch:
            break
    return done


async def reembed(conn: asyncpg.Connection, embedder, batch: int = 256) -> int:
    """Re-embeds one batch of rows whose embedding is missing or from another model (resumable:
    each batch commits; the next pass picks up what is left). What is embedded is the search text, as
    `memctl reembed` does and as a batch write embedded it (a document chunk: its title and text)."""
    rows = await conn.fetch(
        """SELECT memory_id, coalesce(nullif(search_text, ''), text) AS text FROM memory_items
           WHERE embedding IS NULL OR embedding_model IS DISTINCT FROM $1
           ORDER BY memory_id LIMIT $2 FOR UPDATE SKIP LOCKED""", embedder.model_name, batch)
    if not rows:
        return 0
    loop = asyncio.get_running_loop()
    vectors = await loop.run_in_executor(None, embedder.embed, [r["text"] for r in rows])
    await conn.execute(
        """UPDATE memory_items m SET embedding = x.v, embedding_model = $3
           FROM unnest($1::uuid[], $2::vector[]) AS x(id, v) WHERE m.memory_id = x.id""",
        [r["memory_id"] for r in rows], vectors_param(vectors),
        embedder.model_name)
    return len(rows)
