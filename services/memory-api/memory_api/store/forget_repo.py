"""Forgetting derived from the registry (memcore/personal_data.py): which rows are the subject's,
the fingerprints of its texts, the deletion, and the verification scan; the export of a user's
memory; children's requests to be forgotten.

The forgetting functions take a connection inside `as_system(tenant)` (forgetting runs as system
once it is authorised); the export and the requests run as the caller. `keep` is a forget executed from a child's own request: the registry's
`keep_on_child_request` rows stay (parent-set safety rules, the user row, tokens, policy).
"""
from __future__ import annotations

from typing import Any
from uuid import UUID

import asyncpg

from memcore.personal_data import KEPT_SAFETY, PLACES, Place, fingerprints, holds_fingerprint

IDSET_TYPES = {"memory_ids": "uuid", "entity_ids": "uuid", "event_ids": "text"}


async def collect_ids(conn: asyncpg.Connection, user_id: UUID, keep: bool) -> dict[str, list[Any]]:
    """The id sets `via` entries refer to, read before anything is deleted."""
    not_kept = f"AND NOT ({KEPT_SAFETY})" if keep else ""
    return {
        "memory_ids": [r[0] for r in await conn.fetch(
            f"SELECT memory_id FROM memory_items WHERE owner_id = $1 {not_kept}", user_id)],
        "entity_ids": [r[0] for r in await conn.fetch("SELECT entity_id FROM entities WHERE owner_id = $1", user_id)],
        "event_ids": [r[0] for r in await conn.fetch(
            "SELECT current_setting('app.tenant_id') || ':' || event_id FROM outbox WHERE owner_id = $1", user_id)],
    }


async def collect_fingerprints(conn: asyncpg.Connection, user_id: UUID, ids: dict[str, list[Any]], keep: bool) -> set[bytes]:
    """Hashes of word n-grams of every text about to be erased (never the texts themselves); texts
    that stay (kept safety rules) are taken out so that they do not count as residue."""
    texts: list[str] = []
    mids = ids["memory_ids"]
    for r in await conn.fetch("SELECT text, search_text, context_text, value FROM memory_items "
                              "WHERE memory_id = ANY($1::uuid[])", mids):
        texts += [v for v in r.values() if v]
    for r in await conn.fetch("SELECT snapshot->>'text', snapshot->>'search_text', snapshot->>'context_text', reason "
                              "FROM memory_versions WHERE memory_id = ANY($1::uuid[])", mids):
        texts += [v for v in r.values() if v]
    for r in await conn.fetch("SELECT profile_summary, canonical_name FROM entities WHERE owner_id = $1", user_id):
        texts += [v for v in r.values() if v]
    for r in await conn.fetch("SELECT title FROM documents WHERE owner_id = $1", user_id):
        texts += [v for v in r.values() if v]
    for r in await conn.fetch("SELECT candidate->>'text' FROM review_queue WHERE owner_id = $1", user_id):
        texts += [v for v in r.values() if v]
    prints = fingerprints(texts)
    if keep:
        kept = await conn.fetch(f"SELECT text, search_text FROM memory_items WHERE owner_id = $1 AND {KEPT_SAFETY}",
                                user_id)
        prints -= fingerprints(v for r in kept for v in r.values() if v)
    return prints


def _where(p: Place, ids: dict[str, list[Any]], keep: bool, with_actors: bool) -> tuple[str, list[object]] | None:
    """The condition selecting the subject's rows of one place ($1 = the subject's id as text)."""
    conds: list[str] = [f"{c} = $1::text::uuid" for c in p.subject]
    params: list[object] = []
    for col, idset in p.via:
        params.append(ids[idset])
        conds.append(f"{col} = ANY(${len(params) + 1}::{IDSET_TYPES[idset]}[])")
    conds += [f"strpos({c}::text, $1) > 0" for c in p.scan]
    if with_actors and not p.retained:
        conds += [f"{c} = $1::text::uuid" for c in p.actors]
    if not conds:
        return None
    sql = "$1::text IS NOT NULL AND (" + " OR ".join(conds) + ")"  # $1 is typed even when unused
    if keep and p.keep_on_child_request:
        sql += f" AND NOT ({p.keep_on_child_request})"
    return sql, params


