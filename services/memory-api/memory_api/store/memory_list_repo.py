"""Memory items as the API lists, edits and deletes them one by one (GET /v1/memory/list, PATCH and
DELETE /v1/memory/{id}), and the owner-wide reads of session and context code.

Functions take a connection inside `Database.as_caller` (row-level security applies); the write
path's inserts, dedupe and history live in memory_repo.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Sequence
from uuid import UUID

import asyncpg
import numpy as np

from memcore.textnorm import text_hash

from .memory_repo import COLUMNS
from .rankable import current


@dataclass
class ListFilters:
    """GET /v1/memory/list's filters; times carry a time zone (the router checks)."""
    layer: str | None = None
    types: Sequence[str] | None = None
    tags: Sequence[str] | None = None
    session_id: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    include_history: bool = False


async def page(conn: asyncpg.Connection, owner_id: UUID, f: ListFilters, after: tuple[Any, Any] | None,
               limit: int) -> list[asyncpg.Record]:
    """The owner's memories newest first after the cursor (created_at, memory_id), one more than `limit`."""
    where: list[str] = ["owner_id = $1"]
    params: list[object] = [owner_id]
    if f.layer:
        where.append(f"layer = '{f.layer}'")

    def p(v: object) -> str:
        params.append(v)
        return f"${len(params)}"

    if f.types:
        where.append(f"type = ANY({p(list(f.types))}::text[])")
    if f.tags:
        where.append(f"tags && {p(list(f.tags))}::text[]")
    if f.session_id:
        where.append(f"session_id = {p(f.session_id)}")
    for bound, op in ((f.since, ">="), (f.until, "<=")):
        if bound is not None:
            where.append(f"observed_at {op} {p(bound)}")
    if not f.include_history:
        where.append(current())
    if after:
        where.append(f"(created_at, memory_id) < ({p(after[0])}, {p(after[1])})")
    sql = (f"SELECT {COLUMNS} FROM memory_items WHERE {' AND '.join(where)} "
           f"ORDER BY created_at DESC, memory_id DESC LIMIT {limit + 1}")
    rows: list[asyncpg.Record] = await conn.fetch(sql, *params)
    return rows


async def delete(conn: asyncpg.Connection, memory_id: UUID) -> None:
    """The row goes; its links, vectors and BM25 statistics follow (foreign keys and triggers)."""
    await conn.execute("DELETE FROM memory_items WHERE memory_id = $1", memory_id)


async def linked_entities(conn: asyncpg.Connection, memory_id: UUID) -> list[UUID]:
    return [r["entity_id"] for r in await conn.fetch(
        "SELECT DISTINCT entity_id FROM memory_entities WHERE memory_id = $1 ORDER BY entity_id", memory_id)]


def _update_sql(memory_id: UUID, changes: dict[str, Any], vec: np.ndarray | None, model_name: str) -> list[object]:
    """UPDATE statement and parameters; a text change also refreshes hash, embedding and BM25 text."""
    params: list[object] = [memory_id]
    sets: list[str] = []
    for k, v in changes.items():
        params.append(v)
        sets.append(f"{k} = ${len(params)}")
    if "text" in changes:
        t = f"${list(changes).index('text') + 2}"
        params += [text_hash(changes["text"]), np.asarray(vec, dtype=np.float32), model_name]
        n = len(params)
        sets += [f"text_hash = ${n - 2}", f"embedding = ${n - 1}", f"embedding_model = ${n}",
                 f"search_text = {t}", "context_text = ''", f"tsv = setweight(to_tsvector('english', {t}), 'A')",
                 f"doc_len = bm25_weighted_len(setweight(to_tsvector('english', {t}), 'A'))"]
    sql = (f"UPDATE memory_items SET {', '.join(sets)}, version = version + 1, updated_at = now() "
           f"WHERE memory_id = $1 RETURNING {COLUMNS}")
    return [sql, *params]


async def update(conn: asyncpg.Connection, memory_id: UUID, changes: dict[str, Any], vec: np.ndarray | None, model_name: str) -> asyncpg.Record:
    """Applies the changed columns (a new version); a new text comes with its embedding `vec`."""
    return await conn.fetchrow(*_update_sql(memory_id, changes, vec, model_name))


async def session_texts(conn: asyncpg.Connection, owner_id: UUID, session_id: str) -> list[str]:
    """The texts of the owner's memories of one session that the caller may see."""
    return [r["text"] for r in await conn.fetch(
        "SELECT text FROM memory_items WHERE owner_id = $1 AND session_id = $2", owner_id, session_id)]


async def speakers_of(conn: asyncpg.Connection, owner_id: UUID, limit: int = 100) -> list[str]:
    """The names the owner's memories have as speakers (at most `limit`)."""
    rows = await conn.fetch("SELECT DISTINCT speaker FROM memory_items WHERE owner_id = $1 AND speaker IS NOT NULL "
                            f"LIMIT {int(limit)}", owner_id)
    return [r["speaker"] for r in rows]


async def consent_flagged_rows(conn: asyncpg.Connection, owner_id: UUID) -> list[asyncpg.Record]:
    """(memory_id, type, text, safety_flags) of the owner's memories a household policy may hide:
    all but safety rules. Needs a transaction that sees flagged rows (a guardian's or the system's)."""
    rows: list[asyncpg.Record] = await conn.fetch("SELECT memory_id, type, text, safety_flags FROM memory_items "
                            "WHERE owner_id = $1 AND type <> 'safety'", owner_id)
    return rows


async def set_safety_flags(conn: asyncpg.Connection, changes: Sequence[tuple[UUID, list[str]]]) -> None:
    """(memory_id, flags) pairs: each memory's safety flags replaced (no new version: a re-flag, not an edit)."""
    await conn.executemany("UPDATE memory_items SET safety_flags = $2, updated_at = now() "
                           "WHERE memory_id = $1", changes)
