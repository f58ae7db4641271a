"""Feedback on memories (migration tables memory_feedback and review_queue): the SQL of
routers/feedback.py, and the rows a feedback's effect reaches through the turn-to-knowledge links
(source_turns, docs/knowledge.md). Every function runs on a connection the caller holds (row-level
security applies)."""
from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

import asyncpg

from .memory_repo import COLUMNS as MEMORY_COLUMNS

COLUMNS = ("feedback_id, owner_id, memory_id, kind, status, effect, given_by, given_role, review_id, created_at, "
           "decided_at, decided_by")


async def role_of(conn: asyncpg.Connection, user_id: UUID) -> str | None:
    found: str | None = await conn.fetchval("SELECT role FROM users WHERE user_id = $1", user_id)
    return found


async def finished_answer(conn: asyncpg.Connection, user_id: UUID, key: str) -> asyncpg.Record | None:
    """The stored answer of the request with this Idempotency-Key (request_hash, status_code, response)."""
    return await conn.fetchrow("SELECT request_hash, status_code, response FROM idempotency_keys "
                               "WHERE user_id = $1 AND key = $2", user_id, key)


async def pending(conn: asyncpg.Connection, memory_id: UUID, kind: str) -> asyncpg.Record | None:
    return await conn.fetchrow(f"SELECT {COLUMNS} FROM memory_feedback WHERE memory_id = $1 AND kind = $2 "
                               "AND status = 'pending'", memory_id, kind)


async def insert(conn: asyncpg.Connection, fb: dict[str, Any]) -> None:
    """No RETURNING and no ON CONFLICT (both read the new row back): it may be hidden from its writer at
    once (a child's sensitive memory, or a memory just deleted, which no one but a guardian sees).
    Raises UniqueViolationError when the same feedback became pending meanwhile."""
    await conn.execute(
        """INSERT INTO memory_feedback (tenant_id, feedback_id, owner_id, memory_id, kind, status, effect, given_by,
                                        given_role, review_id, created_at)
           VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)""",
        fb["id"], fb["owner_id"], fb["memory_id"], fb["kind"], fb["status"], fb["effect"], fb["given_by"],
        fb["given_role"], fb["review_id"], fb["created_at"])


async def add_review_item(conn: asyncpg.Connection, review_id: UUID, owner_id: UUID, memory_type: str, kind: str,
                          feedback_id: UUID, at: datetime) -> None:
    await conn.execute(
        """INSERT INTO review_queue (tenant_id, review_id, owner_id, candidate, reasons, kind, feedback_id, created_at)
           VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, 'feedback', $5, $6)""",
        review_id, owner_id, {"type": memory_type}, [f"feedback:{kind}"], feedback_id, at)


async def page(conn: asyncpg.Connection, owner_id: UUID | None, status: str | None, memory_id: UUID | None,
               after: tuple[datetime | None, UUID | None], limit: int) -> list[asyncpg.Record]:
    """Newest first, `limit` rows after the cursor `after` (created_at, feedback_id)."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {COLUMNS} FROM memory_feedback
            WHERE ($1::uuid IS NULL OR owner_id = $1) AND ($2::text IS NULL OR status = $2)
              AND ($3::uuid IS NULL OR memory_id = $3)
              AND ($4::timestamptz IS NULL OR (created_at, feedback_id) < ($4, $5::uuid))
            ORDER BY created_at DESC, feedback_id DESC LIMIT $6""",
        owner_id, status, memory_id, after[0], after[1], limit)
    return rows


async def get(conn: asyncpg.Connection, feedback_id: UUID) -> asyncpg.Record | None:
    return await conn.fetchrow(f"SELECT {COLUMNS} FROM memory_feedback WHERE feedback_id = $1", feedback_id)


async def lock_review_status(conn: asyncpg.Connection, review_id: UUID) -> str | None:
    """The review item's status, the row locked until the transaction ends."""
    found: str | None = await conn.fetchval("SELECT status FROM review_queue WHERE review_id = $1 FOR UPDATE", review_id)
    return found


async def decide(conn: asyncpg.Connection, feedback_id: UUID, review_id: UUID, status: str, effect: str,
                 by: UUID | None) -> None:
    """A parent's decision on a pending feedback and its review item."""
    await conn.execute("UPDATE memory_feedback SET status = $2, effect = $3, decided_at = now(), decided_by = $4 "
                       "WHERE feedback_id = $1", feedback_id, status, effect, by)
    await conn.execute("UPDATE review_queue SET status = $2, decided_at = now(), decided_by = $3 "
                       "WHERE review_id = $1", review_id, status, by)


# ---- the rows an effect reaches beside the memory itself (feedback_rules.reach) ----

async def drawn_from(conn: asyncpg.Connection, record_id: UUID, only: bool) -> list[asyncpg.Record]:
    """The knowledge drawn from this turn record: from it alone (`only`), or from it among others."""
    where = "source_turns = ARRAY[$1]::uuid[]" if only else "source_turns @> ARRAY[$1]::uuid[]"
    rows: list[asyncpg.Record] = await conn.fetch(f"SELECT {MEMORY_COLUMNS} FROM memory_items WHERE layer = 'knowledge' AND {where}",
                            record_id)
    return rows


async def source_turns_of(conn: asyncpg.Connection, fact_id: UUID) -> list[asyncpg.Record]:
    """The turn records a fact was drawn from (those that still exist)."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {MEMORY_COLUMNS} FROM memory_items
            WHERE layer = 'record'
              AND memory_id = ANY((SELECT source_turns FROM memory_items WHERE memory_id = $1)::uuid[])""",
        fact_id)
    return rows


async def changed_by_feedback(conn: asyncpg.Connection, feedback_id: UUID, effect: str) -> list[UUID]:
    """The memories this feedback's `effect` was applied to (its audit entries, feedback_effects)."""
    rows = await conn.fetch(
        """SELECT DISTINCT target_id FROM audit_log
           WHERE action = 'memory.update' AND target_type = 'memory'
             AND details->>'feedback_id' = $1 AND details->>'feedback_effect' = $2""",
        str(feedback_id), effect)
    return [UUID(r["target_id"]) for r in rows]


async def hidden_by_others(conn: asyncpg.Connection, feedback_id: UUID, memory_ids: list[UUID]) -> set[UUID]:
    """Of `memory_ids`, those another standing `sensitive` feedback (applied, pending or approved)
    hides: its own memory, the facts drawn from it (a record's), the turns it was drawn from (a fact's)."""
    rows = await conn.fetch(
        """SELECT m.memory_id FROM memory_items m
           WHERE m.memory_id = ANY($2::uuid[]) AND EXISTS (
               SELECT 1 FROM memory_feedback f JOIN memory_items t ON t.memory_id = f.memory_id
               WHERE f.kind = 'sensitive' AND f.status IN ('applied', 'pending', 'approved') AND f.feedback_id <> $1
                 AND (t.memory_id = m.memory_id
                      OR (t.layer = 'record' AND m.layer = 'knowledge' AND m.source_turns @> ARRAY[t.memory_id])
                      OR (t.layer = 'knowledge' AND m.layer = 'record' AND t.source_turns @> ARRAY[m.memory_id])))""",
        feedback_id, memory_ids)
    return {r["memory_id"] for r in rows}