async def delete_subject(conn: asyncpg.Connection, user_id: UUID, ids: dict[str, list[Any]], keep: bool) -> tuple[dict[str, int], dict[str, int]]:
    """Deletes the subject's rows place by place; clears its id from other people's rows (actors)."""
    deleted: dict[str, int] = {}
    cleared: dict[str, int] = {}
    for p in PLACES:
        if p.no_personal_data or p.retained:
            continue
        w = _where(p, ids, keep, with_actors=False)
        if w is not None:
            status = await conn.execute(f"DELETE FROM {p.table} WHERE {w[0]}", str(user_id), *w[1])
            deleted[p.table] = int(status.split()[-1])
        if not keep:
            for col in p.actors:
                status = await conn.execute(f"UPDATE {p.table} SET {col} = NULL WHERE {col} = $1", user_id)
                if n := int(status.split()[-1]):
                    cleared[f"{p.table}.{col}"] = n
    return deleted, cleared


async def last_user_forget(conn: asyncpg.Connection, user_id: UUID) -> tuple[bool, set[bytes], bool]:
    """(tombstoned at all, union of fingerprints, the last forget kept the child-request rows)."""
    rows = await conn.fetch("SELECT reason, fingerprints FROM tombstones WHERE target_type = 'user' "
                            "AND target_id = $1 ORDER BY deleted_at", str(user_id))
    prints = {bytes(f) for r in rows for f in (r["fingerprints"] or [])}
    return bool(rows), prints, bool(rows) and rows[-1]["reason"] == "child_request"


async def scan_residue(conn: asyncpg.Connection, user_id: UUID, keep: bool, prints: set[bytes]) -> dict[str, int]:
    """Searches every registered place: rows that are the subject's (or name it as an actor) and
    were not kept, rows whose content names the subject's id, rows whose content holds a
    fingerprint of a forgotten text. Counts per table; all zeros means nothing is left."""
    ids = await collect_ids(conn, user_id, keep)
    counts: dict[str, int] = {}
    for p in PLACES:
        if p.no_personal_data:
            continue
        n = 0
        w = _where(p, ids, keep, with_actors=not keep)
        if w is not None and not p.retained:
            n += await conn.fetchval(f"SELECT count(*) FROM {p.table} WHERE {w[0]}", str(user_id), *w[1])
        if p.content:
            kept = _kept_rows(p, keep)
            named = " OR ".join(f"strpos({c}::text, $1) > 0" for c in p.content)
            n += await conn.fetchval(f"SELECT count(*) FROM {p.table} WHERE ({named}) AND NOT ({kept})", str(user_id))
            if prints:
                cols = ", ".join(p.content)
                rows = await conn.fetch(f"SELECT {cols} FROM {p.table} WHERE NOT ({kept})", str(user_id))
                n += sum(1 for r in rows if any(holds_fingerprint(v, prints) for v in r.values()))
        counts[p.table] = n
    return counts


def _kept_rows(p: Place, keep: bool) -> str:
    """Rows of the subject that a child-request forget keeps ($1 = the subject's id as text)."""
    if not (keep and p.keep_on_child_request and p.subject):
        return "$1::text IS NULL"  # nothing kept (always false; keeps $1 typed)
    mine = " OR ".join(f"{c} = $1::text::uuid" for c in p.subject)
    return f"({mine}) AND ({p.keep_on_child_request})"


async def user_tombstoned(conn: asyncpg.Connection, user_id: UUID) -> bool:
    """The user was forgotten in the transaction's tenant (its tombstone is there)."""
    return bool(await conn.fetchval("SELECT 1 FROM tombstones WHERE target_type = 'user' AND target_id = $1",
                                    str(user_id)))


