"""SQL for memory items: insert (with BM25 text), reinforce, reads, history snapshots and the
session context copied into following turns. The dedupe lookups are in duplicate_lookup_repo.py,
the outbox in outbox_repo.py, the audit log and tombstones in audit_repo.py, what a new turn is
read with in session_context_repo.py.

All functions take a connection already inside `Database.tenant_tx`, so row-level security scopes
every statement; the explicit owner filters are for the query plans, not for isolation.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Sequence
from uuid import UUID

import asyncpg
import numpy as np

from memcore.adapters.postgres import vectors_param

from ..gated import GatedBatch, require_gated

COLUMNS = """memory_id AS id, owner_id, type, scope, text, subject, predicate, value, value_json,
    source, speaker, confidence, salience, tier, tags, links, pinned, session_id, project_id,
    origin_ref, document_id, duplicate_of, observed_at, valid_from, valid_to, version, session_seq,
    mention_count, pii_types, safety_flags, embedding_model, created_at, updated_at, expires_at,
    layer, source_turns"""


@dataclass
class NewMemory:
    owner_id: UUID
    type: str
    text: str
    search_text: str
    text_hash: str
    embedding: np.ndarray
    embedding_model: str
    observed_at: datetime
    scope: str = "user"
    session_id: str | None = None
    project_id: str | None = None
    subject: str | None = None
    predicate: str | None = None
    value: str | None = None
    value_json: dict[str, Any] | None = None
    source: str = "user"
    speaker: str | None = None
    confidence: float = 0.7
    salience: float = 0.5
    emotion: dict[str, Any] | None = None
    tier: str = "solid"
    tags: list[str] = field(default_factory=list)
    links: list[UUID] = field(default_factory=list)
    origin_ref: str | None = None
    origin_event_id: str | None = None
    document_id: UUID | None = None
    chunk_index: int | None = None
    duplicate_of: UUID | None = None
    pinned: bool = False
    valid_from: datetime | None = None
    retention_policy: str = "default"
    expires_at: datetime | None = None  # memcore.retention.expiry, set by the write path
    pii_types: list[str] = field(default_factory=list)
    safety_flags: list[str] = field(default_factory=list)
    encrypted_original: bytes | None = None
    encryption_key_id: str | None = None
    created_by: UUID | None = None
    context_text: str = ""  # write-time context (previous turns), indexed at BM25 weight B
    session_seq: int | None = None
    layer: str = "knowledge"  # 'record': a turn as said; 'knowledge': what it teaches (migration 0023)
    source_turns: list[UUID] = field(default_factory=list)  # the records a fact was drawn from
    memory_id: UUID = field(default_factory=uuid.uuid4)


_INSERT_FIELDS: list[tuple[str, str]] = [
    ("memory_id", "uuid"), ("owner_id", "uuid"), ("type", "text"), ("scope", "text"),
    ("session_id", "text"), ("project_id", "text"), ("subject", "text"), ("predicate", "text"),
    ("value", "text"), ("text", "text"), ("value_json", "jsonb"), ("source", "text"),
    ("speaker", "text"), ("confidence", "real"), ("salience", "real"), ("emotion", "jsonb"),
    ("tier", "text"), ("origin_ref", "text"), ("origin_event_id", "text"),
    ("document_id", "uuid"), ("chunk_index", "integer"), ("duplicate_of", "uuid"), ("pinned", "boolean"),
    ("observed_at", "timestamptz"), ("valid_from", "timestamptz"), ("retention_policy", "text"),
    ("expires_at", "timestamptz"), ("encrypted_original", "bytea"), ("encryption_key_id", "text"),
    ("text_hash", "text"),
    ("created_by", "uuid"), ("embedding_model", "text"), ("search_text", "text"),
    ("context_text", "text"), ("session_seq", "integer"), ("layer", "text"),
]
# Array-valued columns travel as JSON (unnest cannot take arrays of arrays).
_ARRAY_FIELDS = [("tags", "text[]"), ("links", "uuid[]"), ("pii_types", "text[]"), ("safety_flags", "text[]"),
                 ("source_turns", "uuid[]")]


_DEFAULTS = {
    "valid_from": "coalesce(v.valid_from, v.observed_at, now())",
    "observed_at": "coalesce(v.observed_at, now())",
    "confidence": "coalesce(v.confidence, 0.7)",
    "salience": "coalesce(v.salience, 0.5)",
    "pinned": "coalesce(v.pinned, false)",
    "scope": "coalesce(v.scope, 'user')",
    "source": "coalesce(v.source, 'user')",
    "tier": "coalesce(v.tier, 'solid')",
    "retention_policy": "coalesce(v.retention_policy, 'default')",
    "context_text": "coalesce(v.context_text, '')",
    "layer": "coalesce(v.layer, 'knowledge')",
}


# When it was said, in the clock of the turn (its `at`), like a repeat's (reinforce): the supersession
# consumer judges a value said again by it (consolidator/conflict_rules.last_said).
LAST_SEEN_AT = "coalesce(v.observed_at, now())"


def _select_expr(col: str) -> str:
    return _DEFAULTS.get(col, f"v.{col}")


def _insert_sql() -> str:
    n = len(_INSERT_FIELDS)
    cols = [f for f, _ in _INSERT_FIELDS]
    unnest = ", ".join(f"${i + 1}::{t}[]" for i, (_, t) in enumerate(_INSERT_FIELDS))
    arr_params = {name: n + 1 + i for i, (name, _) in enumerate(_ARRAY_FIELDS)}
    emb_param = n + len(_ARRAY_FIELDS) + 1
    arrays = ", ".join(
        f"ARRAY(SELECT jsonb_array_elements_text(r.a_{name}))::{typ}" for name, typ in _ARRAY_FIELDS
    )
    return f"""
    WITH r AS (
        SELECT * FROM unnest({unnest}, {", ".join(f"${arr_params[name]}::jsonb[]" for name, _ in _ARRAY_FIELDS)},
                             ${emb_param}::vector[])
            AS r({", ".join(cols)}, {", ".join("a_" + name for name, _ in _ARRAY_FIELDS)}, emb)
    ), v AS (
        SELECT r.*, setweight(to_tsvector('english', r.search_text), 'A')
                    || setweight(to_tsvector('english', coalesce(r.context_text, '')), 'B') AS tsv FROM r
    )
    INSERT INTO memory_items ({", ".join(cols)}, {", ".join(name for name, _ in _ARRAY_FIELDS)},
                              embedding, tsv, doc_len, last_seen_at, tenant_id)
    SELECT {", ".join(_select_expr(c) for c in cols)}, {arrays.replace("r.a_", "v.a_")},
           v.emb, v.tsv, bm25_weighted_len(v.tsv), {LAST_SEEN_AT},
           current_setting('app.tenant_id')::uuid
    FROM v
    RETURNING {COLUMNS}
    """


INSERT_SQL = _insert_sql()


async def insert_memories(conn: asyncpg.Connection, gated: GatedBatch, items: Sequence[NewMemory]) -> list[asyncpg.Record]:
    """Inserts new memories, each the text and type of an item `gated` lets through (allow or
    redact): the write gate's batch is the only way in (memory_api/gated.py)."""
    import orjson

    require_gated(gated, [(m.text, m.type) for m in items])
    if not items:
        return []
    params: list[Any] = []
    for name, _ in _INSERT_FIELDS:
        values = [getattr(m, name) for m in items]
        if name in ("value_json", "emotion"):
            values = [None if v is None else orjson.dumps(v).decode() for v in values]
        params.append(values)
    for name, _ in _ARRAY_FIELDS:
        params.append([orjson.dumps([str(x) for x in getattr(m, name)]).decode() for m in items])
    params.append(vectors_param([m.embedding for m in items]))
    # jsonb params were pre-encoded: tell asyncpg to pass them as text
    rows: list[asyncpg.Record] = await conn.fetch(INSERT_SQL.replace("::jsonb[]", "::text[]::jsonb[]"), *params)
    return rows


