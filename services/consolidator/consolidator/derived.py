"""Derived memories follow their sources (issue 16).

A derived memory names its sources in `links`: a session summary its session's items, a monthly
summary the episodes folded into it, a promoted fact its episodes. When a source is updated
(text edited, marked wrong = tier disputed, out of date = valid_to) or deleted (by its owner, by a
parent's forget, by retention), `follow` recomputes what was derived from it:

- a session summary is rebuilt from the session's current items (deleted when none is left);
- a monthly summary is rebuilt from its remaining active episodes (deleted when none is left);
- a promoted fact is recomputed from its remaining support (its linked episodes that are active,
  not disputed and still say the same thing: `coherent_core` at the promotion threshold). With
  enough support (`should_promote`) it is re-worded from it (new version). Below the threshold it
  is **demoted**: re-worded from what is left, `valid_to = now()`, tag `demoted`, audit
  `memory.demoted` (it stays in the history as something once believed, as a superseded fact
  does, and is no longer retrieved). With **no support at all** it is **deleted**: every word of it
  came from sources that are gone, so keeping it would keep what was forgotten;
- any other memory that links to a deleted source only loses the link.

When a source was deleted, earlier versions of a rewritten derived memory (which may quote it) are
purged. Entity profiles follow in memory-api, in the transaction of the change itself
(routers/memory.py recomposes the profiles of the entities the memory was linked to).

`DerivedHandler` is the consumer: memory.updated and memory.deleted events (other than those the
consolidator emits for derived memories themselves).
"""
from __future__ import annotations

from uuid import UUID

import asyncpg

from memcore.adapters.bus import BusEvent
from memcore.textnorm import text_hash

from . import store
from .extractive import monthly_summary_text
from .promotion_rules import should_promote
from .summaries import MONTHLY_TAG, SESSION_TAG, rebuild_session_summary

PROMOTED_TAG, DEMOTED_TAG = "promoted", "demoted"
OWN_ORIGINS = frozenset({"promotion", "session_summary", "compaction", "derived"})

DEPENDENTS_SQL = """SELECT memory_id, owner_id, type, tags, links, value_json, session_id, text, version, valid_to,
                           embedding_model
                    FROM memory_items WHERE links && $1::uuid[] AND NOT (memory_id = ANY($1::uuid[]))
                    ORDER BY created_at, memory_id"""


class DerivedHandler:
    name = "derived"

    def __init__(self, promotion=None):
        self.promotion = promotion  # a PromotionHandler: thresholds, embedder and wording of promoted facts

    def wants(self, event: BusEvent) -> bool:
        return (event.type in ("memory.updated", "memory.deleted")
                and event.payload.get("origin") not in OWN_ORIGINS and bool(event.payload.get("memory_id")))

    async def handle(self, conn: asyncpg.Connection, event: BusEvent) -> None:
        mid = UUID(str(event.payload["memory_id"]))
        gone = event.type == "memory.deleted" or await store.get_row(conn, mid) is None
        await follow(conn, [mid], gone=gone, promotion=self.promotion)


async def follow(conn: asyncpg.Connection, changed: list[UUID], gone: bool, promotion=None) -> dict[str, int]:
    """Recomputes every memory derived from `changed` (deleted when `gone`); returns counts by outcome."""
    outcome: dict[str, int] = {}
    dependents = await conn.fetch(DEPENDENTS_SQL, list(changed))
    # the promotion lock first, as the promotion consumer takes it (before any summary lock)
    for owner in sorted({str(d["owner_id"]) for d in dependents if PROMOTED_TAG in d["tags"]}):
        await store.advisory_lock(conn, "promote", owner)
    for d in dependents:
        if d["type"] == "summary" and SESSION_TAG in d["tags"] and d["session_id"]:
            what = await rebuild_session_summary(conn, d["owner_id"], d["session_id"], d["embedding_model"],
                                                 forgotten=gone)
        elif d["type"] == "summary" and MONTHLY_TAG in d["tags"]:
            what = await _rebuild_monthly(conn, d, gone)
        elif PROMOTED_TAG in d["tags"] and d["valid_to"] is None:
            what = await _recompute_promoted(conn, d, gone, promotion, list(changed))
        elif PROMOTED_TAG in d["tags"] and gone:
            what = await _forget_from_demoted(conn, d)
        elif gone:
            await conn.execute("UPDATE memory_items SET links = $2 WHERE memory_id = $1", d["memory_id"],
                               [i for i in d["links"] if i not in set(changed)])
            what = "unlinked"
        else:
            what = "unchanged"
        outcome[what] = outcome.get(what, 0) + 1
    return outcome


async def unlink_forgotten(conn: asyncpg.Connection, deleted: list[UUID]) -> None:
    """Rebuilds, demotes or deletes summaries and promoted facts derived from deleted items
    (the same rules as for a memory.deleted event)."""
    await follow(conn, deleted, gone=True)


async def _active(conn, ids) -> list[asyncpg.Record]:
    return [r for r in await store.get_rows(conn, ids) if r["valid_to"] is None and r["tier"] != "disputed"]


