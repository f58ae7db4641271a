"""Postgres side of living entity profiles (memcore.entities.profiles composes them): what a profile
is composed from, storing it, and recomposing it. One implementation for memory-api (in the
transaction of a write linked to the entity, an edit, a merge) and the consolidator (after the
supersession consumer closes or demotes a fact: tests/consolidator/test_supersession_lag.py), so a
profile does not depend on which service touched the entity last."""
from __future__ import annotations

from typing import Iterable
from uuid import UUID

import asyncpg

from ..entities import profiles

FOUNDATIONAL_FIRST = """CASE m.type WHEN 'relationship' THEN 0 WHEN 'identity' THEN 0 WHEN 'process' THEN 1
    WHEN 'semantic' THEN 1 WHEN 'preference' THEN 2 WHEN 'skill' THEN 2 ELSE 3 END"""
ENTITY_COLUMNS = """entity_id, type, canonical_name, aliases, norm_names, parent_entity_id, profile_summary,
    profile_embedding, context_tags, facets, profile_stale, created_at, updated_at"""
PROFILE_FACTS = 50  # enough for the summary (10 facts) and the context tags (50)

# A statement counts once among an entity's linked memories, whichever layer it lives in: a fact
# drawn from a turn in the turn's own words (the same normalised text, text_hash) is a row of its own
# beside the turn's record, linked to the same entities (docs/knowledge.md: dedupe stays within a
# layer). Of the copies of one text the most foundational type stands for it, then the turn as said
# (its record: the salience read from the turn, not the fact's salience of its type), then the most
# salient and oldest. Without it each such turn took two places in a profile and in the entity paths
# of retrieval, and its fact outranked the entity's most telling turns
# (tests/entities/test_statement_counts_once.py).
STATEMENT_ONCE = "DISTINCT ON (m.text_hash)"
STATEMENT_ONCE_ORDER = f"m.text_hash, {FOUNDATIONAL_FIRST}, m.layer = 'record' DESC, m.salience DESC, m.observed_at, m.memory_id"

# An entity's linked memories, each by its primary key behind a fence (OFFSET 0), as
# search_repo.memory_by_key explains: the planner otherwise walks all of a new tenant's memories.
# A turn's record whose knowledge was marked wrong or outdated (or superseded since) leaves the
# profile with it: its verbatim episode must not bring back what the fact no longer says, unless the
# same fact drawn from it is current again (said again after it was superseded: a new row citing the
# same record, tests/consolidator/test_supersession_lag.py). Only records are cited in source_turns. Facts of one turn tie on all but their text: it decides, so
# that the profile does not depend on how the sort left a tie (tests/entities/test_profile_order.py).
# Each statement once (STATEMENT_ONCE).
PROFILE_FACTS_SQL = f"""
    SELECT m.text, m.type, m.salience FROM (
      SELECT {STATEMENT_ONCE} m.memory_id, m.text, m.type, m.salience, m.observed_at FROM memory_entities l
      CROSS JOIN LATERAL (
        SELECT m.memory_id, m.text, m.text_hash, m.layer, m.type, m.salience, m.observed_at, m.valid_to, m.tier
        FROM memory_items m WHERE m.tenant_id = l.tenant_id AND m.memory_id = l.memory_id OFFSET 0) m
      WHERE l.entity_id = $1 AND m.valid_to IS NULL AND m.tier <> 'disputed'
        AND NOT EXISTS (SELECT 1 FROM memory_items k WHERE k.source_turns @> ARRAY[m.memory_id]
                          AND (k.valid_to IS NOT NULL OR k.tier = 'disputed')
                          AND NOT EXISTS (SELECT 1 FROM memory_items c WHERE c.source_turns @> ARRAY[m.memory_id]
                                            AND c.valid_to IS NULL AND c.tier <> 'disputed'
                                            AND c.predicate IS NOT DISTINCT FROM k.predicate
                                            AND c.value IS NOT DISTINCT FROM k.value
                                            AND lower(c.subject) IS NOT DISTINCT FROM lower(k.subject)))
      ORDER BY {STATEMENT_ONCE_ORDER}) m
    ORDER BY {FOUNDATIONAL_FIRST}, m.salience DESC, m.observed_at, m.text LIMIT {PROFILE_FACTS}"""

