"""Derived data does not depend on delivery timing (issue 34: "identical to a run without faults").

The same turns are written twice, to two owners: once handled one event at a time (a consumer that
keeps up), once written all first and handled afterwards (a backlog, as after an outage: every
event then sees rows committed after it). The promoted facts of the two must be the same.
The turns are a chaos bench user's script (seed 34), with exact repeats reinforcing their first row
as the write path does.
"""
from __future__ import annotations

import random
from datetime import timedelta

from consolidator.promotion import PromotionHandler

from memclient.bench.chaos import session_script
from memclient.bench.textgen import sentences

PROMOTED_SQL = """SELECT text, value, links FROM memory_items
                  WHERE owner_id = $1 AND 'promoted' = ANY(tags) AND valid_to IS NULL"""


def chaos_turns(user: int, steps: int = 200) -> list[tuple[str, str]]:
    texts = sentences(random.Random(34), 500)
    return [(s.text, s.session) for s in session_script(34, user, texts, steps, 1.0) if s.kind == "turn"]


async def say(kit, tenant, owner, text: str, session: str, when, seen: dict) -> None:
    """A turn as the write path stores it: a new episodic row, or an exact repeat reinforcing the first."""
    if text not in seen:
        seen[text] = await kit.write(tenant, owner, text, session_id=session, observed_at=when)
        return
    mid = seen[text]
    async with kit.db.as_system(tenant) as conn:
        await conn.execute(
            """UPDATE memory_items SET mention_count = mention_count + 1, last_seen_at = $2,
                   said_in = CASE WHEN $3 = session_id OR $3 = ANY(said_in) THEN said_in ELSE said_in || $3 END
               WHERE memory_id = $1""", mid, when, session)
        await conn.execute(
            """INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
               VALUES (current_setting('app.tenant_id')::uuid, $1, 'memory.reinforced', $2, $3)""",
            owner, str(mid), {"memory_id": str(mid), "type": "episodic", "session_id": session})


async def promoted_by_content(kit, tenant, owner, seen: dict) -> set:
    position = {mid: i for i, mid in enumerate(seen.values())}
    rows = await kit.fetch(tenant, PROMOTED_SQL, owner)
    return {(r["text"], r["value"], tuple(sorted(position[i] for i in r["links"]))) for r in rows}


async def test_promoted_facts_are_the_same_whether_events_are_handled_as_they_come_or_from_a_backlog(kit, at):
    turns = chaos_turns(19)
    h = await kit.household("parent", "child")
    h["steady"], h["lagging"] = h["parent"], h["child"]
    t = h["tenant"]
    await kit.consumers(PromotionHandler(similarity=0.47, embedder=None))
    start = at(2026, 12, 1, 9)
    steady: dict = {}
    for n, (text, session) in enumerate(turns):
        await say(kit, t, h["steady"], text, session, start + timedelta(seconds=n), steady)
        await kit.drain()
    lagging: dict = {}
    for n, (text, session) in enumerate(turns):
        await say(kit, t, h["lagging"], text, session, start + timedelta(seconds=n), lagging)
    await kit.drain()
    as_they_came = await promoted_by_content(kit, t, h["steady"], steady)
    from_a_backlog = await promoted_by_content(kit, t, h["lagging"], lagging)
    assert as_they_came  # the script repeats itself enough to promote
    assert from_a_backlog == as_they_came


HISTORY_SQL = """SELECT value, valid_to IS NULL AS current FROM memory_items
                 WHERE owner_id = $1 AND layer = 'knowledge' AND predicate = 'lives_in'"""


def _turn(client, session: str, text: str, hour: int) -> None:
    r = client.post(f"/v1/conversations/{session}/turns",
                    json={"speaker": "Dana", "text": text, "at": f"2025-03-01T{hour:02d}:00:00+00:00"})
    assert r.status_code == 200, r.text


async def test_a_value_said_again_leaves_the_same_history_whether_the_consumer_lags_or_not(kit, new_tenant):
    from consolidator.supersession import SupersessionHandler

    await kit.consumers(SupersessionHandler())
    histories = []
    for lag in (False, True):
        home = new_tenant("user")
        client, uid, tenant = home["clients"][0], home["users"][0]["user_id"], home["tenant_id"]
        for hour, city in ((10, "Porto"), (11, "Leeds"), (12, "Porto")):
            _turn(client, f"lag-{lag}", f"I live in {city}.", hour)
            if not lag:
                await kit.drain()
        await kit.drain()
        histories.append(sorted((r["value"], r["current"]) for r in await kit.fetch(tenant, HISTORY_SQL, uid)))
    assert histories[0][-1:] == [("Porto", True)] and histories[1][-1:] == [("Porto", True)]
    assert histories[1] == histories[0]  # without lag: Porto, Leeds, then Porto again as a row of its own


CITE_SQL = """UPDATE memory_items SET source_turns = ARRAY[memory_id], mention_count = mention_count + 1
              WHERE memory_id = $1"""


async def test_a_statement_that_stops_being_a_candidate_leaves_the_fact_whether_or_not_it_was_linked_before(kit, at):
    """A statement the fact once stood on and that is no longer a promotion candidate (here: a turn
    said again and taught as knowledge, so it cites a turn: chaos run, 'Alice wrote a piano lesson
    ...') is not kept linked because an earlier recompute happened to see it as a candidate: the
    consumer that kept up and the one that handled everything late link the same statements."""
    texts = [("I walked the dog in the park this morning.", "s1"), ("Took the dog for a walk in the park.", "s1"),
             ("The dog and I went for a walk in the park.", "s2"), ("Walked the dog around the park today.", "s2")]
    h = await kit.household("parent", "child")
    h["steady"], h["lagging"] = h["parent"], h["child"]
    t = h["tenant"]
    await kit.consumers(PromotionHandler(similarity=0.47, embedder=None))
    linked = {}
    for who in ("steady", "lagging"):
        ids = [await kit.write(t, h[who], text, session_id=s, observed_at=at(2026, 12, 1, 9, n))
               for n, (text, s) in enumerate(texts)]
        if who == "steady":
            await kit.drain()  # the fact stands on all four
            assert {i for r in await kit.fetch(t, PROMOTED_SQL, h[who]) for i in r["links"]} == set(ids)
        async with kit.db.as_system(t) as conn:  # the first is said again and taught as knowledge
            await conn.execute(CITE_SQL, ids[0])
            await conn.execute(
                """INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
                   VALUES (current_setting('app.tenant_id')::uuid, $1, 'memory.reinforced', $2, $3)""",
                h[who], str(ids[0]), {"memory_id": str(ids[0]), "type": "episodic", "session_id": "s1"})
        await kit.drain()
        facts = await kit.fetch(t, PROMOTED_SQL, h[who])
        assert len(facts) == 1
        linked[who] = sorted(ids.index(i) for i in facts[0]["links"])
    assert linked["lagging"] == [1, 2, 3]
    assert linked["steady"] == linked["lagging"]
