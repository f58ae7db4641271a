"""SQL for the statements of a fact's slot (subject, predicate): what an exact repeat decides by
(memcore.knowledge.repeats). Runs inside the caller's tenant transaction."""
from __future__ import annotations

from typing import Sequence
from uuid import UUID

import asyncpg

from memcore.knowledge.conflict_rules import FACT_TYPES, Fact
from memcore.knowledge.repeats import Statement

# Every row of the slots, open or closed; said_at as the supersession consumer reads it.
_STATEMENTS_SQL = """
    SELECT m.memory_id, m.subject, m.predicate, m.value, m.source, m.confidence, m.valid_from, m.type,
           CASE WHEN m.mention_count > 1 THEN m.last_seen_at END AS said_at,
           m.text_hash, m.valid_to IS NULL AS is_open, m.created_at, s.subject AS asked_subject
    FROM memory_items m
    JOIN unnest($2::text[], $3::text[]) AS s(subject, predicate)
      ON lower(m.subject) = lower(s.subject) AND m.predicate = s.predicate
    WHERE m.owner_id = $1 AND m.type = ANY($4::text[])
"""


async def statements(conn: asyncpg.Connection, owner_id: UUID,
                     slots: Sequence[tuple[str, str]]) -> dict[tuple[str, str], list[Statement]]:
    """(subject, predicate) as asked -> the stored statements of that slot (the subject compared
    case-insensitively, as the supersession consumer does), for each slot asked."""
    wanted = sorted(set(slots))
    out: dict[tuple[str, str], list[Statement]] = {key: [] for key in wanted}
    if not wanted:
        return out
    rows = await conn.fetch(_STATEMENTS_SQL, owner_id, [s for s, _ in wanted], [p for _, p in wanted],
                            sorted(FACT_TYPES))
    for r in rows:
        fact = Fact(memory_id=str(r["memory_id"]), subject=r["subject"], predicate=r["predicate"], value=r["value"],
                    source=r["source"], confidence=float(r["confidence"]), valid_from=r["valid_from"],
                    type=r["type"], said_at=r["said_at"])
        out[(r["asked_subject"], r["predicate"])].append(
            Statement(fact=fact, text_hash=r["text_hash"], is_open=r["is_open"], committed_at=r["created_at"]))
    return out
