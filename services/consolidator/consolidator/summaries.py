"""Summary memories (type summary, extractive by default, linked to their originals).

- Session rolling summary: one per (owner, session), rewritten as the session's items arrive.
- Monthly compaction: active episodes older than `stale_days` fold into one summary per
  (owner, month); the originals are tagged `summarized` (kept, and excluded from later passes).
When items are deleted, the summaries derived from them are rebuilt from what remains, or deleted
when nothing remains (`derived.unlink_forgotten`: forgetting reaches derived text too).
"""
from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta, timezone
from uuid import UUID

import asyncpg

from memcore.adapters.bus import BusEvent

from . import store
from .extractive import month_of, monthly_summary_text, session_summary_text

SESSION_TAG, MONTHLY_TAG, SUMMARIZED_TAG = "session_summary", "monthly_summary", "summarized"
SUMMARISABLE = ("episodic", "preference", "semantic", "identity", "relationship", "skill", "device", "process", "routine")


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
        await rebuild_session_summary(conn, item["owner_id"], item["session_id"], item["embedding_model"],
                                      self.max_items)


async def rebuild_session_summary(conn: asyncpg.Connection, owner: UUID, session: str, model: str | None,
                                  max_items: int = 200, forgotten: bool = False) -> str:
    """The session's summary from its current members: created, rewritten, deleted (no member
    left) or unchanged; returns which. `forgotten`: a member was deleted, so earlier versions of
    the summary (which quote it) are purged too."""
    await store.advisory_lock(conn, "session-summary", str(owner), session)
    rows = await conn.fetch(
        """SELECT memory_id, text, embedding, embedding_model, observed_at, pii_types FROM memory_items
           WHERE owner_id = $1 AND session_id = $2 AND type = ANY($3::text[]) AND valid_to IS NULL
             AND tier <> 'disputed'
           ORDER BY observed_at, created_at, layer = 'record' DESC, text, memory_id LIMIT $4""",
        owner, session, list(SUMMARISABLE), max_items)
    existing = await conn.fetchrow(
        """SELECT memory_id, text, links, version FROM memory_items
           WHERE owner_id = $1 AND session_id = $2 AND type = 'summary' AND $3 = ANY(tags) AND valid_to IS NULL
           LIMIT 1""", owner, session, SESSION_TAG)
    if not rows:
        if existing is None:
            return "unchanged"
        await conn.execute("DELETE FROM memory_items WHERE memory_id = $1", existing["memory_id"])
        await store.outbox(conn, owner, "memory.deleted", existing["memory_id"],
                           {"type": "summary", "origin": "session_summary", "reason": "sources gone"})
        return "deleted"
    derived = store.DerivedMemory(
        owner_id=owner, type="summary", scope="user", session_id=session,
        text=session_summary_text(session, [r["text"] for r in rows]),
        embedding=store.centroid([r["embedding"] for r in rows]),
        embedding_model=model or next((r["embedding_model"] for r in rows if r["embedding_model"]), None),
        links=[r["memory_id"] for r in rows], tags=[SESSION_TAG], salience=0.3, confidence=0.9,
        observed_at=rows[-1]["observed_at"],
        value_json={"kind": "session", "session_id": session, "item_ids": [str(r["memory_id"]) for r in rows]},
        **store.inherited(rows))
    if existing is None:
        mid = await store.insert_derived(conn, derived)
        await store.outbox(conn, owner, "memory.created", mid, {"type": "summary", "origin": "session_summary"})
        return "created"
    if existing["text"] == derived.text and set(existing["links"]) == set(derived.links):
        return "unchanged"
    await store.rewrite_derived(conn, existing["memory_id"], derived, "session summary rolled")
    if forgotten:  # earlier versions quote what was forgotten
        await conn.execute("DELETE FROM memory_versions WHERE memory_id = $1", existing["memory_id"])
    await store.outbox(conn, owner, "memory.updated", existing["memory_id"],
                       {"type": "summary", "origin": "session_summary"})
    return "rewritten"


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
