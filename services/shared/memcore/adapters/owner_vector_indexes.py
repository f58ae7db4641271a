"""Postgres side of the per-owner vector indexes (memcore.retrieval.owner_vector_index is the rule).

Runs as the schema owner (DDL), outside a transaction: indexes are built and dropped
CONCURRENTLY, so writes and reads of every owner go on meanwhile. A build that was interrupted
(a crash, a cancelled statement) leaves an invalid index behind; the next run drops it and
builds it again. Used by the consolidator's scheduled job and by `memctl owner-indexes`.
"""
from __future__ import annotations

import logging
from typing import Callable
from uuid import UUID

import asyncpg

from ..retrieval.owner_vector_index import (
    DEFAULT_MAX_BUILDS,
    DEFAULT_MAX_SHARE,
    DEFAULT_MIN_ROWS,
    INDEX_PREFIX,
    index_name,
    owner_of,
    plan,
)

log = logging.getLogger("memcore.owner_vector_indexes")

# The same graph parameters as the table's own index (migration 0001).
HNSW_WITH = "m = 16, ef_construction = 64"
# An HNSW build slows down a great deal once its graph outgrows maintenance_work_mem (Postgres'
# default: 64 MB). The index of 100,000 rows of 384 dimensions takes 25,001 pages (about 200 MB).
BUILD_MEMORY = "512MB"
# One run at a time (a session advisory lock): a second run would take the first run's build in
# progress for an interrupted one (it is not valid yet) and drop it.
RUN_LOCK = 0x6F776E65725F6978  # "owner_ix"


async def owner_rows(conn: asyncpg.Connection, tenant_id: UUID | None = None) -> dict[UUID, int]:
    """Rows with a vector, per owner (of one tenant, or of all)."""
    rows = await conn.fetch(
        """SELECT owner_id, count(*) AS n FROM memory_items
           WHERE embedding IS NOT NULL AND ($1::uuid IS NULL OR tenant_id = $1::uuid) GROUP BY owner_id""",
        tenant_id)
    return {r["owner_id"]: int(r["n"]) for r in rows}


async def owner_indexes(conn: asyncpg.Connection) -> dict[UUID, bool]:
    """Every owner index on memory_items, and whether it is valid (usable by queries)."""
    rows = await conn.fetch(
        """SELECT c.relname, i.indisvalid FROM pg_index i
           JOIN pg_class c ON c.oid = i.indexrelid
           WHERE i.indrelid = 'memory_items'::regclass AND c.relname LIKE $1""", INDEX_PREFIX + "%")
    found = {}
    for r in rows:
        owner = owner_of(r["relname"])
        if owner is not None:
            found[owner] = bool(r["indisvalid"])
    return found


async def build(conn: asyncpg.Connection, owner_id: UUID) -> None:
    await conn.execute(f"SET maintenance_work_mem = '{BUILD_MEMORY}'")  # this session's builds
    # the owner's id is a UUID (never caller text), so its literal is safe to place in the DDL
    await conn.execute(
        f"CREATE INDEX CONCURRENTLY IF NOT EXISTS {index_name(owner_id)} ON memory_items "
        f"USING hnsw (embedding vector_cosine_ops) WITH ({HNSW_WITH}) WHERE owner_id = '{UUID(str(owner_id))}'")


async def drop(conn: asyncpg.Connection, owner_id: UUID) -> None:
    await conn.execute(f"DROP INDEX CONCURRENTLY IF EXISTS {index_name(owner_id)}")


async def sync_at(dsn: str, *, password=None, **kw) -> dict:
    """`sync` on a connection of its own to `dsn` (the schema owner's), closed after."""
    conn = await asyncpg.connect(dsn, password=password)
    try:
        return await sync(conn, **kw)
    finally:
        await conn.close()


async def sync(conn: asyncpg.Connection, *, min_rows: int = DEFAULT_MIN_ROWS, max_share: float = DEFAULT_MAX_SHARE,
               max_builds: int = DEFAULT_MAX_BUILDS, tenant_id: UUID | None = None,
               say: Callable[[str], None] = log.info) -> dict:
    """Build the indexes the rule wants and drop the ones it no longer wants. `tenant_id`: only
    that tenant's owners are considered. While another run works, this one does nothing and
    says so ("busy")."""
    if not await conn.fetchval("SELECT pg_try_advisory_lock($1)", RUN_LOCK):
        say("another run is building or dropping owner vector indexes; this one does nothing")
        return {"built": [], "dropped": [], "rebuilt_invalid": [], "busy": True}
    try:
        return await _sync(conn, min_rows, max_share, max_builds, tenant_id, say)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", RUN_LOCK)


async def _sync(conn: asyncpg.Connection, min_rows: int, max_share: float, max_builds: int,
                tenant_id: UUID | None, say: Callable[[str], None]) -> dict:
    counts = await owner_rows(conn, tenant_id)
    existing = await owner_indexes(conn)
    if tenant_id is not None:  # another tenant's index is not this run's business; a forgotten owner's is
        existing = {o: v for o, v in existing.items() if o in counts or not await _owner_elsewhere(conn, o, tenant_id)}
    broken = [o for o, valid in existing.items() if not valid]
    for owner in broken:
        say(f"dropping the invalid index of owner {owner} (an interrupted build)")
        await drop(conn, owner)
    # the share that matters is of the whole table (the table's index walks every owner's rows)
    table_rows = sum(counts.values()) if tenant_id is None else \
        await conn.fetchval("SELECT count(*) FROM memory_items WHERE embedding IS NOT NULL")
    chosen = plan(counts, {o for o, valid in existing.items() if valid}, table_rows=table_rows,
                  min_rows=min_rows, max_share=max_share, max_builds=max_builds)
    for owner in chosen.drop:
        say(f"dropping the vector index of owner {owner} ({counts.get(owner, 0)} rows)")
        await drop(conn, owner)
    for owner in chosen.build:
        say(f"building a vector index for owner {owner} ({counts[owner]} rows)")
        await build(conn, owner)
    return {"built": [str(o) for o in chosen.build], "dropped": [str(o) for o in chosen.drop],
            "rebuilt_invalid": [str(o) for o in broken if o in chosen.build], "busy": False}


async def _owner_elsewhere(conn: asyncpg.Connection, owner_id: UUID, tenant_id: UUID) -> bool:
    """Whether the owner is a user of another tenant (an owner of no tenant: forgotten)."""
    return bool(await conn.fetchval("SELECT EXISTS (SELECT 1 FROM users WHERE user_id = $1 AND tenant_id <> $2)",
                                    owner_id, tenant_id))
