"""SQL for the write path's dedupe lookups: live memories of the same normalised text
(find_exact_many) and the nearest vectors of the same type (nearest_many).

Each function takes a connection already inside `Database.tenant_tx`, so row-level security scopes
every statement; the explicit owner filters are for the query plans, not for isolation."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence
from uuid import UUID

import asyncpg
import numpy as np

from memcore.adapters.postgres import vectors_param
from memcore.embedding.spaces import models_in_space
from memcore.retrieval.nearest_strategy import exact_scan_is_cheaper


async def find_exact_many(conn: asyncpg.Connection, owner_id: UUID, keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], UUID]:
    """(text_hash, type) -> the live memory with that normalised text, in one query."""
    if not keys:
        return {}
    rows = await conn.fetch(
        """SELECT DISTINCT ON (text_hash, type) text_hash, type, memory_id FROM memory_items
           WHERE owner_id = $1 AND text_hash = ANY($2::text[]) AND valid_to IS NULL
           ORDER BY text_hash, type, created_at""",
        owner_id, list({k[0] for k in keys}))
    wanted = set(keys)
    return {(r["text_hash"], r["type"]): r["memory_id"] for r in rows if (r["text_hash"], r["type"]) in wanted}


NEAREST_EF_SEARCH = 16
# How many index tuples one lookup may visit to find a row of this owner and type (iterative scan).
NEAREST_MAX_SCAN_TUPLES = 1000

_NEAREST_SQL = """WITH q AS MATERIALIZED (
        SELECT v, t, i FROM unnest($2::vector[], $3::text[]) WITH ORDINALITY AS q0(v, t, i))
    SELECT q.i, n.* FROM q
    CROSS JOIN LATERAL (
        SELECT m.memory_id, 1 - (m.embedding <=> q.v) AS sim, m.embedding_model{columns} FROM memory_items m
        WHERE m.owner_id = $1 AND m.type = q.t AND m.valid_to IS NULL AND m.embedding IS NOT NULL
          AND m.embedding_model = ANY($4::text[])  -- other spaces (awaiting `memctl reembed`) do not compare
        ORDER BY {order} LIMIT $5) n"""
# (exact scan, with rows) -> the statement. The exact scan orders by the distance in an expression
# the HNSW index cannot serve; "with rows" adds each neighbour's search text and vector.
_NEAREST = {(exact, rows): _NEAREST_SQL.format(columns=", m.search_text, m.embedding" if rows else "",
                                                order="(m.embedding <=> q.v) + 0" if exact else "m.embedding <=> q.v")
            for exact in (True, False) for rows in (True, False)}
NEAREST_EXACT_SQL, NEAREST_HNSW_SQL = _NEAREST[True, False], _NEAREST[False, False]


@dataclass(frozen=True)
class Neighbour:
    """A stored memory close to a vector: its cosine, the model of its vector and, when asked, the
    text that was embedded and the vector itself."""

    memory_id: UUID
    sim: float
    model: str
    search_text: str | None = None
    embedding: np.ndarray | None = None


async def nearest_many(conn: asyncpg.Connection, owner_id: UUID, vectors: Sequence[np.ndarray],
                       types: Sequence[str], model: str, *, k: int = 1,
                       with_rows: bool = False) -> list[list[Neighbour]]:
    """For each vector (of embedding `model`), the owner's `k` closest live memories of the same type
    whose vectors are in `model`'s space (memcore.embedding.spaces), closest first; one round trip.
    `with_rows`: with each neighbour's search text and vector."""
    out: list[list[Neighbour]] = [[] for _ in vectors]
    if not vectors:
        return out
    sizes = await conn.fetchrow(
        """SELECT (SELECT doc_count FROM bm25_owner_stats WHERE owner_id = $1) AS owner_rows,
                  (SELECT reltuples::bigint FROM pg_class WHERE oid = 'memory_items'::regclass) AS table_rows""",
        owner_id)
    owner_rows = sizes["owner_rows"] or 0
    if not owner_rows:
        return out
    ef_search = max(NEAREST_EF_SEARCH, k)
    if exact_scan_is_cheaper(owner_rows, sizes["table_rows"] or 0, ef_search, NEAREST_MAX_SCAN_TUPLES):
        sql, settings = _NEAREST[True, with_rows], {}
    else:
        # A near duplicate (cosine >= 0.93) is among the very closest vectors: a short candidate
        # list finds it. Sorting off: with statistics that do not know the owner yet, the planner
        # would otherwise scan and sort all of its rows per lookup (dedupe p50 1,235 ms a batch of
        # 250 in `memctl bench ingest` on a new database). Planned for this owner, so a large
        # owner's own index serves it (memcore.retrieval.owner_vector_index).
        sql = _NEAREST[False, with_rows]
        settings = {"hnsw.ef_search": str(ef_search), "hnsw.iterative_scan": "relaxed_order",
                    "hnsw.max_scan_tuples": str(NEAREST_MAX_SCAN_TUPLES), "enable_sort": "off",
                    "plan_cache_mode": "force_custom_plan"}
    previous = await _set_local(conn, settings) if settings else {}
    try:
        rows = await conn.fetch(sql, owner_id, vectors_param(vectors), list(types), models_in_space(model), k)
    finally:
        if previous:
            await _set_local(conn, previous)  # the rest of the transaction plans as usual
    for r in rows:
        out[r["i"] - 1].append(Neighbour(r["memory_id"], float(r["sim"]), r["embedding_model"],
                                         r["search_text"] if with_rows else None,
                                         r["embedding"].to_numpy() if with_rows else None))
    for found in out:
        found.sort(key=lambda n: -n.sim)
    return out


async def _set_local(conn: asyncpg.Connection, settings: dict[str, str]) -> dict[str, str]:
    """Sets planner/index settings for the rest of the transaction; returns their previous values."""
    rows = await conn.fetch(
        """SELECT k, current_setting(k), set_config(k, v, true) FROM unnest($1::text[], $2::text[]) AS s(k, v)""",
        list(settings), list(settings.values()))
    return {r[0]: r[1] for r in rows}
