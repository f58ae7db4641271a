"""Postgres side of living entity profiles (memcore.entities.profiles composes them): what a profile
is composed from, storing it, and recomposing it. One implementation for memory-api (in the
transaction of a write linked to the entity, an edit, a merge) and the consolidator (after the
supersession consumer closes or demotes a fact: tests/consolidator/test_supersession_lag.py), so a
profile does not depend on which service touched the entity last."""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Iterable
from uuid import UUID

import asyncpg

from ..entities import profile_statements, profiles
from ..entities.profile_statements import PROFILE_FACTS, EntityAfterWrite, NewStatement, Statement

FOUNDATIONAL_FIRST = profile_statements.rank_sql("m.type")
ENTITY_COLUMNS = """entity_id, type, canonical_name, aliases, norm_names, parent_entity_id, profile_summary,
    profile_embedding, context_tags, facets, profile_stale, created_at, updated_at"""

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
# same record, tests/consolidator/test_supersession_lag.py). Only records are cited in source_turns. Facts of one turn tie on all but their text: it decides (byte by byte, COLLATE "C": the
# same order in any database and in memcore.entities.profile_statements), so
# that the profile does not depend on how the sort left a tie (tests/entities/test_profile_order.py).
# Each statement once (STATEMENT_ONCE).
PROFILE_FACTS_SQL = f"""
    SELECT m.text, m.type, m.salience, m.observed_at FROM (
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
    ORDER BY {FOUNDATIONAL_FIRST}, m.salience DESC, m.observed_at, m.text COLLATE "C" LIMIT {PROFILE_FACTS}"""

# The entities whose profiles a change of these memories reaches: linked to them or to the turn
# records they were drawn from.
LINKED_ENTITIES_SQL = """
    SELECT DISTINCT l.entity_id FROM memory_entities l
    WHERE l.memory_id = ANY($1::uuid[])
       OR l.memory_id IN (SELECT unnest(k.source_turns) FROM memory_items k WHERE k.memory_id = ANY($1::uuid[]))
    ORDER BY l.entity_id"""


async def edges_of(conn: asyncpg.Connection, entity_id: UUID) -> list[asyncpg.Record]:
    return await conn.fetch(  # type: ignore[no-any-return]  # asyncpg is untyped
        """SELECT e.edge_id, e.src_entity_id, e.predicate, e.dst_entity_id, e.memory_id, e.valid_from,
                  s.canonical_name AS src_name, d.canonical_name AS dst_name
           FROM entity_edges e JOIN entities s ON s.entity_id = e.src_entity_id
           JOIN entities d ON d.entity_id = e.dst_entity_id
           WHERE (e.src_entity_id = $1 OR e.dst_entity_id = $1) AND e.valid_to IS NULL
           ORDER BY e.valid_from""", entity_id)


async def profile_inputs(conn: asyncpg.Connection, entity_id: UUID, read_statements: bool = True) -> dict[str, Any]:
    """What the profile is composed from: the entity, its parent, edges and (unless the caller has
    them) the statements of its linked memories."""
    ent = await conn.fetchrow(
        f"SELECT {ENTITY_COLUMNS}, (SELECT canonical_name FROM entities p WHERE p.entity_id = e.parent_entity_id) "
        "AS parent_name FROM entities e WHERE entity_id = $1", entity_id)
    if ent is None:
        return {}
    statements = ([Statement(f["text"], f["type"], float(f["salience"]), f["observed_at"])
                   for f in await conn.fetch(PROFILE_FACTS_SQL, entity_id)] if read_statements else None)
    return {"entity": ent, "statements": statements, "edges": await edges_of(conn, entity_id)}


async def store_profile(conn: asyncpg.Connection, entity_id: UUID, summary: str, tags: list[str],
                        statements: list[Statement] | None = None, unchanged_since: datetime | None = None) -> bool:
    """New summary, tags and the statements they were composed from (memcore.entities.
    profile_statements); the embedding goes stale only when the summary changed. With
    `unchanged_since` (the entity's `updated_at` when its statements were read), only when no other
    transaction has changed the entity since; returns whether it was stored."""
    done = await conn.execute(
        """UPDATE entities SET profile_stale = profile_stale OR profile_summary IS DISTINCT FROM $2,
               profile_summary = $2, context_tags = $3, profile_statements = $4, updated_at = now()
           WHERE entity_id = $1 AND ($5::timestamptz IS NULL OR updated_at = $5)""",
        entity_id, summary, tags, profile_statements.to_json(statements) if statements is not None else None,
        unchanged_since)
    return bool(done) and done != "UPDATE 0"


