"""SQL for entities: candidates by name/alias/near spelling, create, link memories, edges, living
profiles, the graph walk for relation queries, and the admin operations (rename, merge, split)."""
from __future__ import annotations

import uuid
from typing import Any, Sequence
from uuid import UUID

import asyncpg
import numpy as np

from memcore.adapters.entity_profiles import (  # noqa: F401 (profile SQL shared with the consolidator)
    ENTITY_COLUMNS, FOUNDATIONAL_FIRST, STATEMENT_ONCE, STATEMENT_ONCE_ORDER, profile_inputs, store_profile)
from memcore.adapters.entity_profiles import edges_of as edges_of  # an entity's edges, read by the entities router
from memcore.textnorm import norm_name

from .search_repo import memory_by_key


# An entity's linked memories, driven from its links (see search_repo.memory_by_key).
LINKED_MEMORIES = "memory_entities l " + memory_by_key("l", "m.text, m.salience, m.text_hash, m.layer")
NEAR_SPELLING_MIN = 0.55  # pg_trgm similarity of canonical names for a near spelling ("Sara" / "Sarah")


def lookup_names(name: str, type_: str, aliases: Sequence[str] = ()) -> list[str]:
    """Normalised names an entity is found by; a person with a full name is also found by the first
    name ("Peter Alvarez" answers to "Peter", where disambiguation decides)."""
    names = [n for n in dict.fromkeys([norm_name(name), *(norm_name(a) for a in aliases)]) if n]
    words = norm_name(name).split()
    if type_ == "person" and 2 <= len(words) <= 3 and len(words[0]) > 1:
        names.append(words[0])
    return list(dict.fromkeys(names))


async def candidates(conn: asyncpg.Connection, owner_id: UUID, names: Sequence[str]) -> list[asyncpg.Record]:
    if not names:
        return []
    rows: list[asyncpg.Record] = await conn.fetch(
        f"SELECT {ENTITY_COLUMNS} FROM entities WHERE owner_id = $1 AND norm_names && $2::text[] "
        "ORDER BY created_at", owner_id, list(names))
    return rows


