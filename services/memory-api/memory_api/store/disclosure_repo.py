"""SQL of the disclosure log: contextify's decision logs and the lines they gave (migration 0025).

decision_logs.decisions holds ids, paths, reasons and the question (redacted by the household
policy); disclosed_lines holds each line as it was given, by position. A memory's delete sets the
line's memory reference to NULL and the database blanks its text: a forgotten line is kept as a
forgotten line, never its words. Every function takes a connection inside `Database.tenant_tx`.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, Sequence
from uuid import UUID

import asyncpg

INSERT_LOG = """INSERT INTO decision_logs (tenant_id, decision_id, owner_id, session_id, decisions, asked_by)
                VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, $5)"""

# Lines of memories deleted since they were read are written as forgotten (no reference, no text).
INSERT_LINES = """INSERT INTO disclosed_lines (tenant_id, decision_id, position, owner_id, memory_id, line)
                  SELECT current_setting('app.tenant_id')::uuid, $1, x.pos, $2,
                         CASE WHEN $5 THEN (SELECT m.memory_id FROM memory_items m WHERE m.memory_id = x.mid)
                              ELSE x.mid END, x.line
                  FROM unnest($3::uuid[], $4::text[]) WITH ORDINALITY AS x(mid, line, pos)"""


async def store_log(conn: asyncpg.Connection, decision_id: UUID, owner_id: UUID, session_id: str | None,
                    log: dict[str, Any], asked_by: UUID | None, lines: Sequence[tuple[UUID | None, str]]) -> None:
    """The decision log, who asked, and the lines given (memory id, line as given), in the caller's
    transaction."""
    await conn.execute(INSERT_LOG, decision_id, owner_id, session_id, log, asked_by)
    if not lines:
        return
    ids, texts = [m for m, _ in lines], [t for _, t in lines]
    await conn.execute("SAVEPOINT disclosed_lines")  # the caller's transaction was started by hand
    try:
        await conn.execute(INSERT_LINES, decision_id, owner_id, ids, texts, False)
    except asyncpg.ForeignKeyViolationError:  # a memory was deleted since it was read: given, now forgotten
        await conn.execute("ROLLBACK TO SAVEPOINT disclosed_lines")
        await conn.execute(INSERT_LINES, decision_id, owner_id, ids, texts, True)
    await conn.execute("RELEASE SAVEPOINT disclosed_lines")


async def recent_logs(conn: asyncpg.Connection, owner_id: UUID, since: datetime,
                      before: tuple[datetime, UUID] | None, limit: int) -> list[asyncpg.Record]:
    rows: list[asyncpg.Record] = await conn.fetch(
        """SELECT decision_id, created_at, session_id, decisions, asked_by FROM decision_logs
           WHERE owner_id = $1 AND created_at >= $2
             AND ($3::timestamptz IS NULL OR (created_at, decision_id) < ($3, $4))
           ORDER BY created_at DESC, decision_id DESC LIMIT $5""",
        owner_id, since, before[0] if before else None, before[1] if before else None, limit)
    return rows


async def lines_of(conn: asyncpg.Connection, decision_ids: Sequence[UUID]) -> dict[UUID, list[asyncpg.Record]]:
    """The lines each log gave, in order: memory_id (NULL once forgotten), line (NULL once forgotten),
    and whether the caller may see that memory now (`visible`: the read gate, row-level security)."""
    rows = await conn.fetch(
        """SELECT l.decision_id, l.position, l.memory_id, l.line, m.type,
                  (m.memory_id IS NOT NULL) AS visible
           FROM disclosed_lines l
           LEFT JOIN memory_items m ON m.tenant_id = l.tenant_id AND m.memory_id = l.memory_id
           WHERE l.decision_id = ANY($1::uuid[]) ORDER BY l.decision_id, l.position""", list(decision_ids))
    out: dict[UUID, list[asyncpg.Record]] = {}
    for r in rows:
        out.setdefault(r["decision_id"], []).append(r)
    return out


async def current_texts(conn: asyncpg.Connection, memory_ids: Sequence[UUID]) -> dict[UUID, asyncpg.Record]:
    """Memories the caller may see now (logs written before migration 0025 kept no lines)."""
    return {r["id"]: r for r in await conn.fetch(
        "SELECT memory_id AS id, text, type FROM memory_items WHERE memory_id = ANY($1::uuid[])", list(memory_ids))}
