"""Whether entities exist and are visible to the caller (row-level security decides), before a
decision acts on them. Kept apart from entity_repo (resolution, links, profiles)."""
from __future__ import annotations

from typing import Sequence
from uuid import UUID

import asyncpg


async def exists(conn: asyncpg.Connection, entity_id: UUID) -> bool:
    return await conn.fetchval("SELECT 1 FROM entities WHERE entity_id = $1", entity_id) is not None


async def count_existing(conn: asyncpg.Connection, entity_ids: Sequence[UUID]) -> int:
    """How many of the given entities exist (each counted once per row)."""
    found: int = await conn.fetchval("SELECT count(*) FROM entities WHERE entity_id = ANY($1::uuid[])", list(entity_ids))
    return found


async def visible_of(conn: asyncpg.Connection, owner_id: UUID, entity_ids: Sequence[UUID]) -> set[UUID]:
    """The owner's entities among `entity_ids` that the caller may see."""
    return {r["entity_id"] for r in await conn.fetch(
        "SELECT entity_id FROM entities WHERE owner_id = $1 AND entity_id = ANY($2::uuid[])", owner_id, entity_ids)}