async def near_spellings(conn: asyncpg.Connection, owner_id: UUID, name: str, type_: str) -> list[asyncpg.Record]:
    if len(name) < 4:
        return []
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {ENTITY_COLUMNS} FROM entities WHERE owner_id = $1 AND type = $3
            AND lower(canonical_name) % lower($2) AND similarity(lower(canonical_name), lower($2)) >= $4
            ORDER BY similarity(lower(canonical_name), lower($2)) DESC LIMIT 5""",
        owner_id, name, type_, NEAR_SPELLING_MIN)
    return rows


async def create(conn: asyncpg.Connection, owner_id: UUID, name: str, type_: str, aliases: Sequence[str] = (),
                 parent_entity_id: UUID | None = None, facets: dict[str, Any] | None = None) -> UUID:
    entity_id = uuid.uuid4()
    await conn.execute(
        """INSERT INTO entities (tenant_id, entity_id, owner_id, type, canonical_name, aliases, norm_names,
                                 parent_entity_id, facets)
           VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, $5, $6, $7, $8)""",
        entity_id, owner_id, type_, name, [a for a in dict.fromkeys(aliases) if a != name],
        lookup_names(name, type_, aliases), parent_entity_id, facets or {})
    return entity_id


# An entity that nothing treats as an organisation: no membership edge ends at it and no entity of its owner
# has it as its parent (what may be retyped as a person: misread.introduced_as_other). Scoped to the
# tenant and owner, so both look-ups use an index (entity_edges_dst, entities_owner).
_NO_MEMBERS = """NOT EXISTS (SELECT 1 FROM entity_edges x WHERE x.tenant_id = e.tenant_id AND x.dst_entity_id = e.entity_id
                                AND x.predicate IN ('works_for', 'belongs_to'))
                 AND NOT EXISTS (SELECT 1 FROM entities c WHERE c.tenant_id = e.tenant_id AND c.owner_id = e.owner_id
                                 AND c.parent_entity_id = e.entity_id)"""


async def other_types_by_first_word(conn: asyncpg.Connection, owner_id: UUID, first: str) -> list[asyncpg.Record]:
    """The owner's entities of a type other than person whose name has several words, the first `first`
    (normalised), and that nothing treats as an organisation; with the texts of their linked memories (`said`)."""
    return await other_types_by_first_words(conn, owner_id, [first])


async def other_types_by_first_words(conn: asyncpg.Connection, owner_id: UUID,
                                     firsts: Sequence[str]) -> list[asyncpg.Record]:
    """other_types_by_first_word of any of `firsts` at once."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {ENTITY_COLUMNS}, ARRAY(SELECT m.text FROM {LINKED_MEMORIES} WHERE l.entity_id = e.entity_id) AS said
              FROM entities e WHERE e.owner_id = $1 AND e.type <> 'person'
              AND EXISTS (SELECT 1 FROM unnest(e.norm_names) n WHERE n LIKE '% %' AND split_part(n, ' ', 1) = ANY($2::text[]))
              AND {_NO_MEMBERS} ORDER BY e.created_at""", owner_id, list(firsts))
    return rows


async def retype_as_person(conn: asyncpg.Connection, entity_id: UUID, name: str,
                           aliases: Sequence[str]) -> asyncpg.Record | None:
    """Make an entity a person, found by its first name from now on (a person introduced under another
    type; `name`, `aliases`: its names as fetched), with the texts of its linked memories (`said`: what was
    said of them while they were kept so). One statement, idempotent: two writes that retype it at once
    both get it back. None when something treats it as an organisation."""
    row: asyncpg.Record | None = await conn.fetchrow(
        f"""UPDATE entities e SET type = 'person', norm_names = $2, profile_stale = true, updated_at = now()
            WHERE e.entity_id = $1 AND {_NO_MEMBERS} RETURNING {ENTITY_COLUMNS},
            ARRAY(SELECT m.text FROM {LINKED_MEMORIES} WHERE l.entity_id = e.entity_id) AS said""",
        entity_id, lookup_names(name, "person", aliases))
    return row


async def add_names(conn: asyncpg.Connection, entity_id: UUID, aliases: Sequence[str]) -> None:
    await conn.execute(
        """UPDATE entities SET aliases = ARRAY(SELECT DISTINCT a FROM unnest(aliases || $2::text[]) a
                                               WHERE a <> canonical_name),
               norm_names = ARRAY(SELECT DISTINCT unnest(norm_names || $3::text[])), updated_at = now()
           WHERE entity_id = $1 AND NOT (aliases @> $2::text[])""",
        entity_id, list(aliases), [norm_name(a) for a in aliases if norm_name(a)])


async def set_facets(conn: asyncpg.Connection, entity_id: UUID, facets: dict[str, Any]) -> None:
    await conn.execute("UPDATE entities SET facets = $2, updated_at = now() WHERE entity_id = $1", entity_id, facets)


async def set_parent_if_missing(conn: asyncpg.Connection, entity_id: UUID, parent_id: UUID) -> None:
    await conn.execute("UPDATE entities SET parent_entity_id = $2, updated_at = now() WHERE entity_id = $1 "
                       "AND parent_entity_id IS NULL AND entity_id <> $2", entity_id, parent_id)


async def resolve_or_create(conn: asyncpg.Connection, owner_id: UUID, name: str, type_: str,
                            aliases: Sequence[str] = (), parent_entity_id: UUID | None = None) -> UUID:
    """Exact (case/accent-insensitive) name or alias match, else a new entity (no disambiguation;
    used for relation ends and imports)."""
    names = lookup_names(name, type_, aliases)[: 1 + len(aliases)]
    rows = await candidates(conn, owner_id, names)
    if rows:
        best = next((r for r in rows if norm_name(name) in r["norm_names"]), rows[0])
        new = [a for a in aliases if a not in best["aliases"] and a != best["canonical_name"]]
        if new:
            await add_names(conn, best["entity_id"], new)
        found: UUID = best["entity_id"]
        return found
    return await create(conn, owner_id, name, type_, aliases, parent_entity_id)


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


# ---- living profiles (profile_inputs, store_profile: memcore.adapters.entity_profiles) ---------

async def store_embeddings(conn: asyncpg.Connection, rows: Sequence[tuple[UUID, np.ndarray, str, str]]) -> None:
    """(entity_id, vector, model, the summary that was embedded): skipped if the summary moved on."""
    for entity_id, vec, model, summary in rows:
        await conn.execute(
            """UPDATE entities SET profile_embedding = $2, embedding_model = $3,
                   profile_stale = (profile_summary IS DISTINCT FROM $4) WHERE entity_id = $1""",
            entity_id, np.asarray(vec, dtype=np.float32), model, summary)


# ---- read side --------------------------------------------------------------------------------

async def named_in(conn: asyncpg.Connection, owner_id: UUID, ngrams: Sequence[str]) -> list[asyncpg.Record]:
    """Entities whose name or alias (or a person's first name) appears in the query's word n-grams."""
    if not ngrams:
        return []
    rows: list[asyncpg.Record] = await conn.fetch(
        f"SELECT {ENTITY_COLUMNS} FROM entities WHERE owner_id = $1 AND norm_names && $2::text[]",
        owner_id, list(ngrams))
    return rows


async def get_entities(conn: asyncpg.Connection, ids: Sequence[UUID]) -> list[asyncpg.Record]:
    rows: list[asyncpg.Record] = await conn.fetch(f"SELECT {ENTITY_COLUMNS} FROM entities WHERE entity_id = ANY($1::uuid[])", list(ids))
    return rows


async def entity_memories(conn: asyncpg.Connection, owner_id: UUID, entity_ids: Sequence[UUID], where: str,
                          params: Sequence[object], limit: int = 20) -> list[tuple[UUID, float]]:
    """Memories that define the entities (roles, other names, relationships): foundational facts
    first, then by salience, then oldest; each statement once (entity_profiles.STATEMENT_ONCE).
    Mere mentions are left to the lexical and vector paths."""
    if not entity_ids:
        return []
    rows = await conn.fetch(
        f"""SELECT m.memory_id, m.salience FROM (
              SELECT {STATEMENT_ONCE} m.memory_id, m.type, m.salience, m.observed_at, count(*) AS links
              FROM {LINKED_MEMORIES}
              WHERE m.owner_id = $1 AND l.entity_id = ANY($2::uuid[]) AND {where}
                AND (l.role = 'subject' OR m.type IN ('identity', 'relationship'))
              GROUP BY m.memory_id, m.type, m.salience, m.observed_at, m.text_hash, m.layer
              ORDER BY {STATEMENT_ONCE_ORDER}) m
            ORDER BY {FOUNDATIONAL_FIRST}, m.salience DESC, m.links DESC, m.observed_at
            LIMIT {int(limit)}""",
        owner_id, list(entity_ids), *params)
    return [(r["memory_id"], float(r["salience"])) for r in rows]


async def neighbours(conn: asyncpg.Connection, entity_ids: Sequence[UUID], direction: str,
                     predicates: Sequence[str]) -> list[UUID]:
    """One hop along edges with these predicates: out (src -> dst), in (dst -> src) or both."""
    if not entity_ids:
        return []
    ids, preds = list(entity_ids), list(predicates)
    out: list[UUID] = []
    if direction in ("out", "both"):
        out += [r[0] for r in await conn.fetch(
            "SELECT dst_entity_id FROM entity_edges WHERE src_entity_id = ANY($1::uuid[]) AND predicate = ANY($2) "
            "AND valid_to IS NULL", ids, preds)]
    if direction in ("in", "both"):
        out += [r[0] for r in await conn.fetch(
            "SELECT src_entity_id FROM entity_edges WHERE dst_entity_id = ANY($1::uuid[]) AND predicate = ANY($2) "
            "AND valid_to IS NULL", ids, preds)]
    return list(dict.fromkeys(out))


async def search(conn: asyncpg.Connection, owner_id: UUID, q: str | None, type_: str | None, limit: int,
                 after: tuple[str, UUID] | None) -> list[asyncpg.Record]:
    """By name or alias (prefix, substring or near spelling), ordered by name then id (keyset paging)."""
    cond: list[str] = ["owner_id = $1"]
    params: list[object] = [owner_id]
    if q:
        params.append(norm_name(q))
        n = len(params)
        cond.append(f"(EXISTS (SELECT 1 FROM unnest(norm_names) x WHERE x LIKE '%' || ${n} || '%') "
                    f"OR similarity(lower(canonical_name), ${n}) >= {NEAR_SPELLING_MIN})")
    if type_:
        params.append(type_)
        cond.append(f"type = ${len(params)}")
    if after:
        params += [after[0], after[1]]
        cond.append(f"(lower(canonical_name), entity_id) > (${len(params) - 1}, ${len(params)})")
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {ENTITY_COLUMNS}, (SELECT count(*) FROM memory_entities l WHERE l.entity_id = e.entity_id)
                AS memory_count FROM entities e WHERE {' AND '.join(cond)}
            ORDER BY lower(canonical_name), entity_id LIMIT {int(limit)}""", *params)
    return rows


