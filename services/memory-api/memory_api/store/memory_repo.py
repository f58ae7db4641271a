"""SQL for memory items: insert (with BM25 text), dedupe lookups, reads, updates, outbox, history.

All functions take a connection already inside `Database.tenant_tx`, so row-level security scopes
every statement; the explicit owner filters are for the query plans, not for isolation.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable, Sequence
from uuid import UUID

import asyncpg
import numpy as np

from memcore.adapters.postgres import vectors_param
from memcore.embedding.spaces import models_in_space
from memcore.personal_data import reason_code
from memcore.retrieval.nearest_strategy import exact_scan_is_cheaper
from memcore.telemetry import tracing

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


async def add_outbox(conn: asyncpg.Connection, owner_id: UUID, event_type: str, aggregate_id: UUID | str,
                     payload: dict[str, Any]) -> None:
    await conn.execute(
        """INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
           VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4)""",
        owner_id, event_type, str(aggregate_id), tracing.with_trace(payload),
    )


async def add_outbox_many(conn: asyncpg.Connection, events: Sequence[tuple[UUID, str, str, dict[str, Any]]]) -> None:
    if not events:
        return
    await conn.execute(
        """INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
           SELECT current_setting('app.tenant_id')::uuid, o, t, a, p::jsonb
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS x(o, t, a, p)""",
        [e[0] for e in events], [e[1] for e in events], [str(e[2]) for e in events],
        [__import__("orjson").dumps(tracing.with_trace(e[3])).decode() for e in events],
    )


async def audit(conn: asyncpg.Connection, actor_id: UUID | None, actor_role: str | None, action: str,
                target_type: str, target_id: str | None, reason: str | None = None,
                old_version: int | None = None, new_version: int | None = None, details: dict[str, Any] | None = None) -> None:
    """Appends to the audit log. `reason` is stored as a code from a fixed set
    (memcore.personal_data.REASON_CODES): a caller's free text never reaches the log, as it may
    quote what is being forgotten. `details` must hold ids, counts and codes only."""
    await conn.execute(
        """INSERT INTO audit_log (tenant_id, actor_id, actor_role, action, reason, target_type, target_id,
                                  old_version, new_version, details)
           VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, $5, $6, $7, $8, $9)""",
        actor_id, actor_role, action, reason_code(reason), target_type, target_id, old_version, new_version,
        details or {},
    )


async def tombstone(conn: asyncpg.Connection, target_type: str, target_id: str, deleted_by: UUID | None,
                    reason: str | None = None, fingerprints: Iterable[bytes] = ()) -> None:
    """Records an erasure: ids, a reason code and fingerprints (hashes of the erased texts' word
    n-grams, for the verification), never the caller's free text nor the content."""
    await conn.execute(
        """INSERT INTO tombstones (tenant_id, tombstone_id, target_type, target_id, deleted_by, reason, fingerprints)
           VALUES (current_setting('app.tenant_id')::uuid, gen_random_uuid(), $1, $2, $3, $4, $5::bytea[])""",
        target_type, str(target_id), deleted_by, reason_code(reason), sorted(fingerprints),
    )


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


@dataclass(frozen=True)
class SessionContext:
    previous: list[str]  # the indexed text of the session's last turns, oldest first
    next_seq: int  # the next turn's number in the session
    owner_name: str | None  # the owner's display name: whom facts about the owner are said of
    organisation: str | None  # the organisation the owner said they work at or run (a team's "we")
    account_org: str | None = None  # an organisation account's own name: a team's "we" before a turn names it


# The session's last records, its next turn number, the owner's name and organisation (the latter
# served by the partial index of migration 0026)
SESSION_CONTEXT_SQL = """WITH me AS (SELECT display_name FROM users WHERE user_id = $1)
       SELECT (SELECT display_name FROM me) AS name,
              (SELECT coalesce(array_agg(search_text ORDER BY session_seq NULLS FIRST, created_at), '{}')
                 FROM (SELECT search_text, session_seq, created_at FROM memory_items
                       WHERE owner_id = $1 AND session_id = $2 AND layer = 'record'
                       ORDER BY session_seq DESC NULLS LAST, created_at DESC LIMIT $3) last) AS previous,
              (SELECT max(session_seq) FROM memory_items
                 WHERE owner_id = $1 AND session_id = $2 AND layer = 'record') AS last_seq,
              (SELECT max((a->>'q')::int) FROM memory_items m, jsonb_array_elements(m.said_again) a
                 WHERE m.owner_id = $1 AND m.said_again @> jsonb_build_array(jsonb_build_object('s', $2::text))
                   AND a->>'s' = $2::text) AS repeated,
              (SELECT CASE WHEN predicate = 'business_kind' THEN subject ELSE value END FROM memory_items
                 WHERE owner_id = $1 AND layer = 'knowledge' AND valid_to IS NULL
                   AND (predicate IN ('organisation', 'works_for', 'runs')
                        AND subject = (SELECT display_name FROM me) OR predicate = 'business_kind')
                 ORDER BY observed_at DESC LIMIT 1) AS organisation,
              (SELECT name FROM tenants WHERE tenant_id = (SELECT tenant_id FROM users WHERE user_id = $1)
                 AND kind = 'organisation') AS account_org"""


async def session_context(conn: asyncpg.Connection, owner_id: UUID, session_id: str, turns: int) -> SessionContext:
    """What a new turn of `session_id` is read with, in one round trip: its session's last `turns`
    records, the next turn number (an exact repeat said in this session takes its number too:
    said_again, migration 0021), the owner's name, the organisation of their latest knowledge and,
    for an organisation account, the account's name."""
    row = await conn.fetchrow(SESSION_CONTEXT_SQL, owner_id, session_id, turns)
    return SessionContext(list(row["previous"]), max(row["last_seq"] or 0, row["repeated"] or 0) + 1,
                          row["name"], row["organisation"], row["account_org"])
