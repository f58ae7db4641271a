"""SQL for the people of a topic (issue 37): when a conversation turns to "the harbour podcast",
the people the owner's memories about it are linked to are who its pronouns mean."""
from __future__ import annotations

from uuid import UUID

import asyncpg

from .rankable import rankable

SCAN = 200  # the owner's most recent memories that say the topic's words, at most


async def people_of_topic(conn: asyncpg.Connection, owner_id: UUID, phrase: str,
                          limit: int = 2) -> list[asyncpg.Record]:
    """People linked to the owner's current memories that say `phrase` (case-insensitive, as
    words), most often first, then the most recently said. "Often" counts statements, not rows: a
    fact in its turn's own words and the turn's record say it once (entity_profiles.STATEMENT_ONCE)."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""WITH about AS (
               SELECT m.tenant_id, m.memory_id, m.text_hash, m.observed_at FROM memory_items m
               WHERE m.owner_id = $1 AND {rankable("m")} AND lower(m.text) ~ $2
               ORDER BY m.observed_at DESC LIMIT $3)
           SELECT e.entity_id, e.canonical_name, e.type, count(DISTINCT a.text_hash) AS n,
                  max(a.observed_at) AS last
           FROM about a
           JOIN memory_entities l ON l.tenant_id = a.tenant_id AND l.memory_id = a.memory_id
           JOIN entities e ON e.tenant_id = l.tenant_id AND e.entity_id = l.entity_id AND e.type = 'person'
           GROUP BY e.entity_id, e.canonical_name, e.type
           ORDER BY n DESC, last DESC LIMIT $4""",
        owner_id, _pattern(phrase), SCAN, limit)
    return rows


async def texts_about(conn: asyncpg.Connection, owner_id: UUID, phrase: str, limit: int = 5) -> list[str]:
    """The texts of the owner's most recent current memories that say `phrase` (as people_of_topic
    finds them): for reading whom a topic belongs to when no person is linked to them."""
    rows = await conn.fetch(
        f"""SELECT m.text FROM memory_items m
           WHERE m.owner_id = $1 AND {rankable("m")} AND lower(m.text) ~ $2
           ORDER BY m.observed_at DESC LIMIT $3""",
        owner_id, _pattern(phrase), limit)
    return [r["text"] for r in rows]


async def names_said(conn: asyncpg.Connection, owner_id: UUID, names: list[str]) -> set[str]:
    """Which of `names` a current memory of the owner says (as words, case-insensitive), among the
    memories the connection's caller may see: a tracked name read from the owner's memories (whose
    a topic is) is shown only to a caller who may read one that says it."""
    if not names:
        return set()
    rows = await conn.fetch(
        f"""SELECT n.name FROM unnest($2::text[], $3::text[]) AS n(name, pattern)
           WHERE EXISTS (SELECT 1 FROM memory_items m
                         WHERE m.owner_id = $1 AND {rankable("m")} AND lower(m.text) ~ n.pattern)""",
        owner_id, names, [_pattern(n) for n in names])
    return {r["name"] for r in rows}


def _pattern(phrase: str) -> str:
    """The phrase as whole words, case-insensitive (against lower(text))."""
    return r"\m" + _escape(phrase.lower()) + r"\M"


def _escape(text: str) -> str:
    """`text` as a literal inside a POSIX regular expression, its spaces matching any whitespace."""
    out = "".join("\\" + c if not c.isalnum() and c != " " else c for c in text)
    return out.replace(" ", r"\s+")
