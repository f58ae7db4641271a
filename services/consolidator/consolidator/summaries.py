"""Summary memories (type summary, extractive by default, linked to their originals).

- Session rolling summary: one per (owner, session), rewritten as the session's items arrive.
- Monthly compaction: active episodes older than `stale_days` fold into one summary per
  (owner, month); the originals are tagged `summarized` (kept, and excluded from later passes).
- `unlink_forgotten`: when items are deleted, summaries derived from them are rebuilt from what
  remains, or deleted when nothing remains (forgetting reaches derived text too).
"""
from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta, timezone
from uuid import UUID

import asyncpg

from memcore.adapters.bus import BusEvent
from memcore.textnorm import text_hash

from . import store
from .extractive import month_of, monthly_summary_text, session_summary_text

SESSION_TAG, MONTHLY_TAG, SUMMARIZED_TAG = "session_summary", "monthly_summary", "summarized"
SUMMARISABLE = ("episodic", "preference", "semantic", "identity", "relationship", "skill", "device", "process")


class SessionSummaryHandler:
    name = "session_summary"

    def __init__(self, max_items: int = 200):
        self.max_items = max_items

    def wants(self, event: BusEvent) -> bool:
        return (event.type == "memory.created" and bool(event.payload.get("session_id"))
                and event.payload.get("type") in SUMMARISABLE)

    async def handle(self, conn: asyncpg.Connection, event: BusEvent) -> None:
        item = await store.get_row(conn, event.payload["memory_id"])
        if item is None or not item["session_id"]:
            return
        owner, session = item["owner_id"], item["session_id"]
        await store.advisory_lock(conn, "session-summary", str(owner), session)
        rows = await conn.fetch(
            """SELECT memory_id, text, embedding, observed_at, pii_types FROM memory_items
               WHERE owner_id = $1 AND session_id = $2 AND type = ANY($3::text[]) AND valid_to IS NULL
                 AND tier <> 'disputed'
               ORDER BY observed_at, created_at LIMIT $4""",
            owner, session, list(SUMMARISABLE), self.max_items)
        if not rows:
            return
        existing = await conn.fetchrow(
            """SELECT memory_id, text, links, version FROM memory_items
               WHERE owner_id = $1 AND session_id = $2 AND type = 'summary' AND $3 = ANY(tags) AND valid_to IS NULL
               LIMIT 1""", owner, session, SESSION_TAG)
        derived = store.DerivedMemory(
            owner_id=owner, type="summary", scope="user", session_id=session,
            text=session_summary_text(session, [r["text"] for r in rows]),
            embedding=store.centroid([r["embedding"] for r in rows]), embedding_model=item["embedding_model"],
            links=[r["memory_id"] for r in rows], tags=[SESSION_TAG], salience=0.3, confidence=0.9,
            observed_at=rows[-1]["observed_at"],
            value_json={"kind": "session", "session_id": session, "item_ids": [str(r["memory_id"]) for r in rows]},
            **store.inherited(rows))
        if existing is None:
            mid = await store.insert_derived(conn, derived)
            await store.outbox(conn, owner, "memory.created", mid, {"type": "summary", "origin": "session_summary"})
        elif existing["text"] != derived.text or set(existing["links"]) != set(derived.links):
            await store.rewrite_derived(conn, existing["memory_id"], derived, "session summary rolled")
            await store.outbox(conn, owner, "memory.updated", existing["memory_id"],
                               {"type": "summary", "origin": "session_summary"})


