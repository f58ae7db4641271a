"""Postgres side of merge proposals (memcore.entities.merge_candidates is the rule): find an owner's
people, and store the pairs the rule proposes. Used by the consolidator's scheduled job and by the
API's on-demand scan; a pair already proposed (open, accepted, dismissed or undone) is not proposed
again (unique index of migration 0013)."""
from __future__ import annotations

import uuid
from uuid import UUID

import asyncpg

from ..entities.merge_candidates import Person, propose
from ..entities.profiles import Facets


async def people_of(conn: asyncpg.Connection, owner_id: UUID) -> list[Person]:
    rows = await conn.fetch(
        """SELECT e.entity_id, e.canonical_name, e.aliases, e.facets,
                  (SELECT count(*) FROM memory_entities l WHERE l.entity_id = e.entity_id) AS memories
           FROM entities e WHERE e.owner_id = $1 AND e.type = 'person'""", owner_id)
    return [Person(str(r["entity_id"]), r["canonical_name"], tuple(r["aliases"]),
                   Facets.from_json(r["facets"]), int(r["memories"])) for r in rows]


async def propose_for_owner(conn: asyncpg.Connection, owner_id: UUID) -> int:
    """Store the owner's new proposals; how many were new."""
    new = 0
    for p in propose(await people_of(conn, owner_id)):
        status = await conn.execute(
            """INSERT INTO entity_merge_proposals (tenant_id, proposal_id, owner_id, keep_id, merge_id, rule, evidence)
               VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, $5, $6::jsonb)
               ON CONFLICT DO NOTHING""",
            uuid.uuid4(), owner_id, UUID(p.keep_id), UUID(p.merge_id), p.rule, p.evidence)
        new += status.endswith(" 1")
    return new


async def propose_in_tenant(conn: asyncpg.Connection) -> int:
    """Every owner of the tenant (the connection's) that has two people or more."""
    owners = await conn.fetch("SELECT owner_id FROM entities WHERE type = 'person' GROUP BY owner_id "
                              "HAVING count(*) > 1")
    total = 0
    for r in owners:
        total += await propose_for_owner(conn, r["owner_id"])
    return total