async def _delete(conn, d, reason: str) -> str:
    await conn.execute("DELETE FROM memory_items WHERE memory_id = $1", d["memory_id"])
    await store.audit(conn, "memory.derived_deleted", d["memory_id"], reason)
    await store.outbox(conn, d["owner_id"], "memory.deleted", d["memory_id"],
                       {"type": d["type"], "origin": "derived", "reason": reason})
    return "deleted"


async def _forget_from_demoted(conn, d) -> str:
    """A demoted fact (history) loses a deleted source: re-worded from the sources still stored,
    deleted when none is; its earlier versions go either way (they may quote the deleted one)."""
    from .phrasing import word_promoted

    members = await store.get_rows(conn, d["links"])
    if not members:
        return await _delete(conn, d, "no support left")
    wording = word_promoted([m["text"] for m in members], [m["predicate"] for m in members])
    text, links = wording.text, [m["memory_id"] for m in members]
    await conn.execute(
        f"""UPDATE memory_items SET links = $2, text = $3, search_text = $3, tsv = to_tsvector('english', $3),
               doc_len = {store.DOC_LEN.replace('$T', '$3')}, text_hash = $4, pii_types = $5, updated_at = now(),
               value = $6, value_json = value_json || jsonb_build_object('episode_ids', $7::text[],
                                                                         'objects', $8::text[], 'head', $6::text)
            WHERE memory_id = $1""", d["memory_id"], links, text, text_hash(text),
        store.inherited(members)["pii_types"], wording.head, [str(i) for i in links], list(wording.objects))
    await conn.execute("DELETE FROM memory_versions WHERE memory_id = $1", d["memory_id"])
    return "rewritten"


async def _rebuild_monthly(conn, d, gone: bool) -> str:
    await store.advisory_lock(conn, "monthly-summary", str(d["owner_id"]), (d["value_json"] or {}).get("month", ""))
    members = await _active(conn, d["links"])
    if not members:
        return await _delete(conn, d, "sources gone")
    month = (d["value_json"] or {}).get("month", "")
    text = monthly_summary_text(month, [m["text"] for m in members])
    links = [m["memory_id"] for m in members]
    if text == d["text"] and set(links) == set(d["links"]):
        return "unchanged"
    kept = store.inherited(members)
    await store.snapshot_version(conn, d["memory_id"], "monthly summary followed its sources")
    await conn.execute(
        f"""UPDATE memory_items SET links = $2, text = $3, search_text = $3, tsv = to_tsvector('english', $3),
               doc_len = {store.DOC_LEN.replace('$T', '$3')}, text_hash = $4, embedding = coalesce($5, embedding),
               value_json = value_json || jsonb_build_object('episode_ids', $6::text[]), pii_types = $7,
               version = version + 1, updated_at = now()
            WHERE memory_id = $1""", d["memory_id"], links, text, text_hash(text),
        store.centroid([m["embedding"] for m in members]), [str(i) for i in links], kept["pii_types"])
    if gone:
        await conn.execute("DELETE FROM memory_versions WHERE memory_id = $1", d["memory_id"])
    await store.outbox(conn, d["owner_id"], "memory.updated", d["memory_id"], {"type": "summary", "origin": "derived"})
    return "rewritten"


async def _still_linked(conn, rows, changed: list[UUID], promotion) -> list:
    """Drops a changed episode whose content is no longer within the promotion threshold of any
    other member (the single linkage promotion clusters by)."""
    from .promotion import content_vector

    await promotion.fill_content_embeddings(conn, rows[0]["owner_id"], changed[0])
    rows = await store.get_rows(conn, [r["memory_id"] for r in rows])
    vecs = [content_vector(r) for r in rows]
    keep = []
    for i, r in enumerate(rows):
        if r["memory_id"] in changed and max(float(vecs[i] @ v) for j, v in enumerate(vecs) if j != i) \
                < promotion.similarity:
            continue
        keep.append(r)
    return keep


async def _recompute_promoted(conn, d, gone: bool, promotion, changed: list[UUID]) -> str:
    from .promotion import PromotionHandler, support, to_episode

    promotion = promotion or PromotionHandler()
    await store.advisory_lock(conn, "promote", str(d["owner_id"]))
    rows = await support(conn, d["links"])  # what promotion itself would still link (no longer a candidate: dropped)
    if not gone and len(rows) > 1:  # an edited episode stays support only while it still says the same thing
        rows = await _still_linked(conn, rows, changed, promotion)
    counted = bool(rows)
    if not counted:  # sources still stored that promotion no longer counts: demoted, worded from them
        rows = await _active(conn, d["links"])
    if not rows:
        return await _delete(conn, d, "no support left")
    episodes = [to_episode(r) for r in rows]
    if counted and should_promote(episodes, promotion.min_mentions, promotion.min_sessions):
        changed = await promotion.write(conn, d["owner_id"], rows, episodes, d, rows[-1]["embedding_model"],
                                        reason="sources changed", origin="derived")
        if gone and changed:
            await conn.execute("DELETE FROM memory_versions WHERE memory_id = $1", d["memory_id"])
        return "rewritten" if changed else "unchanged"
    await promotion.write(conn, d["owner_id"], rows, episodes, d, rows[-1]["embedding_model"],
                          reason="support fell below the promotion threshold", origin="derived", demote=True)
    if gone:
        await conn.execute("DELETE FROM memory_versions WHERE memory_id = $1", d["memory_id"])
    return "demoted"
