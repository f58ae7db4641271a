"""SQL for entities: resolve-or-create by name/alias, link memories, find entities named in a query."""
from __future__ import annotations

import uuid
from typing import Sequence
from uuid import UUID

import asyncpg

from memcore.textnorm import norm_name

FOUNDATIONAL_FIRST = """CASE m.type WHEN 'relationship' THEN 0 WHEN 'identity' THEN 0 WHEN 'process' THEN 1
    WHEN 'semantic' THEN 1 WHEN 'preference' THEN 2 WHEN 'skill' THEN 2 ELSE 3 END"""


async def resolve_or_create(conn: asyncpg.Connection, owner_id: UUID, name: str, type_: str,
                            aliases: Sequence[str] = (), parent_entity_id: UUID | None = None) -> UUID:
    """Exact (case/accent-insensitive) name or alias match first; a repeated alias never creates a twin."""
    names = [n for n in {norm_name(name), *(norm_name(a) for a in aliases)} if n]
    row = await conn.fetchrow(
        """SELECT entity_id, aliases FROM entities WHERE owner_id = $1 AND norm_names && $2::text[]
           ORDER BY (norm_names @> ARRAY[$3]::text[]) DESC, created_at LIMIT 1""",
        owner_id, names, norm_name(name))
    if row is not None:
        new_aliases = [a for a in aliases if a not in row["aliases"]]
        if new_aliases:
            await conn.execute(
                """UPDATE entities SET aliases = aliases || $2::text[],
                       norm_names = ARRAY(SELECT DISTINCT unnest(norm_names || $3::text[])), updated_at = now()
                   WHERE entity_id = $1""",
                row["entity_id"], new_aliases, names)
        return row["entity_id"]
    entity_id = uuid.uuid4()
    await conn.execute(
        """INSERT INTO entities (tenant_id, entity_id, owner_id, type, canonical_name, aliases, norm_names,
                                 parent_entity_id)
           VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, $5, $6, $7)""",
        entity_id, owner_id, type_, name, [a for a in aliases if a != name], names, parent_entity_id)
    return entity_id


async def link(conn: asyncpg.Connection, links: Sequence[tuple[UUID, UUID, str]]) -> None:
    """(memory_id, entity_id, role) rows."""
    if links:
        await conn.execute(
            """INSERT INTO memory_entities (tenant_id, memory_id, entity_id, role)
               SELECT current_setting('app.tenant_id')::uuid, m, e, r
               FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS x(m, e, r) ON CONFLICT DO NOTHING""",
            [lk[0] for lk in links], [lk[1] for lk in links], [lk[2] for lk in links])


async def add_edge(conn: asyncpg.Connection, src: UUID, predicate: str, dst: UUID, memory_id: UUID | None) -> None:
    await conn.execute(
        """INSERT INTO entity_edges (tenant_id, edge_id, src_entity_id, predicate, dst_entity_id, memory_id)
           SELECT current_setting('app.tenant_id')::uuid, gen_random_uuid(), $1, $2, $3, $4
           WHERE NOT EXISTS (SELECT 1 FROM entity_edges WHERE src_entity_id = $1 AND predicate = $2
                             AND dst_entity_id = $3 AND valid_to IS NULL)""",
        src, predicate, dst, memory_id)


async def named_in(conn: asyncpg.Connection, owner_id: UUID, ngrams: Sequence[str]) -> list[asyncpg.Record]:
    """Entities whose name or alias appears in the query's word n-grams."""
    if not ngrams:
        return []
    return await conn.fetch(
        """SELECT entity_id, type, canonical_name, aliases, norm_names FROM entities
           WHERE owner_id = $1 AND norm_names && $2::text[]""",
        owner_id, list(ngrams))


async def entity_memories(conn: asyncpg.Connection, owner_id: UUID, entity_ids: Sequence[UUID], where: str,
                          params: list, limit: int = 20) -> list[tuple[UUID, float]]:
    """Memories linked to the entities: foundational facts first, then by salience, then oldest."""
    if not entity_ids:
        return []
    rows = await conn.fetch(
        f"""SELECT m.memory_id, m.salience FROM memory_items m
            JOIN memory_entities l ON l.memory_id = m.memory_id AND l.tenant_id = m.tenant_id
            WHERE m.owner_id = $1 AND l.entity_id = ANY($2::uuid[]) AND {where}
            GROUP BY m.memory_id, m.type, m.salience, m.observed_at
            ORDER BY {FOUNDATIONAL_FIRST}, m.salience DESC, count(*) DESC, m.observed_at
            LIMIT {int(limit)}""",
        owner_id, list(entity_ids), *params)
    return [(r["memory_id"], float(r["salience"])) for r in rows]