# The entities whose profiles a change of these memories reaches: linked to them or to the turn
# records they were drawn from.
LINKED_ENTITIES_SQL = """
    SELECT DISTINCT l.entity_id FROM memory_entities l
    WHERE l.memory_id = ANY($1::uuid[])
       OR l.memory_id IN (SELECT unnest(k.source_turns) FROM memory_items k WHERE k.memory_id = ANY($1::uuid[]))
    ORDER BY l.entity_id"""


async def edges_of(conn: asyncpg.Connection, entity_id: UUID) -> list[asyncpg.Record]:
    return await conn.fetch(
        """SELECT e.edge_id, e.src_entity_id, e.predicate, e.dst_entity_id, e.memory_id, e.valid_from,
                  s.canonical_name AS src_name, d.canonical_name AS dst_name
           FROM entity_edges e JOIN entities s ON s.entity_id = e.src_entity_id
           JOIN entities d ON d.entity_id = e.dst_entity_id
           WHERE (e.src_entity_id = $1 OR e.dst_entity_id = $1) AND e.valid_to IS NULL
           ORDER BY e.valid_from""", entity_id)


async def profile_inputs(conn: asyncpg.Connection, entity_id: UUID) -> dict:
    """What the profile is composed from: the entity, its parent, edges and linked memories."""
    ent = await conn.fetchrow(
        f"SELECT {ENTITY_COLUMNS}, (SELECT canonical_name FROM entities p WHERE p.entity_id = e.parent_entity_id) "
        "AS parent_name FROM entities e WHERE entity_id = $1", entity_id)
    if ent is None:
        return {}
    facts = await conn.fetch(PROFILE_FACTS_SQL, entity_id)
    return {"entity": ent, "facts": facts, "edges": await edges_of(conn, entity_id)}


async def store_profile(conn: asyncpg.Connection, entity_id: UUID, summary: str, tags: list[str]) -> None:
    """New summary and tags; the embedding goes stale only when the summary changed."""
    await conn.execute(
        """UPDATE entities SET profile_stale = profile_stale OR profile_summary IS DISTINCT FROM $2,
               profile_summary = $2, context_tags = $3, updated_at = now() WHERE entity_id = $1""",
        entity_id, summary, tags)


async def recompose_profile(conn: asyncpg.Connection, entity_id: UUID) -> str | None:
    """Recompose the summary and tags from the linked memories (cheap, in the caller's transaction);
    the embedding is refreshed lazily by whoever next needs it (memory-api's refresh_embeddings)."""
    data = await profile_inputs(conn, entity_id)
    if not data:
        return None
    e = data["entity"]
    facets = profiles.Facets.from_json(e["facets"])
    facts = [profiles.Fact(f["text"], f["type"], float(f["salience"])) for f in data["facts"]]
    edges = [(x["predicate"], x["dst_name"] if x["src_entity_id"] == entity_id else x["src_name"],
              x["src_entity_id"] == entity_id) for x in data["edges"]]
    summary = profiles.compose_summary(e["canonical_name"], e["type"], e["aliases"], facets, e["parent_name"],
                                       edges, facts)
    tags = profiles.context_tags(facts, [e["canonical_name"], *e["aliases"]])
    await store_profile(conn, entity_id, summary, tags)
    return summary


async def recompose_linked_profiles(conn: asyncpg.Connection, memory_ids: Iterable[UUID]) -> list[UUID]:
    """Recompose the profiles of the entities linked to these memories or to their turn records."""
    ids = list(dict.fromkeys(memory_ids))
    if not ids:
        return []
    entity_ids = [r["entity_id"] for r in await conn.fetch(LINKED_ENTITIES_SQL, ids)]
    for entity_id in entity_ids:
        await recompose_profile(conn, entity_id)
    return entity_ids