async def compact_month(conn: asyncpg.Connection, owner: UUID, month: str, rows: list) -> UUID:
    """Folds `rows` (stale episodes of one month) into that month's summary memory."""
    await store.advisory_lock(conn, "monthly-summary", str(owner), month)
    existing = await conn.fetchrow(
        """SELECT memory_id, links, version FROM memory_items
           WHERE owner_id = $1 AND type = 'summary' AND $2 = ANY(tags) AND value_json->>'month' = $3
             AND valid_to IS NULL LIMIT 1""", owner, MONTHLY_TAG, month)
    ids = list(dict.fromkeys([*(existing["links"] if existing else []), *(r["memory_id"] for r in rows)]))
    members = await store.get_rows(conn, ids)
    derived = store.DerivedMemory(
        owner_id=owner, type="summary", text=monthly_summary_text(month, [m["text"] for m in members]),
        embedding=store.centroid([m["embedding"] for m in members]),
        embedding_model=next((m["embedding_model"] for m in members if m["embedding_model"]), None),
        links=[m["memory_id"] for m in members], tags=[MONTHLY_TAG], salience=0.3, confidence=0.9,
        observed_at=max(m["observed_at"] for m in members), valid_from=min(m["observed_at"] for m in members),
        value_json={"kind": "monthly", "month": month, "episode_ids": [str(m["memory_id"]) for m in members]},
        **store.inherited(members))
    if existing is None:
        mid = await store.insert_derived(conn, derived)
        await store.outbox(conn, owner, "memory.created", mid, {"type": "summary", "origin": "compaction"})
    else:
        mid = existing["memory_id"]
        await store.rewrite_derived(conn, mid, derived, "monthly summary grew")
        await store.outbox(conn, owner, "memory.updated", mid, {"type": "summary", "origin": "compaction"})
    await conn.execute(
        """UPDATE memory_items SET tags = array_append(tags, $2), updated_at = now()
           WHERE memory_id = ANY($1::uuid[]) AND NOT ($2 = ANY(tags))""",
        [r["memory_id"] for r in rows], SUMMARIZED_TAG)
    await store.audit(conn, "memory.compacted", mid, f"episodes of {month} summarised",
                      details={"episodes": [str(r["memory_id"]) for r in rows]})
    return mid


async def compact_stale_episodes(conn: asyncpg.Connection, stale_days: int, now: datetime | None = None,
                                 limit: int = 5000) -> int:
    """One tenant's pass (conn is tenant-scoped): returns how many episodes were folded."""
    cutoff = (now or datetime.now(timezone.utc)) - timedelta(days=stale_days)
    rows = await conn.fetch(
        """SELECT memory_id, owner_id, observed_at FROM memory_items
           WHERE type = 'episodic' AND valid_to IS NULL AND NOT pinned AND observed_at < $1
             AND NOT ($2 = ANY(tags)) ORDER BY owner_id, observed_at LIMIT $3""",
        cutoff, SUMMARIZED_TAG, limit)
    groups: dict[tuple[UUID, str], list] = defaultdict(list)
    for r in rows:
        groups[(r["owner_id"], month_of(r["observed_at"]))].append(r)
    for (owner, month), group in groups.items():
        await compact_month(conn, owner, month, group)
    return len(rows)


async def unlink_forgotten(conn: asyncpg.Connection, deleted: list[UUID]) -> None:
    """Rebuilds or deletes summaries and promoted facts derived from deleted items."""
    derived = await conn.fetch(
        "SELECT memory_id, owner_id, type, tags, links, value_json FROM memory_items WHERE links && $1::uuid[]",
        deleted)
    gone = set(deleted)
    for d in derived:
        remaining = [i for i in d["links"] if i not in gone]
        if d["type"] != "summary" and "promoted" not in d["tags"]:
            await conn.execute("UPDATE memory_items SET links = $2 WHERE memory_id = $1", d["memory_id"], remaining)
            continue
        if not remaining:
            await conn.execute("DELETE FROM memory_items WHERE memory_id = $1", d["memory_id"])
            await store.outbox(conn, d["owner_id"], "memory.deleted", d["memory_id"],
                               {"type": d["type"], "reason": "sources forgotten"})
            continue
        members = await store.get_rows(conn, remaining)
        texts = [m["text"] for m in members]
        vj = dict(d["value_json"] or {})
        text = (monthly_summary_text(vj.get("month", ""), texts) if MONTHLY_TAG in d["tags"]
                else session_summary_text(vj.get("session_id", ""), texts) if SESSION_TAG in d["tags"]
                else None)
        if text is None:  # a promoted fact: re-word from the remaining episodes
            from .phrasing import word_promoted

            text = word_promoted(texts, [m["predicate"] for m in members]).text
        kept = store.inherited(members)
        await conn.execute(
            f"""UPDATE memory_items SET links = $2, text = $3, search_text = $3, tsv = to_tsvector('english', $3),
                   doc_len = {store.DOC_LEN.replace('$T', '$3')}, text_hash = $4, updated_at = now(),
                   pii_types = $5
                WHERE memory_id = $1""", d["memory_id"], [m["memory_id"] for m in members], text, text_hash(text),
            kept["pii_types"])
        # earlier versions of the derived text may quote what was forgotten
        await conn.execute("DELETE FROM memory_versions WHERE memory_id = $1", d["memory_id"])
