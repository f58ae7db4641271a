"""Derived memories follow their sources (issue 16): a deleted, edited, disputed or outdated source
changes the session summary, the monthly summary and the promoted fact derived from it; a promoted
fact whose support falls below the threshold is demoted, and deleted when no support is left."""
from __future__ import annotations

import numpy as np

from consolidator.derived import DerivedHandler
from consolidator.maintenance import expire
from consolidator.promotion import PromotionHandler
from consolidator.settings import ConsolidatorSettings
from consolidator.summaries import SessionSummaryHandler, compact_month

S = ConsolidatorSettings()

FACTS_SQL = """SELECT memory_id, text, links, valid_to, tags, version FROM memory_items
               WHERE owner_id = $1 AND 'promoted' = ANY(tags) ORDER BY created_at"""
SUMMARY_SQL = """SELECT memory_id, text, links FROM memory_items
                 WHERE owner_id = $1 AND type = 'summary' AND 'session_summary' = ANY(tags) AND session_id = $2"""


def promotion(kit):
    return PromotionHandler(S.promotion_similarity, S.promotion_min_mentions, S.promotion_min_sessions,
                            embedder=kit.embedder)


async def delete(kit, tenant, owner, mid):
    """What DELETE /v1/memory/{id} commits: the row goes, a memory.deleted event in the same transaction."""
    async with kit.db.as_system(tenant) as conn:
        await conn.execute("DELETE FROM memory_items WHERE memory_id = $1", mid)
        await conn.execute("""INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
                              VALUES (current_setting('app.tenant_id')::uuid, $1, 'memory.deleted', $2, $3)""",
                           owner, str(mid), {"memory_id": str(mid)})


async def update(kit, tenant, owner, mid, set_clause: str, *args):
    async with kit.db.as_system(tenant) as conn:
        await conn.execute(f"UPDATE memory_items SET {set_clause}, version = version + 1 WHERE memory_id = $1",
                           mid, *args)
        await conn.execute("""INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
                              VALUES (current_setting('app.tenant_id')::uuid, $1, 'memory.updated', $2, $3)""",
                           owner, str(mid), {"memory_id": str(mid)})


async def test_a_deleted_sentence_leaves_the_session_summary_and_its_history(kit, at):
    h = await kit.household("child")
    t, c = h["tenant"], h["child"]
    await kit.consumers(SessionSummaryHandler(), DerivedHandler(promotion(kit)))
    ids = [await kit.write(t, c, text, session_id="s1", observed_at=at(2026, 1, 5, 10, i))
           for i, text in enumerate(["We built a sandcastle at the beach.", "My secret password is pineapple.",
                                     "Then we had ice cream by the pier."])]
    await kit.drain()
    [summary] = await kit.fetch(t, SUMMARY_SQL, c, "s1")
    assert "pineapple" in summary["text"]
    await delete(kit, t, c, ids[1])
    await kit.drain()
    [summary] = await kit.fetch(t, SUMMARY_SQL, c, "s1")
    assert "pineapple" not in summary["text"] and "sandcastle" in summary["text"]
    assert set(summary["links"]) == {ids[0], ids[2]}
    versions = await kit.fetch(t, "SELECT snapshot::text AS s FROM memory_versions WHERE memory_id = $1",
                               summary["memory_id"])
    assert all("pineapple" not in v["s"] for v in versions)
    # an edit of a source rewrites the summary too
    await update(kit, t, c, ids[0], "text = $2", "We built a huge castle at the beach.")
    await kit.drain()
    [summary] = await kit.fetch(t, SUMMARY_SQL, c, "s1")
    assert "huge castle" in summary["text"] and "sandcastle" not in summary["text"]
    # nothing left: the summary goes
    for mid in (ids[0], ids[2]):
        await delete(kit, t, c, mid)
    await kit.drain()
    assert await kit.fetch(t, SUMMARY_SQL, c, "s1") == []


