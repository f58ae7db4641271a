"""Corrections a feedback effect makes to one memory row (feedback_effects.py decides which and
keeps the history, audit and outbox): disputed, superseded, restricted, and lifting a restriction.
Each runs in the decider's transaction (row-level security applies)."""
from __future__ import annotations

from uuid import UUID

import asyncpg

from memcore.policy.contract import FLAG_RESTRICTED

# correction -> the SET clause that applies it
SET_CLAUSES = {
    "disputed": "tier = 'disputed'",
    "superseded": "valid_to = now()",
    "restricted": f"""tags = ARRAY(SELECT DISTINCT t FROM unnest(tags || '{{{FLAG_RESTRICTED}}}'::text[]) t ORDER BY t),
                       safety_flags = ARRAY(SELECT DISTINCT f FROM unnest(safety_flags || '{{{FLAG_RESTRICTED}}}'::text[]) f
                                            ORDER BY f)""",
    "unrestricted": f"""tags = array_remove(tags, '{FLAG_RESTRICTED}'),
                  safety_flags = array_remove(safety_flags, '{FLAG_RESTRICTED}')""",
}


async def lock_version(conn: asyncpg.Connection, memory_id: UUID) -> int:
    """The memory's version, its row locked until the transaction ends."""
    found: int = await conn.fetchval("SELECT version FROM memory_items WHERE memory_id = $1 FOR UPDATE", memory_id)
    return found


async def apply(conn: asyncpg.Connection, memory_id: UUID, correction: str) -> None:
    """Applies one of SET_CLAUSES as a new version. No RETURNING: the changed row may be hidden
    from its writer now (a child's sensitive memory)."""
    await conn.execute(f"UPDATE memory_items SET {SET_CLAUSES[correction]}, version = version + 1, updated_at = now() "
                       "WHERE memory_id = $1", memory_id)
