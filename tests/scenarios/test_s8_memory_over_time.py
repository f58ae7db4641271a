"""S8. Memory over time (seeds 001, 004), through the running services (memory-api, the policy
service, and a consolidator of its own: tests/scenarios/conftest.py).

Each sentence of the scenario, and where it is asserted:
- a session's small talk expires with the session: test_small_talk_lasts_the_session_and_episodes_
  their_retention (a session-scoped memory expires a day after it was said, MEMORY_SESSION_TTL_S);
  small talk is never promoted: tests/consolidator/test_follow_through_api.py::test_turns_promote_
  one_fact_per_real_preference_and_small_talk_none;
- an episode expires after its retention unless promoted or pinned: the same test (an episode's
  expiry is set at write, a pinned one has none; a parent's retention policy changes it: tests/api/
  test_retention_at_write.py); the retention job deletes what expired (tests/consolidator/
  test_summaries_and_jobs.py::test_retention_deletes_expired_items_and_rebuilds_derived_summaries)
  and keeps an expired episode a standing promoted fact stands on (::test_retention_keeps_an_
  expired_episode_a_standing_promoted_fact_stands_on);
- a fact said in three sessions becomes one semantic memory: test_a_fact_of_three_sessions_follows_
  its_episodes (one promoted memory, linked to the turns);
- deleting or editing the episodes it stands on changes or demotes it within seconds, and the
  summaries that quoted them change too: the same test (a deleted turn leaves its session's summary
  and demotes the fact, each within 30 s); an edited source rewrites the summary:
  tests/consolidator/test_derived_follow.py;
- a memory of project A never reaches project B's context: tests/api/test_scopes.py::test_a_projects_
  context_holds_its_own_and_user_wide_memory_only (seed 004, through contextify).
"""
from __future__ import annotations

import time
from datetime import datetime, timedelta

WITHIN_S = 30  # "within seconds", with room for a loaded 2-core machine


def _say(client, session: str, text: str) -> str:
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "child", "text": text})
    assert r.status_code == 200 and r.json()["stored"], r.text
    return r.json()["items"][0]["memory"]["id"]


def _until(what: str, check):
    deadline = time.monotonic() + WITHIN_S
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.3)
    raise AssertionError(f"not within {WITHIN_S} s: {what}")


def _promoted(child) -> list[dict]:
    items = child.get("/v1/memory/list", params={"type": "semantic", "limit": 200}).json()["items"]
    return [m for m in items if "promoted" in m["tags"]]


def _summary(child, session: str) -> str | None:
    items = child.get("/v1/memory/list", params={"type": "summary", "session_id": session}).json()["items"]
    return items[0]["text"] if items else None


def test_a_fact_of_three_sessions_follows_its_episodes(new_tenant, consolidator):
    child = new_tenant("parent", "child")["clients"][1]
    turns = [_say(child, "s8-mon", "I love baking cakes."),
             _say(child, "s8-wed", "Baking cakes is the best."),
             _say(child, "s8-fri", "I really like baking cakes with Granny Rose.")]
    cello = _say(child, "s8-mon", "My friend Peter Alvarez plays the cello in an orchestra.")
    [fact] = _until("one promoted fact", lambda: _promoted(child))
    assert "baking" in fact["text"].lower() and set(fact["links"]) & set(turns), fact
    _until("the Monday summary quoting the cello", lambda: "cello" in (_summary(child, "s8-mon") or ""))

    assert child.delete(f"/v1/memory/{cello}").status_code == 204
    summary = _until("the summary without the deleted turn",
                     lambda: (s := _summary(child, "s8-mon")) and "cello" not in s and s)
    assert "baking" in summary.lower()
    assert child.delete(f"/v1/memory/{turns[1]}").status_code == 204
    _until("the fact demoted", lambda: child.get(f"/v1/memory/{fact['id']}").json().get("valid_to"))
    assert fact["id"] not in {m["id"] for m in _promoted(child)}


def test_small_talk_lasts_the_session_and_episodes_their_retention(new_tenant):
    user = new_tenant("user")["clients"][0]
    r = user.post("/v1/memory/candidates", json={"items": [
        {"text": "For this chat only: we are playing pirates.", "type": "episodic", "scope": "session",
         "session_id": "s8-chat"},
        {"text": "We walked along the canal after lunch.", "type": "episodic"},
        {"text": "We saw a heron on the canal.", "type": "episodic", "pinned": True}]})
    assert r.status_code == 200, r.text
    chat, walk, heron = [i["memory"] for i in r.json()["items"]]
    said = datetime.fromisoformat(chat["observed_at"])
    assert datetime.fromisoformat(chat["expires_at"]) == said + timedelta(days=1)
    assert datetime.fromisoformat(walk["expires_at"]) > datetime.fromisoformat(walk["observed_at"]) + timedelta(days=1)
    assert heron["expires_at"] is None
