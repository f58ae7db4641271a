"""The parent review queue (review_queue): held writes and a child's feedback waiting for a parent.

Functions take a connection inside `Database.as_caller`; row-level security shows the queue to
parents and admins of the household only.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, Sequence
from uuid import UUID

import asyncpg

COLUMNS = "review_id, owner_id, candidate, reasons, status, created_at, decided_at, memory_id, kind, feedback_id"


async def page(conn: asyncpg.Connection, status: str, owner_id: UUID | None,
               after: tuple[datetime, UUID] | None, limit: int) -> list[asyncpg.Record]:
    """Items in one status oldest first after the cursor (one owner's, or all), one more than `limit`."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {COLUMNS}
           FROM review_queue WHERE status = $1 AND ($2::uuid IS NULL OR owner_id = $2)
             AND ($3::timestamptz IS NULL OR (created_at, review_id) > ($3, $4))
           ORDER BY created_at, review_id LIMIT $5""",
        status, owner_id, after[0] if after else None, after[1] if after else None, limit + 1)
    return rows


async def get(conn: asyncpg.Connection, review_id: UUID, lock: bool = False) -> asyncpg.Record | None:
    return await conn.fetchrow(
        f"SELECT {COLUMNS} FROM review_queue WHERE review_id = $1" + (" FOR UPDATE" if lock else ""), review_id)


async def feedback_items(conn: asyncpg.Connection, feedback_ids: Sequence[UUID]) -> list[asyncpg.Record]:
    """What a child said about which memory (with the memory's current type and text), by feedback id."""
    rows: list[asyncpg.Record] = await conn.fetch(
        """SELECT f.feedback_id AS id, f.kind, f.memory_id, f.given_by, f.given_role, f.effect,
                  m.type AS memory_type, m.text AS memory_text
           FROM memory_feedback f LEFT JOIN memory_items m ON m.tenant_id = f.tenant_id AND m.memory_id = f.memory_id
           WHERE f.feedback_id = ANY($1::uuid[])""", feedback_ids)
    return rows


async def mark_approved(conn: asyncpg.Connection, review_id: UUID, by: UUID, memory_id: UUID | None) -> None:
    """A held write was stored as `memory_id`."""
    await conn.execute("UPDATE review_queue SET status = 'approved', decided_at = now(), decided_by = $2, "
                       "memory_id = $3 WHERE review_id = $1", review_id, by, memory_id)


async def reject_held(conn: asyncpg.Connection, review_id: UUID, by: UUID) -> None:
    """A held write is rejected: its text is removed, its type stays."""
    await conn.execute(
        """UPDATE review_queue SET status = 'rejected', decided_at = now(), decided_by = $2,
               candidate = jsonb_build_object('type', candidate->'type') WHERE review_id = $1""",
        review_id, by)


async def hold(conn: asyncpg.Connection, owner_id: UUID, candidate: dict[str, Any], reasons: list[str]) -> None:
    """Puts a candidate the write policy held in the parents' review queue."""
    await conn.execute(
        """INSERT INTO review_queue (tenant_id, review_id, owner_id, candidate, reasons)
           VALUES (current_setting('app.tenant_id')::uuid, gen_random_uuid(), $1, $2, $3)""",
        owner_id, candidate, reasons)


async def forget_held_of_turn(conn: asyncpg.Connection, turn_id: UUID) -> int:
    """What waits for review drawn only from a forgotten turn goes with it (migration 0027: the queue
    is hidden from a child, so a SECURITY DEFINER function does it in the child's own transaction);
    an item also drawn from other turns stops citing this one. Returns how many items went."""
    return int(await conn.fetchval("SELECT app_forget_held_of_turn($1)", turn_id))
