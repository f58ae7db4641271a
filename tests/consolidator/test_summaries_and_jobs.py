"""Session and monthly summaries, retention, the outbox sweeper, re-embedding, the Celery app."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from consolidator import maintenance
from consolidator.extractive import extractive_summary
from consolidator.summaries import SessionSummaryHandler, compact_stale_episodes


def test_extractive_summary_is_deterministic_and_ordered():
    texts = ["We read a dinosaur book.", "The dinosaur book had a triceratops.", "Lunch was pasta."]
    s = extractive_summary(texts, max_sentences=2)
    assert s == extractive_summary(texts, max_sentences=2)
    assert s == "We read a dinosaur book. The dinosaur book had a triceratops."


async def test_session_rolling_summary_tracks_the_session(kit):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    await kit.consumers(SessionSummaryHandler())
    ids = [await kit.write(t, child, text, session_id="bedtime-1")
           for text in ["We read a story about a dragon.", "The dragon was friendly.", "Then I brushed my teeth."]]
    await kit.drain()
    rows = await kit.fetch(t, "SELECT text, links, scope, version FROM memory_items WHERE type = 'summary' "
                              "AND session_id = 'bedtime-1'")
    assert len(rows) == 1 and set(rows[0]["links"]) == set(ids) and rows[0]["scope"] == "user"
    assert "dragon" in rows[0]["text"]


async def test_stale_episodes_compress_into_monthly_summaries(kit, at):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    old = [await kit.write(t, child, f"We played chess on day {d}.", observed_at=at(2024, 3, d), embed=False)
           for d in (2, 9)]
    april = await kit.write(t, child, "We went to the zoo.", observed_at=at(2024, 4, 3), embed=False)
    fresh = await kit.write(t, child, "We baked cookies today.", embed=False)
    async with kit.db.as_system(t) as conn:
        assert await compact_stale_episodes(conn, stale_days=30) == 3
    async with kit.db.as_system(t) as conn:
        assert await compact_stale_episodes(conn, stale_days=30) == 0  # idempotent
    summaries = await kit.fetch(t, "SELECT value_json->>'month' AS month, links, text FROM memory_items "
                                   "WHERE type = 'summary' AND 'monthly_summary' = ANY(tags) ORDER BY 1")
    assert [(s["month"], set(s["links"])) for s in summaries] == [("2024-03", set(old)), ("2024-04", {april})]
    assert "chess" in summaries[0]["text"]
    tags = await kit.fetchval(t, "SELECT tags FROM memory_items WHERE memory_id = $1", fresh)
    assert "summarized" not in tags


async def test_retention_deletes_expired_items_and_rebuilds_derived_summaries(kit, at):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    now = datetime.now(timezone.utc)
    gone = await kit.write(t, child, "The secret word is pineapple.", observed_at=at(2024, 5, 1), embed=False,
                           expires_at=now - timedelta(minutes=1))
    kept = await kit.write(t, child, "We flew a kite.", observed_at=at(2024, 5, 2), embed=False)
    pinned = await kit.write(t, child, "Grandma visited.", embed=False, pinned=True, expires_at=now - timedelta(days=1))
    async with kit.db.as_system(t) as conn:
        await compact_stale_episodes(conn, stale_days=30)
    async with kit.db.as_system(t) as conn:
        assert await maintenance.expire(conn) == 1
    left = {r["memory_id"] for r in await kit.fetch(t, "SELECT memory_id FROM memory_items WHERE type = 'episodic'")}
    assert gone not in left and {kept, pinned} <= left
    summary = (await kit.fetch(t, "SELECT text, links FROM memory_items WHERE type = 'summary'"))[0]
    assert "pineapple" not in summary["text"] and summary["links"] == [kept]
    audit = await kit.fetch(t, "SELECT action, details FROM audit_log WHERE target_id = $1", str(gone))
    assert [a["action"] for a in audit] == ["memory.expired"] and "pineapple" not in str(audit[0]["details"])
    assert await kit.fetchval(t, "SELECT count(*) FROM tombstones WHERE target_id = $1", str(gone)) == 1


async def test_sweeper_prunes_sent_outbox_rows_only(kit):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    await kit.write(t, child, "one", embed=False)
    while await kit.relay.relay_once():
        pass
    await kit.write(t, child, "two", embed=False)  # unsent: must stay
    async with kit.db.as_system(t) as conn:
        await conn.execute("UPDATE outbox SET sent_at = sent_at - interval '30 days' WHERE sent_at IS NOT NULL")
        assert await maintenance.sweep(conn, outbox_keep_days=7, processed_keep_days=14) == 1
    assert await kit.fetchval(t, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 1


async def test_reembed_hook_fills_missing_and_stale_embeddings(kit):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    a = await kit.write(t, child, "no vector yet", embed=False)
    b = await kit.write(t, child, "old model vector", model="old-model")
    async with kit.db.as_system(t) as conn:
        assert await maintenance.reembed(conn, kit.embedder, batch=10) == 2
    rows = await kit.fetch(t, "SELECT embedding_model, embedding IS NOT NULL AS has FROM memory_items "
                              "WHERE memory_id = ANY($1::uuid[])", [a, b])
    assert {(r["embedding_model"], r["has"]) for r in rows} == {(kit.embedder.model_name, True)}


async def test_reembed_works_batch_after_batch_until_the_tenant_is_done(kit):
    """An import embedded with the int8 weights is moved to the index model in one run of the job,
    one committed batch after another, not one batch a run; the run's deadline stops it."""
    import time

    from memcore.embedding.model_files import INT8_MODEL_NAME

    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    ids = [await kit.write(t, child, f"imported fact number {i}", model=INT8_MODEL_NAME) for i in range(5)]
    titled = "Garden notes\nimported fact number 0"  # a document chunk is indexed and embedded with its title
    async with kit.db.as_system(t) as conn:
        await conn.execute("UPDATE memory_items SET search_text = $2 WHERE memory_id = $1", ids[0], titled)
    assert await maintenance.reembed_tenant(kit.db, t, kit.embedder, batch=2, deadline=time.monotonic() - 1) == 0
    assert await maintenance.reembed_tenant(kit.db, t, kit.embedder, batch=2, deadline=time.monotonic() + 60) == 5
    models = await kit.fetch(t, "SELECT DISTINCT embedding_model FROM memory_items WHERE memory_id = ANY($1::uuid[])",
                             ids)
    assert [r["embedding_model"] for r in models] == [kit.embedder.model_name]
    stored = await kit.fetch(t, "SELECT embedding FROM memory_items WHERE memory_id = $1", ids[0])
    vec = np.asarray(stored[0]["embedding"].to_numpy())
    assert float(vec @ kit.embedder.embed_one(titled)) > 0.999  # the search text's vector, not the bare text's
    assert float(vec @ kit.embedder.embed_one("imported fact number 0")) < 0.99


