"""A summary of memories hidden from a child is hidden from that child too (migration 0012)."""
from __future__ import annotations

from consolidator.summaries import SessionSummaryHandler


async def _visible_to(kit, tenant, child, sql: str, *args):
    async with kit.db.tenant_tx(tenant, role="child", user_id=child) as conn:
        return await conn.fetch(sql, *args)


async def test_session_summary_inherits_what_hides_its_turns(kit):
    h = await kit.household("child", "parent")
    t, child = h["tenant"], h["child"]
    await kit.consumers(SessionSummaryHandler())
    await kit.write(t, child, "We read a story about a dragon called Ember.", session_id="nap-1")
    await kit.write(t, child, "The dragon Ember hides the door code under the mat.", session_id="nap-1",
                    tags=["parent_only"])
    async with kit.db.as_system(t) as conn:  # the write path turns audience tags into flags
        await conn.execute("UPDATE memory_items SET safety_flags = '{parent_only}' WHERE 'parent_only' = ANY(tags)")
    await kit.write(t, child, "Then we had a nap.", session_id="nap-1")
    await kit.drain()
    summary = await kit.fetch(t, "SELECT memory_id, text, safety_flags FROM memory_items WHERE type = 'summary' "
                                 "AND session_id = 'nap-1'")
    assert len(summary) == 1 and "parent_only" in summary[0]["safety_flags"], summary
    seen = await _visible_to(kit, t, child, "SELECT text FROM memory_items WHERE type = 'summary'")
    assert seen == [], "the child must not read a summary of a parent-only memory"
    parent_view = await kit.fetch(t, "SELECT count(*) AS n FROM memory_items WHERE type = 'summary'")
    assert parent_view[0]["n"] == 1


async def test_summary_of_plain_turns_stays_visible(kit):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    await kit.consumers(SessionSummaryHandler())
    for text in ("We built a blanket fort.", "The fort had a flag."):
        await kit.write(t, child, text, session_id="play-1")
    await kit.drain()
    seen = await _visible_to(kit, t, child, "SELECT text, safety_flags FROM memory_items WHERE type = 'summary'")
    assert len(seen) == 1 and seen[0]["safety_flags"] == [], seen


async def test_a_rewritten_summary_takes_its_members_flags_as_they_are_now(kit):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    await kit.consumers(SessionSummaryHandler())
    await kit.write(t, child, "We fed the ducks at the pond.", session_id="walk-1")
    hidden = await kit.write(t, child, "Grandpa's spare key is in the blue pot.", session_id="walk-1")
    async with kit.db.as_system(t) as conn:
        await conn.execute("UPDATE memory_items SET safety_flags = '{restricted}' WHERE memory_id = $1", hidden)
    await kit.write(t, child, "Then it started to rain.", session_id="walk-1")
    await kit.drain()
    assert await _visible_to(kit, t, child, "SELECT 1 FROM memory_items WHERE type = 'summary'") == []
    async with kit.db.as_system(t) as conn:  # a parent lifts the restriction
        await conn.execute("UPDATE memory_items SET safety_flags = '{}' WHERE memory_id = $1", hidden)
    await kit.write(t, child, "We ran home laughing.", session_id="walk-1")  # the summary is rewritten
    await kit.drain()
    seen = await _visible_to(kit, t, child, "SELECT safety_flags FROM memory_items WHERE type = 'summary'")
    assert len(seen) == 1 and seen[0]["safety_flags"] == [], seen
