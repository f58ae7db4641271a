"""SQL for the identity line of each person a clarification asks about (issue 37): the one memory
that best says who the entity is, so that "Which Peter?" comes with a line on every Peter."""
from __future__ import annotations

from typing import Sequence
from uuid import UUID

import asyncpg

from memcore.adapters.entity_profiles import FOUNDATIONAL_FIRST
from memcore.knowledge.vocabulary import WHERE_ONE_IS

from .rankable import undisputed
from .search_repo import memory_by_key

_LINKS = "memory_entities l " + memory_by_key("l", "m.text, m.salience, m.layer, m.predicate")
# a fact that says only where the entity is comes after one that says who it is ("a paediatric nurse" before
# "works in Leeds", said in one sentence)
_ONLY_WHERE = "coalesce(m.predicate IN (" + ", ".join(f"'{p}'" for p in sorted(WHERE_ONE_IS)) + "), false)"


async def identity_lines(conn: asyncpg.Connection, owner_id: UUID, entity_ids: Sequence[UUID], where: str,
                         params: Sequence[object]) -> dict[UUID, UUID]:
    """Entity id -> the memory that best says who it is: a fact about the entity itself (its
    subject) of the lasting kinds first (relationships and identity, then roles and skills), a
    learned fact before the turn it came from, one that says who it is before one that says only
    where it is, then the most salient, then the oldest. `where`
    and `params` (numbered from $3): the request's filters on `m`."""
    if not entity_ids:
        return {}
    rows = await conn.fetch(
        f"""SELECT DISTINCT ON (l.entity_id) l.entity_id, m.memory_id FROM {_LINKS}
            WHERE m.owner_id = $1 AND l.entity_id = ANY($2::uuid[]) AND {where} AND {undisputed("m")}
            ORDER BY l.entity_id, (l.role = 'subject') DESC, {FOUNDATIONAL_FIRST}, (m.layer = 'record'), {_ONLY_WHERE},
                     m.salience DESC, m.observed_at""",
        owner_id, list(entity_ids), *params)
    return {r["entity_id"]: r["memory_id"] for r in rows}
