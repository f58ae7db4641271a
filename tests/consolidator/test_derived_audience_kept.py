"""A parent's explicit audience choice on a derived memory survives its rebuilds (issue 33).

A parent hides a session summary from the child ("Hide from the child": feedback `sensitive`). The
summary is rebuilt when one of its turns is edited, when one is forgotten and when the session goes
on; the rebuilt summary must stay hidden from the child, because the parent chose so, whatever its
sources say (migration 0025: the trigger of 0012 keeps the audience named in the memory's tags).
"""
from __future__ import annotations

from consolidator.derived import DerivedHandler
from consolidator.summaries import SessionSummaryHandler

SUMMARY_SQL = "SELECT memory_id, text, tags, safety_flags FROM memory_items WHERE owner_id = $1 AND type = 'summary'"


def say(client, session: str, text: str) -> str:
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "Mia", "text": text})
    assert r.status_code == 200, r.text
    return r.json()["items"][0]["memory"]["id"]


def child_sees_summary(child) -> bool:
    r = child.get("/v1/memory/list", params={"limit": 200})
    assert r.status_code == 200, r.text
    return any(m["type"] == "summary" for m in r.json()["items"])


async def test_hidden_summary_stays_hidden_after_an_edit_a_forget_and_more_turns(kit, new_tenant):
    home = new_tenant("parent", "child")
    parent, child = home["clients"]
    tenant, uid = home["tenant_id"], home["users"][1]["user_id"]
    await kit.consumers(SessionSummaryHandler(), DerivedHandler())
    first = say(child, "walk-1", "We fed the ducks at the pond in the park.")
    second = say(child, "walk-1", "I found a shiny red conker under the big tree.")
    say(child, "walk-1", "Then it started to rain and we ran home.")
    await kit.drain()
    [summary] = await kit.fetch(tenant, SUMMARY_SQL, uid)
    assert child_sees_summary(child)
    r = parent.post("/v1/memory/feedback", json={"memory_id": str(summary["memory_id"]), "kind": "sensitive"})
    assert r.status_code == 201 and r.json()["effect"] == "restricted", r.text
    assert not child_sees_summary(child)

    # an edit of one of its turns rebuilds it
    r = child.patch(f"/v1/memory/{first}", json={"text": "We fed the swans at the pond in the park."})
    assert r.status_code == 200, r.text
    await kit.drain()
    [summary] = await kit.fetch(tenant, SUMMARY_SQL, uid)
    assert "swans" in summary["text"], summary["text"]
    assert "restricted" in summary["safety_flags"], summary
    assert not child_sees_summary(child), "the parent's choice was lost when an edit rebuilt the summary"

    # a forget of one of its turns rebuilds it
    assert parent.delete(f"/v1/memory/{second}").status_code == 204
    await kit.drain()
    [summary] = await kit.fetch(tenant, SUMMARY_SQL, uid)
    assert "conker" not in summary["text"]
    assert not child_sees_summary(child), "the parent's choice was lost when a forget rebuilt the summary"

    # the session goes on: rewritten again
    say(child, "walk-1", "At home we had hot chocolate.")
    await kit.drain()
    [summary] = await kit.fetch(tenant, SUMMARY_SQL, uid)
    assert "chocolate" in summary["text"]
    assert not child_sees_summary(child)
    parent_view = parent.get("/v1/memory/list", params={"owner_id": uid, "limit": 200}).json()["items"]
    assert [m["id"] for m in parent_view if m["type"] == "summary"] == [str(summary["memory_id"])]


async def test_lifting_a_hide_still_hides_what_its_sources_hide(kit, new_tenant):
    """The parent undoes a child's own "hide this" on a summary whose turn a parent restricted: the
    summary stays hidden, since what it repeats is (the undo recomputes the flags from the sources)."""
    home = new_tenant("parent", "child")
    parent, child = home["clients"]
    tenant, uid = home["tenant_id"], home["users"][1]["user_id"]
    await kit.consumers(SessionSummaryHandler(), DerivedHandler())
    say(child, "nap-1", "We read a story about a dragon called Ember.")
    secret = say(child, "nap-1", "The dragon Ember guards the treasure under the stairs.")
    await kit.drain()
    [summary] = await kit.fetch(tenant, SUMMARY_SQL, uid)
    r = child.post("/v1/memory/feedback", json={"memory_id": str(summary["memory_id"]), "kind": "sensitive"})
    assert r.status_code in (200, 201) and r.json()["status"] == "pending", r.text
    r = parent.post("/v1/memory/feedback", json={"memory_id": secret, "kind": "sensitive"})
    assert r.status_code == 201, r.text
    await kit.drain()
    assert not child_sees_summary(child)
    items = parent.get("/v1/review", params={"owner_id": uid, "limit": 50}).json()["items"]
    item = next(i for i in items if i["kind"] == "feedback" and i["feedback"]["memory_id"] == str(summary["memory_id"]))
    r = parent.post(f"/v1/review/{item['id']}/reject")
    assert r.status_code == 200, r.text
    [summary] = await kit.fetch(tenant, SUMMARY_SQL, uid)
    assert "restricted" not in summary["tags"]
    assert "restricted" in summary["safety_flags"], "the undo dropped what its restricted turn hides"
    assert not child_sees_summary(child)