async def test_jobs_visit_every_tenant(kit, stack_env, monkeypatch):
    from consolidator import jobs
    from consolidator.settings import ConsolidatorSettings

    h = await kit.household("child")
    await kit.write(h["tenant"], h["child"], "expired", embed=False,
                    expires_at=datetime.now(timezone.utc) - timedelta(seconds=1))
    s = ConsolidatorSettings(MEMORY_APP_DATABASE_URL=stack_env["MEMORY_APP_DATABASE_URL"])
    assert await jobs.run_retention(s) >= 1
    assert await kit.fetchval(h["tenant"], "SELECT count(*) FROM memory_items") == 0
    assert set(jobs.celery_app.conf.beat_schedule) == {"retention", "compact-summaries", "sweep-outbox", "reembed",
                                                       "propose-merges", "owner-indexes"}
    assert {"consolidator.retention", "consolidator.sweep_outbox"} <= set(jobs.celery_app.tasks)


async def test_owner_index_job_runs_as_the_schema_owner_and_can_be_switched_off(stack_env):
    from consolidator import jobs
    from consolidator.settings import ConsolidatorSettings

    # no owner of the test database is this large: the job connects as the owner and builds nothing
    s = ConsolidatorSettings(DATABASE_URL=stack_env["DATABASE_URL"], owner_index_min_rows=10**9)
    assert (await jobs.run_owner_indexes(s))["built"] == []
    # off (the Azure template, where the worker is not the schema owner): it never connects
    off = ConsolidatorSettings(DATABASE_URL="postgresql://memory_owner@127.0.0.1:1/memory", owner_indexes=False)
    assert await jobs.run_owner_indexes(off) == {"built": [], "dropped": [], "rebuilt_invalid": [], "busy": False}
    with pytest.raises(OSError):  # the same settings switched on do try that address
        await jobs.run_owner_indexes(off.model_copy(update={"owner_indexes": True}))