async def test_a_promoted_fact_is_rewritten_then_demoted_then_deleted_as_its_support_goes(kit, at):
    h = await kit.household("child")
    t, c = h["tenant"], h["child"]
    await kit.consumers(promotion(kit), DerivedHandler(promotion(kit)))
    texts = ["I love triceratops!", "I love stegosaurus", "Dinosaurs are the best, I love them",
             "I really love dinosaurs"]
    ids = [await kit.write(t, c, text, session_id=f"s{i}", observed_at=at(2026, 2, 1 + i, 18))
           for i, text in enumerate(texts)]
    await kit.drain()
    [fact] = await kit.fetch(t, FACTS_SQL, c)
    assert set(fact["links"]) == set(ids) and "stegosaurus" in fact["text"]
    # 4 -> 3 mentions: still promoted, re-worded without the deleted episode's words
    await delete(kit, t, c, ids[1])
    await kit.drain()
    [fact] = await kit.fetch(t, FACTS_SQL, c)
    assert fact["valid_to"] is None and set(fact["links"]) == {ids[0], ids[2], ids[3]}
    assert "stegosaurus" not in fact["text"]
    versions = await kit.fetch(t, "SELECT snapshot::text AS s FROM memory_versions WHERE memory_id = $1",
                               fact["memory_id"])
    assert all("stegosaurus" not in v["s"] for v in versions)
    # marked wrong (tier disputed): 2 mentions left, below the threshold -> demoted (history, not retrieved)
    await update(kit, t, c, ids[3], "tier = 'disputed'")
    await kit.drain()
    [fact] = await kit.fetch(t, FACTS_SQL, c)
    assert fact["valid_to"] is not None and "demoted" in fact["tags"]
    assert set(fact["links"]) == {ids[0], ids[2]}
    audit = await kit.fetch(t, "SELECT action FROM audit_log WHERE target_id = $1 ORDER BY audit_id",
                            str(fact["memory_id"]))
    assert audit[-1]["action"] == "memory.demoted"
    # every support deleted: nothing of it may stay
    for mid in (ids[0], ids[2]):
        await delete(kit, t, c, mid)
    await kit.drain()
    assert await kit.fetch(t, FACTS_SQL, c) == []


async def test_an_edited_episode_that_says_something_else_no_longer_supports_the_fact(kit, at):
    h = await kit.household("child")
    t, c = h["tenant"], h["child"]
    await kit.consumers(promotion(kit), DerivedHandler(promotion(kit)))
    ids = [await kit.write(t, c, text, session_id=f"s{i}", observed_at=at(2026, 3, 1 + i, 18))
           for i, text in enumerate(["I love swimming", "Swimming is the best", "I really like swimming"])]
    await kit.drain()
    [fact] = await kit.fetch(t, FACTS_SQL, c)
    assert fact["valid_to"] is None
    vec = np.asarray(kit.embedder.embed_one("My bike has a flat tyre."), dtype=np.float32)
    await update(kit, t, c, ids[2], "text = $2, embedding = $3, content_embedding = NULL",
                 "My bike has a flat tyre.", vec)
    await kit.drain()
    [fact] = await kit.fetch(t, FACTS_SQL, c)
    assert fact["valid_to"] is not None and set(fact["links"]) == {ids[0], ids[1]}


async def test_retention_and_monthly_summaries_follow_too(kit, at):
    h = await kit.household("child")
    t, c = h["tenant"], h["child"]
    ids = [await kit.write(t, c, text, observed_at=at(2025, 1, 3 + i))
           for i, text in enumerate(["We went sledging on the hill.", "The pond froze over.", "I built a snowman."])]
    async with kit.db.as_system(t) as conn:
        rows = await conn.fetch("SELECT memory_id, owner_id, observed_at FROM memory_items WHERE owner_id = $1", c)
        mid = await compact_month(conn, c, "2025-01", list(rows))
        await conn.execute("UPDATE memory_items SET expires_at = now() - interval '1 day' WHERE memory_id = $1", ids[1])
        assert await expire(conn) == 1
    [monthly] = await kit.fetch(t, "SELECT text, links FROM memory_items WHERE memory_id = $1", mid)
    assert "pond" not in monthly["text"] and set(monthly["links"]) == {ids[0], ids[2]}