async def get(conn: asyncpg.Connection, owner_id: UUID, entity_id: UUID) -> asyncpg.Record | None:
    return await conn.fetchrow(
        f"""SELECT {ENTITY_COLUMNS}, (SELECT canonical_name FROM entities p WHERE p.entity_id = e.parent_entity_id)
                AS parent_name FROM entities e WHERE owner_id = $1 AND entity_id = $2""", owner_id, entity_id)


async def entities_of(conn: asyncpg.Connection, memory_ids: Sequence[UUID]) -> list[UUID]:
    """The people and things these memories are linked to."""
    return [r["entity_id"] for r in await conn.fetch(
        "SELECT DISTINCT entity_id FROM memory_entities WHERE memory_id = ANY($1::uuid[])", list(memory_ids))]


async def linked_memories(conn: asyncpg.Connection, entity_id: UUID, limit: int = 50) -> list[asyncpg.Record]:
    """Every current memory linked to the entity, both layers (what a split may move): a fact in
    its turn's own words is listed beside its record."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT m.memory_id AS id, m.text, m.type, m.observed_at, l.role FROM {LINKED_MEMORIES}
            WHERE l.entity_id = $1 AND m.valid_to IS NULL
            ORDER BY {FOUNDATIONAL_FIRST}, m.observed_at LIMIT {int(limit)}""", entity_id)
    return rows