async def test_merge_proposal_job_proposes_people_known_twice_and_merges_nothing(kit, stack_env):
    import uuid

    from consolidator import jobs
    from consolidator.settings import ConsolidatorSettings

    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    ids = [uuid.uuid4() for _ in range(3)]
    async with kit.db.as_system(t) as conn:
        for eid, name, facets in ((ids[0], "Dana Whitfield", {"roles": ["nurse"]}), (ids[1], "Dana", {"roles": ["nurse"]}),
                                  (ids[2], "Dana Price", {"roles": ["pilot"]})):
            await conn.execute(
                "INSERT INTO entities (tenant_id, entity_id, owner_id, type, canonical_name, norm_names, facets) "
                "VALUES ($1, $2, $3, 'person', $4, $5, $6)", t, eid, child, name, [name.lower()], facets)
    s = ConsolidatorSettings(MEMORY_APP_DATABASE_URL=stack_env["MEMORY_APP_DATABASE_URL"])
    assert await jobs.run_merge_proposals(s) >= 1
    rows = await kit.fetch(t, "SELECT keep_id, merge_id, rule, status FROM entity_merge_proposals")
    assert [(r["keep_id"], r["merge_id"], r["rule"], r["status"]) for r in rows] == [
        (ids[0], ids[1], "first_name_and_facet", "open")]  # Dana Price (another full name) is nobody's twin
    assert await kit.fetchval(t, "SELECT count(*) FROM entities") == 3  # nothing merged
    assert await jobs.run_merge_proposals(s) == 0  # proposed once


async def test_retention_keeps_an_expired_episode_a_standing_promoted_fact_stands_on(kit):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    past = datetime.now(timezone.utc) - timedelta(minutes=1)
    support = await kit.write(t, child, "I love swimming at the lake.", embed=False, expires_at=past)
    alone = await kit.write(t, child, "We had soup for lunch.", embed=False, expires_at=past)
    fact = await kit.write(t, child, "Likes swimming.", type="semantic", source="system", embed=False)
    async with kit.db.as_system(t) as conn:
        await conn.execute("UPDATE memory_items SET links = $2 WHERE memory_id = $1", fact, [support])
        assert await maintenance.expire(conn) == 1
    left = {r["memory_id"] for r in await kit.fetch(t, "SELECT memory_id FROM memory_items")}
    assert support in left and alone not in left
    async with kit.db.as_system(t) as conn:  # once the fact is superseded, its episode follows its own expiry
        await conn.execute("UPDATE memory_items SET valid_to = now() WHERE memory_id = $1", fact)
        assert await maintenance.expire(conn) == 1
    assert support not in {r["memory_id"] for r in await kit.fetch(t, "SELECT memory_id FROM memory_items")}


async def test_a_session_summary_does_not_depend_on_the_order_its_tied_members_were_stored(kit):
    """A turn's record and the knowledge drawn from it share a time (one transaction): the summary
    orders such ties by what is stored, so a backlog and a live consumer build the same text."""
    from consolidator.summaries import rebuild_session_summary

    at = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)
    texts = ["Zara feeds the goats at dawn.", "Abel repairs the fence.", "Milo bakes rye bread."]
    summaries = []
    for order in (texts, texts[::-1]):
        h = await kit.household("parent")
        t, owner = h["tenant"], h["parent"]
        ids = {text: await kit.write(t, owner, text, session_id="farm") for text in texts}
        async with kit.db.as_system(t) as conn:
            for text in order:  # rewritten in this order: the rows' physical order follows it
                await conn.execute("UPDATE memory_items SET observed_at = $2, created_at = $2 WHERE memory_id = $1",
                                   ids[text], at)
            await rebuild_session_summary(conn, owner, "farm", kit.embedder.model_name)
        rows = await kit.fetch(t, "SELECT text FROM memory_items WHERE type = 'summary' AND session_id = 'farm'")
        summaries.append(rows[0]["text"])
    assert summaries[0] == summaries[1]