async def export_rows(conn: asyncpg.Connection, user_id: UUID, memory_columns: str) -> dict[str, Any]:
    """Everything of the user the caller may see (row-level security hides the rest), by table."""
    return {
        "memories": await conn.fetch(f"SELECT {memory_columns} FROM memory_items WHERE owner_id = $1 "
                                     "ORDER BY observed_at", user_id),
        "versions": await conn.fetch(
            """SELECT v.memory_id, v.version, v.snapshot, v.changed_at, v.reason FROM memory_versions v
               JOIN memory_items m USING (tenant_id, memory_id) WHERE m.owner_id = $1 ORDER BY v.memory_id, v.version""",
            user_id),
        "entities": await conn.fetch(
            """SELECT entity_id, type, canonical_name, aliases, parent_entity_id, profile_summary, context_tags
               FROM entities WHERE owner_id = $1 ORDER BY canonical_name""", user_id),
        "links": await conn.fetch(
            """SELECT l.memory_id, l.entity_id, l.role FROM memory_entities l
               JOIN memory_items m USING (tenant_id, memory_id) WHERE m.owner_id = $1""", user_id),
        "edges": await conn.fetch(
            """SELECT e.src_entity_id, e.predicate, e.dst_entity_id, e.valid_from, e.valid_to FROM entity_edges e
               JOIN entities s ON s.tenant_id = e.tenant_id AND s.entity_id = e.src_entity_id WHERE s.owner_id = $1""",
            user_id),
    }


REQUEST_COLUMNS = "request_id, user_id, status, created_at, decided_at, decided_by"


async def open_request(conn: asyncpg.Connection, user_id: UUID) -> asyncpg.Record:
    """The user's pending request to be forgotten: a new one, or the one already pending (one per user)."""
    row = await conn.fetchrow(
        f"""INSERT INTO forget_requests (tenant_id, request_id, user_id)
            VALUES (current_setting('app.tenant_id')::uuid, gen_random_uuid(), $1)
            ON CONFLICT (tenant_id, user_id) WHERE status = 'pending' DO NOTHING
            RETURNING {REQUEST_COLUMNS}""", user_id)
    if row is None:
        row = await conn.fetchrow(f"SELECT {REQUEST_COLUMNS} FROM forget_requests "
                                  "WHERE user_id = $1 AND status = 'pending'", user_id)
    return row


async def requests_of(conn: asyncpg.Connection, user_id: UUID) -> list[asyncpg.Record]:
    """The user's requests to be forgotten, newest first."""
    rows: list[asyncpg.Record] = await conn.fetch(f"SELECT {REQUEST_COLUMNS} FROM forget_requests WHERE user_id = $1 "
                            "ORDER BY created_at DESC", user_id)
    return rows


async def request_status(conn: asyncpg.Connection, request_id: UUID, user_id: UUID) -> str | None:
    found: str | None = await conn.fetchval("SELECT status FROM forget_requests WHERE request_id = $1 AND user_id = $2",
                               request_id, user_id)
    return found


async def reject_request(conn: asyncpg.Connection, request_id: UUID, by: UUID) -> asyncpg.Record | None:
    """Rejects a pending request; None when it was decided meanwhile."""
    return await conn.fetchrow(
        f"""UPDATE forget_requests SET status = 'rejected', decided_at = now(), decided_by = $2
            WHERE request_id = $1 AND status = 'pending'
            RETURNING {REQUEST_COLUMNS}""", request_id, by)


async def approve_request(conn: asyncpg.Connection, request_id: UUID, by: UUID) -> None:
    """Marks a pending request approved (inside the forgetting transaction)."""
    await conn.execute("UPDATE forget_requests SET status = 'approved', decided_at = now(), "
                       "decided_by = $2 WHERE request_id = $1 AND status = 'pending'", request_id, by)
