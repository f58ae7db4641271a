"""The reads of context assembly (contextify.py) beside search: the session's cached turns as they
are now, the owner's strongest preferences, its safety rules, its procedures. Each runs in the
caller's transaction, so the read gate (row-level security) decides what is returned."""
from __future__ import annotations

from typing import Sequence
from uuid import UUID

import asyncpg
import numpy as np

from .memory_repo import COLUMNS
from .rankable import current, rankable, undisputed


async def current_texts(conn: asyncpg.Connection, memory_ids: Sequence[UUID]) -> dict[UUID, str]:
    """memory id -> its text now, of the given memories the reader may see and that are not disputed."""
    return {r["memory_id"]: r["text"] for r in await conn.fetch(
        f"SELECT memory_id, text FROM memory_items WHERE memory_id = ANY($1::uuid[]) AND {undisputed()}",
        memory_ids)}


async def strongest_preferences(conn: asyncpg.Connection, owner_id: UUID, qvec: np.ndarray, k: int) -> list[asyncpg.Record]:
    """Of the owner's 20 strongest current solid preferences, the `k` nearest to `qvec`."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT * FROM (SELECT {COLUMNS}, embedding FROM memory_items
                WHERE owner_id = $1 AND type = 'preference' AND {current()} AND tier = 'solid'
                ORDER BY salience * confidence DESC, mention_count DESC LIMIT 20) top
            ORDER BY embedding <=> $2 LIMIT {k}""", owner_id, qvec)
    return rows


async def safety_rules(conn: asyncpg.Connection, owner_id: UUID) -> list[asyncpg.Record]:
    """The owner's rankable safety rules, most salient first (20 at most)."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"SELECT {COLUMNS} FROM memory_items WHERE owner_id = $1 AND type = 'safety' "
        f"AND {rankable()} ORDER BY salience DESC, created_at LIMIT 20", owner_id)
    return rows


async def matching_ids(conn: asyncpg.Connection, owner_id: UUID, where: str, params: Sequence[object],
                       limit: int) -> list[UUID]:
    """Ids of the owner's memories `m` meeting `where` (search_repo.filter_sql from $2), at most `limit`."""
    return [r["memory_id"] for r in await conn.fetch(
        f"SELECT m.memory_id FROM memory_items m WHERE m.owner_id = $1 AND {where} LIMIT {limit}",
        owner_id, *params)]
