"""Merge proposals: list, decide, and undo an accepted merge exactly (migration 0013).

Accepting snapshots what the merge changes before it runs (entity_repo.merge): the merged-away
entity's row, its memory links and edges, the entities it was the parent of, and the kept entity's
names and links. Undo puts the merged-away entity back under its own id with its own links and
edges, and gives the kept one back its names; links the kept entity had before stay."""
from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

import asyncpg

from . import entity_repo

COLUMNS = ("proposal_id, owner_id, keep_id, merge_id, rule, evidence, status, created_at, decided_at, decided_by, "
           "(SELECT canonical_name FROM entities e WHERE e.entity_id = p.keep_id) AS keep_name, "
           "(SELECT canonical_name FROM entities e WHERE e.entity_id = p.merge_id) AS merge_name")


async def page(conn: asyncpg.Connection, owner_id: UUID, status: str | None, limit: int,
               after: tuple[datetime, UUID] | None) -> list[dict[str, Any]]:
    return [dict(r) for r in await conn.fetch(
        f"""SELECT {COLUMNS} FROM entity_merge_proposals p
            WHERE owner_id = $1 AND ($2::text IS NULL OR status = $2)
              AND ($3::timestamptz IS NULL OR (created_at, proposal_id) > ($3, $4))
            ORDER BY created_at, proposal_id LIMIT $5""",
        owner_id, status, after[0] if after else None, after[1] if after else None, limit)]


async def get(conn: asyncpg.Connection, owner_id: UUID, proposal_id: UUID, lock: bool = False) -> dict[str, Any] | None:
    row = await conn.fetchrow(
        f"SELECT {COLUMNS}, snapshot FROM entity_merge_proposals p WHERE owner_id = $1 AND proposal_id = $2"
        + (" FOR UPDATE" if lock else ""), owner_id, proposal_id)
    return dict(row) if row is not None else None


async def decide(conn: asyncpg.Connection, proposal_id: UUID, status: str, by: UUID | None,
                 snapshot: dict[str, Any] | None = None) -> None:
    await conn.execute(
        """UPDATE entity_merge_proposals SET status = $2, decided_at = now(), decided_by = $3,
               snapshot = COALESCE($4::jsonb, snapshot) WHERE proposal_id = $1""",
        proposal_id, status, by, snapshot)


async def _rows(conn: asyncpg.Connection, sql: str, *args: object) -> list[dict[str, Any]]:
    return [r[0] for r in await conn.fetch(sql, *args)]


async def snapshot(conn: asyncpg.Connection, keep: UUID, merge: UUID) -> dict[str, Any]:
    """Everything the merge of `merge` into `keep` changes."""
    entity = await conn.fetchval("SELECT to_jsonb(e) FROM entities e WHERE entity_id = $1", merge)  # a dict
    kept = await conn.fetchrow("SELECT aliases, norm_names FROM entities WHERE entity_id = $1", keep)
    return {
        "entity": entity,
        "links": await _rows(conn, "SELECT to_jsonb(l) FROM memory_entities l WHERE entity_id = $1", merge),
        "edges": await _rows(conn, "SELECT to_jsonb(x) FROM entity_edges x WHERE src_entity_id = $1 "
                                   "OR dst_entity_id = $1", merge),
        "children": [str(r["entity_id"]) for r in await conn.fetch(
            "SELECT entity_id FROM entities WHERE parent_entity_id = $1", merge)],
        "keep": {"aliases": list(kept["aliases"]), "norm_names": list(kept["norm_names"]),
                 "links": [str(r["memory_id"]) for r in await conn.fetch(
                     "SELECT memory_id FROM memory_entities WHERE entity_id = $1", keep)]},
    }


async def merge(conn: asyncpg.Connection, keep: UUID, merge_id: UUID) -> dict[str, Any]:
    """Snapshot, then merge (entity_repo.merge): returns the snapshot for undo."""
    snap = await snapshot(conn, keep, merge_id)
    await entity_repo.merge(conn, keep, [merge_id])
    return snap


async def undo(conn: asyncpg.Connection, keep: UUID, snap: dict[str, Any]) -> UUID:
    """Put the merged-away entity back as it was (its id, names, facets, links, edges, children)."""
    merge_id = UUID(snap["entity"]["entity_id"])
    await conn.execute("INSERT INTO entities SELECT * FROM jsonb_populate_record(NULL::entities, $1::jsonb)",
                       {**snap["entity"], "profile_stale": True})
    await conn.execute("UPDATE entities SET aliases = $2, norm_names = $3, profile_stale = true, updated_at = now() "
                       "WHERE entity_id = $1", keep, snap["keep"]["aliases"], snap["keep"]["norm_names"])
    await conn.execute(
        """INSERT INTO memory_entities SELECT l.* FROM jsonb_populate_recordset(NULL::memory_entities, $1::jsonb) l
           WHERE EXISTS (SELECT 1 FROM memory_items m WHERE m.memory_id = l.memory_id) ON CONFLICT DO NOTHING""",
        snap["links"])
    theirs = [UUID(link["memory_id"]) for link in snap["links"]]
    kept_before = [UUID(m) for m in snap["keep"]["links"]]
    await conn.execute("DELETE FROM memory_entities WHERE entity_id = $1 AND memory_id = ANY($2::uuid[]) "
                       "AND NOT memory_id = ANY($3::uuid[])", keep, theirs, kept_before)
    for edge in snap["edges"]:
        await conn.execute(
            "UPDATE entity_edges SET src_entity_id = $2, dst_entity_id = $3 WHERE edge_id = $1",
            UUID(edge["edge_id"]), UUID(edge["src_entity_id"]), UUID(edge["dst_entity_id"]))
    await conn.execute(
        """INSERT INTO entity_edges SELECT x.* FROM jsonb_populate_recordset(NULL::entity_edges, $1::jsonb) x
           WHERE (x.memory_id IS NULL OR EXISTS (SELECT 1 FROM memory_items m WHERE m.memory_id = x.memory_id))
             AND EXISTS (SELECT 1 FROM entities e WHERE e.entity_id = x.src_entity_id)
             AND EXISTS (SELECT 1 FROM entities e WHERE e.entity_id = x.dst_entity_id)
           ON CONFLICT DO NOTHING""", snap["edges"])
    await conn.execute("UPDATE entities SET parent_entity_id = $1 WHERE entity_id = ANY($2::uuid[])",
                       merge_id, [UUID(c) for c in snap["children"]])
    return merge_id