async def linked_turns(conn: asyncpg.Connection, entity_id: UUID) -> set[tuple[str, int]]:
    """The conversation turns (session, turn number) the entity's linked memories were said in."""
    rows = await conn.fetch(f"SELECT DISTINCT m.session_id, m.session_seq FROM memory_entities l "
                            f"{memory_by_key('l', 'm.session_seq')} WHERE l.entity_id = $1", entity_id)
    return {(r["session_id"], r["session_seq"]) for r in rows}


async def rename(conn: asyncpg.Connection, entity_id: UUID, name: str) -> None:
    row = await conn.fetchrow("SELECT type, aliases FROM entities WHERE entity_id = $1", entity_id)
    names = lookup_names(name, row["type"], row["aliases"])
    await conn.execute(
        """UPDATE entities SET canonical_name = $2, aliases = array_remove(aliases, $2), norm_names = $3,
               profile_stale = true, updated_at = now() WHERE entity_id = $1""", entity_id, name, names)


async def remove_alias(conn: asyncpg.Connection, entity_id: UUID, alias: str) -> None:
    row = await conn.fetchrow("SELECT type, canonical_name, aliases FROM entities WHERE entity_id = $1", entity_id)
    kept = [a for a in row["aliases"] if norm_name(a) != norm_name(alias)]
    await conn.execute(
        "UPDATE entities SET aliases = $2, norm_names = $3, profile_stale = true, updated_at = now() "
        "WHERE entity_id = $1", entity_id, kept, lookup_names(row["canonical_name"], row["type"], kept))


