"""Through the real write path (memory-api, the policy service, the consolidator's consumers on the
same database): promotion from what people say in turns, and derived data that follows a DELETE or a
PATCH of its source (issue 16)."""
from __future__ import annotations

from consolidator.derived import DerivedHandler
from consolidator.promotion import PromotionHandler
from consolidator.settings import ConsolidatorSettings
from consolidator.summaries import SessionSummaryHandler

S = ConsolidatorSettings()
FACTS_SQL = """SELECT memory_id, text, links, valid_to FROM memory_items
               WHERE owner_id = $1 AND 'promoted' = ANY(tags) ORDER BY created_at"""


def handlers(kit):
    def promotion():
        return PromotionHandler(S.promotion_similarity, S.promotion_min_mentions, S.promotion_min_sessions,
                                embedder=kit.embedder)
    return promotion(), SessionSummaryHandler(), DerivedHandler(promotion())


def say(client, session: str, text: str, speaker: str = "Lena") -> dict:
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": speaker, "text": text})
    assert r.status_code == 200, r.text
    return r.json()["items"][0]


async def test_turns_promote_one_fact_per_real_preference_and_small_talk_none(kit, new_tenant):
    home = new_tenant("parent", "child")
    child, uid = home["clients"][1], home["users"][1]["user_id"]
    await kit.consumers(*handlers(kit))
    # stated as a fact, the same sentence in three sessions: one row, said in three sessions
    for s in ("d1", "d2", "d3"):
        item = say(child, f"pref-{s}", "Dinosaurs are my favourite thing ever.")
    said_in = await kit.fetchval(home["tenant_id"], "SELECT said_in FROM memory_items WHERE memory_id = $1",
                                 item["memory"]["id"])
    assert sorted(said_in) == ["pref-d2", "pref-d3"]
    # paraphrased across two sessions
    say(child, "pref-d1", "I love swimming.")
    say(child, "pref-d2", "Swimming is the best.")
    say(child, "pref-d2", "Can we go swimming again? I really like it.")
    # small talk with the same speaker in every session: nothing to promote
    for s, text in (("d1", "We went to the library after school."), ("d2", "I had toast for breakfast."),
                    ("d3", "My shoe came off in the playground."), ("d3", "Grandma is coming on Sunday.")):
        say(child, f"pref-{s}", text)
    await kit.drain()
    facts = await kit.fetch(home["tenant_id"], FACTS_SQL, uid)
    texts = sorted(f["text"] for f in facts)
    assert len(texts) == 2, texts
    assert any("dinosaur" in t for t in texts) and any("swimming" in t for t in texts)
    assert all(f["valid_to"] is None for f in facts)


async def test_a_deleted_turn_leaves_summary_fact_and_profile(kit, new_tenant):
    home = new_tenant("parent", "child")
    child, uid, tenant = home["clients"][1], home["users"][1]["user_id"], home["tenant_id"]
    await kit.consumers(*handlers(kit))
    ids = [say(child, "del-1", "I love baking cakes.")["memory"]["id"],
           say(child, "del-2", "Baking cakes is the best.")["memory"]["id"],
           say(child, "del-2", "I really like baking cakes with Granny Rose.")["memory"]["id"]]
    secret = say(child, "del-1", "My friend Peter Alvarez plays the cello in an orchestra.")["memory"]["id"]
    await kit.drain()
    [fact] = await kit.fetch(tenant, FACTS_SQL, uid)
    assert fact["valid_to"] is None and "baking" in fact["text"]
    summary = await kit.fetchval(tenant, "SELECT text FROM memory_items WHERE owner_id = $1 AND type = 'summary' "
                                         "AND session_id = 'del-1'", uid)
    assert "cello" in summary
    peter = next(e for e in child.get("/v1/entities", params={"q": "Peter"}).json()["items"]
                 if e["name"].startswith("Peter"))
    assert "cello" in (child.get(f"/v1/entities/{peter['id']}").json()["profile"] or "")
    # the profile follows at once (same transaction: Peter, named by that memory only, is gone with
    # it, issue 33), the summary and the fact once consumed
    assert child.delete(f"/v1/memory/{secret}").status_code == 204
    assert child.get(f"/v1/entities/{peter['id']}").status_code == 404
    assert child.delete(f"/v1/memory/{ids[1]}").status_code == 204
    await kit.drain()
    summary = await kit.fetchval(tenant, "SELECT text FROM memory_items WHERE owner_id = $1 AND type = 'summary' "
                                         "AND session_id = 'del-1'", uid)
    assert "cello" not in summary and "baking" in summary.lower()
    [fact] = await kit.fetch(tenant, FACTS_SQL, uid)
    assert fact["valid_to"] is not None  # two mentions left: demoted
    r = child.post("/v1/memory/retrieve", json={"query": "what does she like baking", "k": 20})
    assert r.status_code == 200
    assert str(fact["memory_id"]) not in {i["memory"]["id"] for i in r.json()["items"]}
