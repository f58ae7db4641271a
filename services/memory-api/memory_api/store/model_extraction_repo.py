"""SQL of the model extractor's consumer (memory_api/model_extraction.py): a stored turn, the facts
already drawn from it, and the claim that makes a (turn, extractor version) extracted once.

The claim is a processed_events row (consumer `model_extraction/<version>`, event id the turn's
memory id), written in the transaction that stores the model's facts: a second delivery of the
turn's event, or a second API instance, finds it and writes nothing."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

import asyncpg

from memcore.knowledge.models import Fact
from memcore.policy.contract import ActorRole

TURN_SQL = """SELECT m.memory_id, m.owner_id, m.text, m.speaker, m.layer, m.scope, m.session_id, m.project_id,
                     m.observed_at, m.value_json, m.created_by, w.role AS writer_role, o.display_name AS owner_name
              FROM memory_items m
              LEFT JOIN users w ON w.user_id = m.created_by
              LEFT JOIN users o ON o.user_id = m.owner_id
              WHERE m.memory_id = $1"""

FACTS_SQL = """SELECT subject, predicate, value, type, confidence, text FROM memory_items
               WHERE owner_id = $1 AND $2::uuid = ANY(source_turns) AND layer = 'knowledge'"""

CLAIM_SQL = """INSERT INTO processed_events (tenant_id, consumer, event_id)
               VALUES (current_setting('app.tenant_id')::uuid, $1, $2) ON CONFLICT DO NOTHING RETURNING 1"""

CLAIMED_SQL = "SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2"


@dataclass(frozen=True)
class StoredTurn:
    record_id: UUID
    owner_id: UUID
    text: str
    speaker: str
    scope: str
    session_id: str | None
    project_id: str | None
    observed_at: datetime
    speaker_role: str | None  # as the write path decided it (value_json), None for turns stored before
    writer_id: UUID | None
    writer_role: ActorRole | None
    owner_name: str | None


def consumer_name(version: str) -> str:
    return f"model_extraction/{version}"


async def turn(conn: asyncpg.Connection, memory_id: UUID) -> StoredTurn | None:
    """The turn record `memory_id`, or None (deleted since, or not a turn record)."""
    row = await conn.fetchrow(TURN_SQL, memory_id)
    if row is None or row["layer"] != "record":
        return None
    said_as = (row["value_json"] or {}).get("speaker_role")
    return StoredTurn(row["memory_id"], row["owner_id"], row["text"], row["speaker"] or "", row["scope"],
                      row["session_id"], row["project_id"], row["observed_at"],
                      said_as if isinstance(said_as, str) else None, row["created_by"], row["writer_role"],
                      row["owner_name"])


async def facts_from(conn: asyncpg.Connection, owner_id: UUID, record_id: UUID) -> list[Fact]:
    """The knowledge already drawn from the turn (by the write path's rules, or by an extractor)."""
    return [Fact(r["subject"] or "", r["predicate"] or "", r["value"] or "", r["type"], float(r["confidence"]),
                 r["text"]) for r in await conn.fetch(FACTS_SQL, owner_id, record_id)]


async def claimed(conn: asyncpg.Connection, version: str, record_id: UUID) -> bool:
    return bool(await conn.fetchval(CLAIMED_SQL, consumer_name(version), str(record_id)))


async def claim(conn: asyncpg.Connection, version: str, record_id: UUID) -> bool:
    """True when this transaction is the first to extract the turn with `version`."""
    return bool(await conn.fetchval(CLAIM_SQL, consumer_name(version), str(record_id)))


async def lock_turn(conn: asyncpg.Connection, record_id: UUID) -> bool:
    """Holds the turn record until commit (a forget of it waits); False when it is gone."""
    return bool(await conn.fetchval("SELECT 1 FROM memory_items WHERE memory_id = $1 FOR SHARE", record_id))


async def cite_turn(conn: asyncpg.Connection, memory_ids: list[UUID], record_id: UUID) -> None:
    """Facts the turn said again (an exact repeat of a stored fact, reinforced) cite it as well."""
    await conn.execute("""UPDATE memory_items SET source_turns = source_turns || $2::uuid
                          WHERE memory_id = ANY($1::uuid[]) AND layer = 'knowledge'
                            AND NOT $2::uuid = ANY(source_turns)""", memory_ids, record_id)