async def merge(conn: asyncpg.Connection, target: UUID, sources: Sequence[UUID]) -> None:
    """Move links, edges, names and facets of `sources` onto `target`, then delete the sources."""
    src = list(sources)
    await conn.execute(
        """INSERT INTO memory_entities (tenant_id, memory_id, entity_id, role)
           SELECT tenant_id, memory_id, $1, role FROM memory_entities WHERE entity_id = ANY($2::uuid[])
           ON CONFLICT DO NOTHING""", target, src)
    await conn.execute("UPDATE entity_edges SET src_entity_id = $1 WHERE src_entity_id = ANY($2::uuid[])", target, src)
    await conn.execute("UPDATE entity_edges SET dst_entity_id = $1 WHERE dst_entity_id = ANY($2::uuid[])", target, src)
    await conn.execute("DELETE FROM entity_edges WHERE src_entity_id = $1 AND dst_entity_id = $1", target)
    await conn.execute("UPDATE entities SET parent_entity_id = $1 WHERE parent_entity_id = ANY($2::uuid[])",
                       target, src)
    rows = await conn.fetch("SELECT canonical_name, aliases, norm_names FROM entities WHERE entity_id = ANY($1::uuid[])",
                            src)
    names = [n for r in rows for n in [r["canonical_name"], *r["aliases"]]]
    norms = [n for r in rows for n in r["norm_names"]]
    await conn.execute(
        """UPDATE entities SET aliases = ARRAY(SELECT DISTINCT a FROM unnest(aliases || $2::text[]) a
                                               WHERE a <> canonical_name),
               norm_names = ARRAY(SELECT DISTINCT unnest(norm_names || $3::text[])),
               profile_stale = true, updated_at = now() WHERE entity_id = $1""", target, names, norms)
    await conn.execute("DELETE FROM entities WHERE entity_id = ANY($1::uuid[])", src)


async def move_links(conn: asyncpg.Connection, source: UUID, target: UUID, memory_ids: Sequence[UUID]) -> int:
    moved = await conn.fetch(
        """UPDATE memory_entities SET entity_id = $2 WHERE entity_id = $1 AND memory_id = ANY($3::uuid[])
           RETURNING memory_id""", source, target, list(memory_ids))
    await conn.execute(
        "UPDATE entity_edges SET src_entity_id = $2 WHERE src_entity_id = $1 AND memory_id = ANY($3::uuid[])",
        source, target, list(memory_ids))
    await conn.execute(
        "UPDATE entity_edges SET dst_entity_id = $2 WHERE dst_entity_id = $1 AND memory_id = ANY($3::uuid[])",
        source, target, list(memory_ids))
    return len(moved)


