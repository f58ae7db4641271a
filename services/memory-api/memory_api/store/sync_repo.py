"""Edge sync (migration 0017): the change log of a user's memory read through the read gate, and
the receipts devices send. Functions take a connection inside `Database.as_caller`."""
from __future__ import annotations

from uuid import UUID

import asyncpg

from .rankable import current

# What a device caches: current, solid memories; never document chunks (large, and read online).
CACHEABLE = (f"m.type <> 'document' AND {current('m')} AND m.tier = 'solid' "
             "AND (m.expires_at IS NULL OR m.expires_at > now())")

CHANGES_SQL = f"""
    SELECT c.target_id, c.op, c.seq, c.xid::text AS xid, c.changed_at,
           m.memory_id, m.type, m.text, m.subject, m.predicate, m.value, m.pinned, m.source, m.tags,
           m.confidence, m.salience, m.observed_at, m.version, m.embedding_model,
           CASE WHEN $5 THEN m.embedding END AS embedding
    FROM sync_changes c
    LEFT JOIN memory_items m ON m.memory_id = c.target_id AND m.owner_id = c.owner_id AND {CACHEABLE}
    WHERE c.owner_id = $1 AND (c.xid, c.seq) > ($2::text::xid8, $3::bigint)
      AND c.xid < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY c.xid, c.seq
    LIMIT $4
"""

RECEIPT_COLUMNS = ("receipt_id, user_id, cursor_reached, id_hashes, digest, purged_memories, purged_turns, "
                   "forgets_applied, received_at")


async def changes_after(conn: asyncpg.Connection, owner_id: UUID, xid: str, seq: int, limit: int,
                        embeddings: bool) -> list[asyncpg.Record]:
    """Changes after the cursor (xid, seq) of committed transactions only, oldest first, at most
    `limit`; each with the memory when it is cacheable and visible to the reader (else a removal)."""
    rows: list[asyncpg.Record] = await conn.fetch(CHANGES_SQL, owner_id, xid, seq, limit, embeddings)
    return rows


async def add_receipt(conn: asyncpg.Connection, user_id: UUID, cursor_reached: str, id_hashes: list[str],
                      digest: str, purged_memories: int, purged_turns: int, forgets_applied: int) -> asyncpg.Record:
    return await conn.fetchrow(
        f"""INSERT INTO sync_receipts (tenant_id, receipt_id, user_id, cursor_reached, id_hashes, digest,
                                       purged_memories, purged_turns, forgets_applied)
            VALUES (current_setting('app.tenant_id')::uuid, gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7)
            RETURNING {RECEIPT_COLUMNS}""",
        user_id, cursor_reached, id_hashes, digest, purged_memories, purged_turns, forgets_applied)


async def receipts_of(conn: asyncpg.Connection, user_id: UUID, limit: int) -> list[asyncpg.Record]:
    """The user's receipts, newest first."""
    rows: list[asyncpg.Record] = await conn.fetch(f"SELECT {RECEIPT_COLUMNS} FROM sync_receipts WHERE user_id = $1 "
                            "ORDER BY received_at DESC LIMIT $2", user_id, limit)
    return rows
