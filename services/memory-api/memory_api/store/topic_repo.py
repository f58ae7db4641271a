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
    words), most often first, then the most recently said."""
    pattern = r"\m" + _escape(phrase.lower()) + r"\M"
    return await conn.fetch(
        f"""WITH about AS (
               SELECT m.tenant_id, m.memory_id, m.observed_at FROM memory_items m
               WHERE m.owner_id = $1 AND {rankable("m")} AND lower(m.text) ~ $2
               ORDER BY m.observed_at DESC LIMIT $3)
           SELECT e.entity_id, e.canonical_name, e.type, count(*) AS n, max(a.observed_at) AS last
           FROM about a
           JOIN memory_entities l ON l.tenant_id = a.tenant_id AND l.memory_id = a.memory_id
           JOIN entities e ON e.tenant_id = l.tenant_id AND e.entity_id = l.entity_id AND e.type = 'person'
           GROUP BY e.entity_id, e.canonical_name, e.type
           ORDER BY n DESC, last DESC LIMIT $4""",
        owner_id, pattern, SCAN, limit)


def _escape(text: str) -> str:
    """`text` as a literal inside a POSIX regular expression, its spaces matching any whitespace."""
    out = "".join("\\" + c if not c.isalnum() and c != " " else c for c in text)
    return out.replace(" ", r"\s+")