async def about_memories(conn: asyncpg.Connection, owner_id: UUID, entity_ids: Sequence[UUID], where: str,
                         params: Sequence[object], limit: int = 10) -> list[tuple[UUID, float]]:
    """Every memory linked to the entities (mentions too): for the conversation and relation paths,
    where the entity is known to be what the turn is about. Foundational facts first; each statement
    once (entity_profiles.STATEMENT_ONCE)."""
    if not entity_ids:
        return []
    rows = await conn.fetch(
        f"""SELECT m.memory_id, m.salience FROM (
              SELECT {STATEMENT_ONCE} m.memory_id, m.type, m.salience, m.observed_at FROM {LINKED_MEMORIES}
              WHERE m.owner_id = $1 AND l.entity_id = ANY($2::uuid[]) AND {where}
              GROUP BY m.memory_id, m.type, m.salience, m.observed_at, m.text_hash, m.layer
              ORDER BY {STATEMENT_ONCE_ORDER}) m
            ORDER BY {FOUNDATIONAL_FIRST}, m.salience DESC, m.observed_at
            LIMIT {int(limit)}""",
        owner_id, list(entity_ids), *params)
    return [(r["memory_id"], float(r["salience"])) for r in rows]


# ---- coreference ------------------------------------------------------------------------------

# The memories said in a session between turns $3 - $4 and $3 (excluded) of owner $1, session $2,
# with the turn they were said at: rows of that session, and exact repeats said there again
# (memory_items.said_again, migration 0021: a repeat only reinforces its first row).
SAID_IN_WINDOW = """
    SELECT memory_id, session_seq FROM memory_items
    WHERE owner_id = $1 AND session_id = $2 AND session_seq < $3 AND session_seq >= $3 - $4
      AND valid_to IS NULL AND type <> 'summary'
    UNION ALL
    SELECT m.memory_id, (a->>'q')::int FROM memory_items m, jsonb_array_elements(m.said_again) a
    WHERE m.owner_id = $1 AND m.said_again @> jsonb_build_array(jsonb_build_object('s', $2::text))
      AND m.valid_to IS NULL AND a->>'s' = $2::text AND (a->>'q')::int < $3 AND (a->>'q')::int >= $3 - $4"""


async def session_turns(conn: asyncpg.Connection, owner_id: UUID, session_id: str, before_seq: int,
                        turns: int) -> list[asyncpg.Record]:
    """The session's last `turns` turns before `before_seq`, oldest first: each memory said at a turn
    (the turn's record first) with its text and the entities it is linked to (subjects first; one
    row with no entity for a memory linked to none), for the one model of who the conversation is
    about (memcore.entities.conversation_people)."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""WITH prev AS MATERIALIZED ({SAID_IN_WINDOW})
           SELECT p.session_seq, m.text, m.layer = 'record' AS is_record, l.entity_id, l.role, e.type,
                  e.canonical_name, e.facets
           FROM prev p JOIN memory_items m ON m.memory_id = p.memory_id
           LEFT JOIN memory_entities l ON l.memory_id = p.memory_id
           LEFT JOIN entities e ON e.entity_id = l.entity_id
           ORDER BY p.session_seq, (m.layer = 'record') DESC, m.memory_id, (l.role = 'subject') DESC, e.created_at""",
        owner_id, session_id, before_seq, turns)
    return rows


async def people_named(conn: asyncpg.Connection, owner_id: UUID, names: Sequence[str]) -> list[asyncpg.Record]:
    """The owner's people one of whose names (or first name) is one of `names`."""
    rows: list[asyncpg.Record] = await conn.fetch("SELECT entity_id, norm_names FROM entities WHERE owner_id = $1 AND type = 'person' "
                            "AND norm_names && $2::text[]", owner_id, list(names))
    return rows


async def people_described(conn: asyncpg.Connection, owner_id: UUID, phrases: Sequence[str]) -> list[UUID]:
    """People whose role or relation to the speaker is one of `phrases` ("cousin", "bus driver")."""
    if not phrases:
        return []
    rows = await conn.fetch(
        """SELECT entity_id FROM entities WHERE owner_id = $1 AND type = 'person'
             AND (facets->'roles' ?| $2::text[] OR facets->'kin' ?| $2::text[]) ORDER BY created_at LIMIT 20""",
        owner_id, list(phrases))
    return [r["entity_id"] for r in rows]