MAX_SAID_AGAIN = 50  # positions of repeats kept per memory (the oldest go first)


async def reinforce(conn: asyncpg.Connection, memory_id: UUID, seen_at: datetime,
                    session_id: str | None = None, session_seq: int | None = None,
                    source_turn: UUID | None = None) -> asyncpg.Record:
    """An exact repeat: count it, refresh last-seen, raise confidence a step toward 1, and remember
    the session it was said in (said_in, migration 0019: promotion counts sessions, not rows) and
    the turn (said_again, migration 0021: the next turns' coreference window sees whom it named)."""
    return await conn.fetchrow(
        f"""UPDATE memory_items SET mention_count = mention_count + 1,
               last_seen_at = greatest(last_seen_at, $2),
               confidence = least(1.0, confidence + (1 - confidence) * 0.15),
               said_in = CASE WHEN $3::text IS NULL OR $3::text = session_id OR $3::text = ANY(said_in)
                              THEN said_in ELSE said_in || $3::text END,
               said_again = CASE WHEN $3::text IS NULL OR $4::int IS NULL
                                      OR ($3::text = session_id AND $4::int = session_seq) THEN said_again
                                 ELSE (CASE WHEN jsonb_array_length(said_again) >= {MAX_SAID_AGAIN}
                                            THEN said_again - 0 ELSE said_again END)
                                      || jsonb_build_array(jsonb_build_object('s', $3::text, 'q', $4::int)) END,
               source_turns = CASE WHEN $5::uuid IS NULL OR $5::uuid = ANY(source_turns) THEN source_turns
                                   ELSE source_turns || $5::uuid END,
               updated_at = now()
            WHERE memory_id = $1 RETURNING {COLUMNS}""",
        memory_id, seen_at, session_id, session_seq, source_turn,
    )


