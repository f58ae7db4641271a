"""SQL the consolidator shares: insert/rewrite a memory (with BM25 text), history, audit, outbox.

Every function takes a connection inside `Database.tenant_tx`, so row-level security scopes it.

Why derived memories need no policy call of their own (the consolidator has no policy client):
everything they store is composed of rows memory-api already stored through its write gate
(memory_api/write_gate.py), which redacted PII in place in every stored string and dropped what
the household does not keep (a child's profanity in a child household among it):
- summaries (extractive.py) are whole sentences of the members' stored `text`, joined with a
  fixed header holding the session id (an identifier the gate refused to store with PII) or the
  month; a cut at the 600/900 character cap only shortens. Residual risk, not gated: sentences
  are joined with a space, so digits ending one sentence and digits starting the next (each
  harmless alone, e.g. "... room 415." + "555 0134 ...") could read as one number;
- promoted facts (phrasing.py) are words of the members' stored texts (a-z only: no digits, no
  "@", so no phone, card or email can be formed), a fixed vocabulary, and the subject/predicate
  already stored on a member;
- value_json holds ids, counts, the month and those same words.
A placeholder ("<PHONE>") in a member stays a placeholder. The members' pii_types are carried over
as their union (`inherited`); the safety flags that decide who may read a derived memory are set by
the database from its links (trigger of migration 0012), so a summary of a memory hidden from a
child is hidden from the child too.
tests/api/test_write_gate_routes.py::test_consolidator_summary_of_redacted_turns_holds_no_raw_pii
checks a summary of turns that carried PII.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Sequence
from uuid import UUID

import asyncpg
import numpy as np

from memcore.textnorm import text_hash

ROW = """memory_id, owner_id, type, scope, session_id, subject, predicate, value, text, value_json, source,
    confidence, salience, tier, tags, links, pinned, observed_at, valid_from, valid_to, version,
    mention_count, embedding, embedding_model, created_at, pii_types, said_in, content_embedding, source_turns"""

# doc_len as the write path computes it: the number of token positions in the tsvector
DOC_LEN = "(SELECT coalesce(sum(coalesce(array_length(u.positions, 1), 1)), 0) FROM unnest(to_tsvector('english', $T)) u)"


@dataclass
class DerivedMemory:
    """A memory the consolidator writes (promoted fact, summary)."""

    owner_id: UUID
    type: str
    text: str
    embedding: np.ndarray | None
    embedding_model: str | None
    links: list[UUID]
    value_json: dict[str, Any]
    confidence: float = 0.7
    salience: float = 0.5
    tier: str = "solid"
    scope: str = "user"
    session_id: str | None = None
    subject: str | None = None
    predicate: str | None = None
    value: str | None = None
    tags: list[str] = field(default_factory=list)
    observed_at: datetime | None = None
    valid_from: datetime | None = None
    pii_types: list[str] = field(default_factory=list)
    memory_id: UUID = field(default_factory=uuid.uuid4)


def inherited(rows: Sequence[Any]) -> dict[str, list[str]]:
    """pii_types of a memory derived from `rows`: the union of theirs. (Its audience flags come
    from the database, from its links: migration 0012.)"""
    return {"pii_types": sorted({v for r in rows for v in (r["pii_types"] or ())})}


async def get_row(conn: asyncpg.Connection, memory_id: UUID | str) -> asyncpg.Record | None:
    return await conn.fetchrow(f"SELECT {ROW} FROM memory_items WHERE memory_id = $1", UUID(str(memory_id)))


async def get_rows(conn: asyncpg.Connection, ids: Sequence[UUID]) -> list[asyncpg.Record]:
    return await conn.fetch(f"SELECT {ROW} FROM memory_items WHERE memory_id = ANY($1::uuid[]) "
                            "ORDER BY observed_at, memory_id",
                            list(ids))


async def insert_derived(conn: asyncpg.Connection, m: DerivedMemory) -> UUID:
    await conn.execute(
        f"""INSERT INTO memory_items (tenant_id, memory_id, owner_id, type, scope, session_id, subject, predicate,
                value, text, value_json, source, confidence, salience, tier, tags, links, observed_at, valid_from,
                text_hash, embedding, embedding_model, search_text, tsv, doc_len, pii_types)
            VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'system',
                    $11, $12, $13, $14, $15, coalesce($16, now()), coalesce($17, now()), $18, $19, $20, $9,
                    to_tsvector('english', $9), {DOC_LEN.replace('$T', '$9')}, $21)""",
        m.memory_id, m.owner_id, m.type, m.scope, m.session_id, m.subject, m.predicate, m.value, m.text,
        m.value_json, m.confidence, m.salience, m.tier, m.tags, m.links, m.observed_at, m.valid_from,
        text_hash(m.text), m.embedding, m.embedding_model, m.pii_types,
    )
    return m.memory_id


async def rewrite_derived(conn: asyncpg.Connection, memory_id: UUID, m: DerivedMemory, reason: str) -> None:
    """New content for an existing derived memory: snapshot the old version first."""
    await snapshot_version(conn, memory_id, reason)
    await conn.execute(
        f"""UPDATE memory_items SET text = $2, search_text = $2, tsv = to_tsvector('english', $2),
                doc_len = {DOC_LEN.replace('$T', '$2')}, text_hash = $3, value_json = $4, links = $5,
                confidence = $6, embedding = coalesce($7, embedding), embedding_model = coalesce($8, embedding_model),
                subject = $9, predicate = $10, value = $11, salience = $12, version = version + 1, updated_at = now(),
                last_seen_at = now(), pii_types = $13
            WHERE memory_id = $1""",
        memory_id, m.text, text_hash(m.text), m.value_json, m.links, m.confidence, m.embedding,
        m.embedding_model, m.subject, m.predicate, m.value, m.salience, m.pii_types,
    )


async def snapshot_version(conn: asyncpg.Connection, memory_id: UUID, reason: str) -> None:
    await conn.execute(
        """INSERT INTO memory_versions (tenant_id, memory_id, version, snapshot, reason)
           SELECT tenant_id, memory_id, version, to_jsonb(m) - 'embedding' - 'content_embedding' - 'tsv' - 'encrypted_original', $2
           FROM memory_items m WHERE memory_id = $1
           ON CONFLICT (tenant_id, memory_id, version) DO NOTHING""",
        memory_id, reason,
    )


async def audit(conn: asyncpg.Connection, action: str, target_id: UUID | str, reason: str | None = None,
                old_version: int | None = None, new_version: int | None = None, details: dict | None = None) -> None:
    await conn.execute(
        """INSERT INTO audit_log (tenant_id, actor_role, action, reason, target_type, target_id,
                                  old_version, new_version, details)
           VALUES (current_setting('app.tenant_id')::uuid, 'system', $1, $2, 'memory', $3, $4, $5, $6)""",
        action, reason, str(target_id), old_version, new_version, details or {},
    )


async def outbox(conn: asyncpg.Connection, owner_id: UUID, event_type: str, memory_id: UUID, payload: dict) -> None:
    await conn.execute(
        """INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
           VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4)""",
        owner_id, event_type, str(memory_id), {"memory_id": str(memory_id), **payload},
    )


# Idempotent consumers (consumer.py): an event's claim, and the count of applied events per owner, each in
# the transaction of the event's effect.
CLAIM_SQL = """INSERT INTO processed_events (tenant_id, consumer, event_id)
               SELECT current_setting('app.tenant_id')::uuid, $1, e FROM unnest($2::text[]) AS e
               ON CONFLICT DO NOTHING RETURNING event_id"""

PROGRESS_SQL = """INSERT INTO consumer_progress (tenant_id, consumer, owner_id, applied, last_event_id)
                  SELECT current_setting('app.tenant_id')::uuid, $1, k.owner_id, k.n, k.last_event_id
                  FROM unnest($2::uuid[], $3::bigint[], $4::text[]) AS k(owner_id, n, last_event_id)
                  ON CONFLICT (tenant_id, consumer, owner_id)
                  DO UPDATE SET applied = consumer_progress.applied + EXCLUDED.applied,
                                last_event_id = EXCLUDED.last_event_id, updated_at = now()"""


async def claim_events(conn: asyncpg.Connection, consumer: str, event_ids: Sequence[str]) -> set[str]:
    """Claims the events `consumer` has not processed yet (one statement); returns the ids claimed now.
    An id claimed before (committed, or by a concurrent transaction that then commits) is not returned."""
    return {r[0] for r in await conn.fetch(CLAIM_SQL, consumer, list(dict.fromkeys(event_ids)))}


async def count_applied(conn: asyncpg.Connection, consumer: str, applied: Sequence[tuple[str, str]]) -> None:
    """consumer_progress: each owner's applied count grows by its events in `applied` ((owner, event id),
    in order); last_event_id is the owner's last one (one statement)."""
    counts: dict[str, int] = {}
    last: dict[str, str] = {}
    for owner, event_id in applied:
        counts[owner] = counts.get(owner, 0) + 1
        last[owner] = event_id
    if counts:
        await conn.execute(PROGRESS_SQL, consumer, list(counts), list(counts.values()), [last[o] for o in counts])


async def advisory_lock(conn: asyncpg.Connection, *parts: str) -> None:
    """Serialises consolidator transactions on one key (owner, fact slot ...) until commit."""
    await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", "|".join(parts))


def as_array(v: Any) -> np.ndarray:
    """pgvector values come back as numpy arrays or `Vector` objects, depending on the version."""
    return np.asarray(v.to_numpy() if hasattr(v, "to_numpy") else v, dtype=np.float32)


def centroid(vectors: Sequence[Any]) -> np.ndarray | None:
    vs = [as_array(v) for v in vectors if v is not None]
    if not vs:
        return None
    c = np.mean(vs, axis=0)
    n = float(np.linalg.norm(c))
    return c / n if n > 0 else None