async def recompose_profile(conn: asyncpg.Connection, entity_id: UUID, statements: list[Statement] | None = None,
                            unchanged_since: datetime | None = None) -> str | None:
    """Recompose the summary and tags from the linked memories (cheap, in the caller's transaction),
    or from `statements` when the caller knows them (a write that merged its own into the stored
    ones: profile_statements.upkeep, read when the entity's `updated_at` was `unchanged_since`). A
    concurrent write that stored the entity's profile meanwhile (its row lock makes this one wait)
    leaves those statements behind: the profile is then read from the database, which now holds
    that write's memories too, instead of dropping them from the kept list
    (tests/entities/test_profile_statements.py). The embedding is refreshed lazily by whoever
    next needs it (memory-api's refresh_embeddings)."""
    data = await profile_inputs(conn, entity_id, read_statements=statements is None)
    if not data:
        return None
    statements = statements if statements is not None else data["statements"]
    e = data["entity"]
    facets = profiles.Facets.from_json(_json(e["facets"]))
    facts = [profiles.Fact(s.text, s.type, s.salience) for s in statements]
    edges = [(x["predicate"], x["dst_name"] if x["src_entity_id"] == entity_id else x["src_name"],
              x["src_entity_id"] == entity_id) for x in data["edges"]]
    summary = profiles.compose_summary(e["canonical_name"], e["type"], e["aliases"], facets, e["parent_name"],
                                       edges, facts)
    tags = profiles.context_tags(facts, [e["canonical_name"], *e["aliases"]])
    if not await store_profile(conn, entity_id, summary, tags, statements, unchanged_since):
        return await recompose_profile(conn, entity_id)
    return summary


# What a write did to each entity it touched (memcore.entities.profile_statements.EntityAfterWrite),
# read in the write's transaction: now() is the transaction's start, so a row or edge changed by
# the write carries it. $2: the memories linked in the write; $3: their text hashes. The owner's
# other memories of those texts are looked up once for the write (`same`, usually none), then each
# entity's links to them: joined from each entity's links instead, for a tenant the planner
# statistics have not seen, the lookup walked all of the tenant's memories once per link (EXPLAIN
# ANALYZE during `memctl bench locomo`: 106,000 buffers and 31 ms for a person with 92 links, up to
# half a second a turn as a conversation grew; tests/integration/test_profile_after_write_plan.py).
AFTER_WRITE_SQL = """
    WITH same AS MATERIALIZED (
      SELECT m.tenant_id, m.memory_id FROM memory_items m
      WHERE m.owner_id IN (SELECT o.owner_id FROM entities o WHERE o.entity_id = ANY($1::uuid[]))
        AND m.text_hash = ANY($3::text[]) AND NOT m.memory_id = ANY($2::uuid[]))
    SELECT e.entity_id, e.profile_statements, e.updated_at, e.updated_at >= now() AS changed_itself,
      EXISTS (SELECT 1 FROM entity_edges x WHERE x.tenant_id = e.tenant_id
                AND (x.src_entity_id = e.entity_id OR x.dst_entity_id = e.entity_id)
                AND (x.valid_from >= now() OR x.valid_to >= now())) AS new_edges,
      EXISTS (SELECT 1 FROM same JOIN memory_entities l ON l.tenant_id = same.tenant_id
                AND l.memory_id = same.memory_id AND l.entity_id = e.entity_id) AS shares_a_text
    FROM entities e WHERE e.entity_id = ANY($1::uuid[])"""


async def after_write(conn: asyncpg.Connection, entity_ids: Iterable[UUID], linked: dict[UUID, list[NewStatement]],
                      reinforced: set[UUID]) -> tuple[dict[UUID, EntityAfterWrite], dict[UUID, datetime]]:
    """What a write did to these entities' profiles, and each entity's `updated_at` as read. `linked`:
    per entity, the memories the write linked to it; `reinforced`: the entities an older memory a
    repeat reinforced was linked to."""
    new = [n for ns in linked.values() for n in ns]
    found = await conn.fetch(AFTER_WRITE_SQL, list(entity_ids), list({UUID(n.memory_id) for n in new}),
                             list({n.text_hash for n in new}))
    return ({r["entity_id"]: EntityAfterWrite(
        stored=profile_statements.from_json(_json(r["profile_statements"])), changed_itself=r["changed_itself"],
        new_edges=r["new_edges"], shares_a_text=r["shares_a_text"], reinforced=r["entity_id"] in reinforced,
        new=tuple(linked.get(r["entity_id"], ()))) for r in found}, {r["entity_id"]: r["updated_at"] for r in found})


async def keep_profiles_after_write(conn: asyncpg.Connection, entity_ids: set[UUID],
                                    linked: dict[UUID, list[NewStatement]], reinforced: set[UUID]) -> list[UUID]:
    """Brings the profiles of the entities a write touched up to date, in one order (concurrent
    writes lock the same profiles): each from its stored statements and the write's new ones when
    it can (profile_statements.upkeep), else from the database; returns the ones recomposed."""
    afters, read_at = await after_write(conn, entity_ids, linked, reinforced)
    done = []
    for entity_id in sorted(entity_ids):
        after = afters.get(entity_id)
        plan = profile_statements.upkeep(after) if after is not None else None
        if plan is not None and plan.leave:
            continue
        merged = plan.statements if plan is not None else None
        await recompose_profile(conn, entity_id, merged, read_at.get(entity_id) if merged is not None else None)
        done.append(entity_id)
    return done


def _json(value: Any) -> Any:
    """A jsonb value, decoded when the connection has no codec for it."""
    return json.loads(value) if isinstance(value, str) else value


async def recompose_linked_profiles(conn: asyncpg.Connection, memory_ids: Iterable[UUID]) -> list[UUID]:
    """Recompose the profiles of the entities linked to these memories or to their turn records."""
    ids = list(dict.fromkeys(memory_ids))
    if not ids:
        return []
    entity_ids = [r["entity_id"] for r in await conn.fetch(LINKED_ENTITIES_SQL, ids)]
    for entity_id in entity_ids:
        await recompose_profile(conn, entity_id)
    return entity_ids