async def drawn_only_from(conn: asyncpg.Connection, record_id: UUID) -> list[asyncpg.Record]:
    """The knowledge drawn from this turn record and from no other."""
    rows: list[asyncpg.Record] = await conn.fetch(f"SELECT {COLUMNS} FROM memory_items WHERE layer = 'knowledge' "
                                                  "AND source_turns = ARRAY[$1]::uuid[]", record_id)
    return rows


async def unlink_source_turn(conn: asyncpg.Connection, record_id: UUID) -> None:
    """Knowledge also taught by other turns stops citing a forgotten one."""
    await conn.execute("UPDATE memory_items SET source_turns = array_remove(source_turns, $1) "
                       "WHERE source_turns @> ARRAY[$1]::uuid[]", record_id)


async def get(conn: asyncpg.Connection, memory_id: UUID) -> asyncpg.Record | None:
    return await conn.fetchrow(f"SELECT {COLUMNS} FROM memory_items WHERE memory_id = $1", memory_id)


async def get_many(conn: asyncpg.Connection, ids: Sequence[UUID]) -> dict[UUID, asyncpg.Record]:
    rows = await conn.fetch(f"SELECT {COLUMNS} FROM memory_items WHERE memory_id = ANY($1::uuid[])", list(ids))
    return {r["id"]: r for r in rows}


async def get_many_near(conn: asyncpg.Connection, ids: Sequence[UUID], vector: np.ndarray) -> tuple[
        dict[UUID, dict[str, Any]], dict[UUID, float], dict[tuple[UUID, UUID], float]]:
    """get_many, each row's cosine similarity to `vector` (rows without an embedding have none), and
    how alike each two of these rows are that are consecutive turns of one session: (earlier id,
    later id) -> cosine similarity (memcore.retrieval.neighbours: whether they are one exchange).
    One round trip."""
    rows = await conn.fetch(
        f"""SELECT {COLUMNS}, 1 - (embedding <=> $2) AS near, lag(memory_id) OVER turns AS previous_id,
                   CASE WHEN session_id <> '' AND lag(session_seq) OVER turns = session_seq - 1
                        THEN 1 - (embedding <=> lag(embedding) OVER turns) END AS near_previous
            FROM memory_items WHERE memory_id = ANY($1::uuid[])
            WINDOW turns AS (PARTITION BY session_id ORDER BY session_seq)""",
        list(ids), np.asarray(vector, dtype=np.float32))
    out, sims, links = {}, {}, {}
    for r in rows:
        row = dict(r)
        near, previous, near_previous = row.pop("near"), row.pop("previous_id"), row.pop("near_previous")
        out[row["id"]] = row
        if near is not None:
            sims[row["id"]] = float(near)
        if near_previous is not None:
            links[previous, row["id"]] = float(near_previous)
    return out, sims, links


async def snapshot_version(conn: asyncpg.Connection, memory_id: UUID, changed_by: UUID | None, reason: str | None) -> None:
    """Copy the current row into memory_versions before it changes."""
    await conn.execute(
        """INSERT INTO memory_versions (tenant_id, memory_id, version, snapshot, changed_by, reason)
           SELECT tenant_id, memory_id, version,
                  to_jsonb(m) - 'embedding' - 'content_embedding' - 'tsv' - 'encrypted_original', $2, $3
           FROM memory_items m WHERE memory_id = $1""",
        memory_id, changed_by, reason,
    )


async def rebuild_following_context(conn: asyncpg.Connection, owner_id: UUID, session_id: str | None,
                                    seq: int | None, turns: int = 2) -> int:
    """Re-derive the write-time context of the turns that follow `seq` in a session.

    A turn's previous turns are copied into its context_text (BM25 weight B); when one of them is
    deleted or edited, that copy must go too, or forgetting would leave the words behind."""
    if session_id is None or seq is None:
        return 0
    status = await conn.execute(
        """WITH ctx AS (
               SELECT m.memory_id,
                      coalesce((SELECT string_agg(p.search_text, ' ' ORDER BY p.session_seq)
                                FROM memory_items p
                                WHERE p.owner_id = m.owner_id AND p.session_id = m.session_id
                                  AND p.session_seq < m.session_seq AND p.session_seq >= m.session_seq - $4
                                  AND p.type <> 'summary'), '') AS context
               FROM memory_items m
               WHERE m.owner_id = $1 AND m.session_id = $2 AND m.session_seq > $3 AND m.session_seq <= $3 + $4
           )
           UPDATE memory_items m SET context_text = ctx.context,
                  tsv = setweight(to_tsvector('english', m.search_text), 'A')
                        || setweight(to_tsvector('english', ctx.context), 'B'),
                  doc_len = bm25_weighted_len(setweight(to_tsvector('english', m.search_text), 'A')
                        || setweight(to_tsvector('english', ctx.context), 'B'))
           FROM ctx WHERE m.memory_id = ctx.memory_id""",
        owner_id, session_id, seq, turns)
    return int(status.split()[-1])
