""""What was used" shows the question and the lines as they were given (issue 33).

The decision log keeps, beside ids and paths, the question that was asked (redacted by the household
policy, as a stored memory would be) and each line as it reached the assistant. An edit since does
not change what the log shows; a forgotten memory shows as forgotten, and its text is gone from the
log as well (migration 0025).
"""
from __future__ import annotations

import psycopg

QUESTION = "What is my favourite colour?"


def _turn(client, text: str, session: str = "s-used") -> tuple[str, set[str]]:
    """The turn's record id and the ids of the knowledge drawn from it (docs/knowledge.md)."""
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "Mia", "text": text})
    assert r.status_code == 200, r.text
    stored = [i["memory"] for i in r.json()["items"] if i.get("memory")]
    [record] = [m["id"] for m in stored if m["layer"] == "record"]
    return record, {m["id"] for m in stored if m["layer"] == "knowledge" and m["source_turns"] == [record]}


def _ask(client, owner_id: str, query: str) -> dict:
    r = client.post("/v1/memory/contextify", json={"query": query, "owner_id": owner_id, "token_budget": 2000})
    assert r.status_code == 200, r.text
    return r.json()


def _latest(client, owner_id: str) -> dict:
    r = client.get(f"/v1/users/{owner_id}/disclosures", params={"limit": 1})
    assert r.status_code == 200, r.text
    return r.json()["items"][0]


def _stored_logs(stack_env, tenant_id: str) -> str:
    with psycopg.connect(stack_env["MEMORY_SUPERUSER_DATABASE_URL"]) as conn:
        logs = conn.execute("SELECT coalesce(string_agg(decisions::text, ' '), '') FROM decision_logs "
                            "WHERE tenant_id = %s", (tenant_id,)).fetchone()[0]
        lines = conn.execute("SELECT coalesce(string_agg(coalesce(line, ''), ' '), '') FROM disclosed_lines "
                             "WHERE tenant_id = %s", (tenant_id,)).fetchone()[0]
    return logs + " " + lines


def test_the_question_and_the_line_as_given_then_forgotten(new_tenant, stack_env):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    kid = t["users"][1]["user_id"]
    mid, facts = _turn(child, "My favourite colour is teal, like the sea.")
    assert facts  # the turn taught what Mia's favourite colour is
    answer = _ask(child, kid, QUESTION)
    given = [ln for ln in answer["lines"] if ln["memory_id"] == mid]
    assert given and "teal" in given[0]["line"], answer["lines"]
    from_the_turn = [ln for ln in answer["lines"] if ln["memory_id"] in {mid} | facts]
    r = parent.patch(f"/v1/memory/{mid}", json={"text": "My favourite colour is orange now."})
    assert r.status_code == 200, r.text

    d = _latest(parent, kid)
    assert d["question"] == QUESTION and d["asked_by"] == kid
    [line] = [u for u in d["used"] if u["memory_id"] == mid]
    assert line["text"] == given[0]["line"] and "orange" not in line["text"], line
    assert line["forgotten"] is False

    # forgetting the turn forgets the facts drawn only from it: each line they gave shows as forgotten
    assert parent.delete(f"/v1/memory/{mid}").status_code == 204
    d = _latest(parent, kid)
    assert d["question"] == QUESTION
    forgotten = [u for u in d["used"] if u["forgotten"]]
    assert len(forgotten) == len(from_the_turn) == len(d["used"]), d["used"]
    assert all(u["text"] is None and u["memory_id"] is None for u in forgotten), d["used"]
    assert "teal" not in str(d)
    assert "teal" not in _stored_logs(stack_env, t["tenant_id"]), "the forgotten line's text is still in the log"


def test_the_question_is_kept_redacted(new_tenant, stack_env):
    t = new_tenant("user")
    c = t["clients"][0]
    me = t["users"][0]["user_id"]
    _turn(c, "I keep my bike in the shed behind the house.")
    _ask(c, me, "Where is my bike? Email me at robin.oakes@example.com please")
    d = _latest(c, me)
    assert d["question"] and "bike" in d["question"], d
    assert "robin.oakes@example.com" not in d["question"]
    assert "robin.oakes@example.com" not in _stored_logs(stack_env, t["tenant_id"])


def test_a_child_does_not_see_the_question_a_parent_asked(new_tenant):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    kid = t["users"][1]["user_id"]
    _turn(child, "We are planning a surprise for Dad on Saturday.")
    _ask(parent, kid, "Has anything been said about the surprise for Dad?")
    assert _latest(parent, kid)["question"] == "Has anything been said about the surprise for Dad?"
    assert _latest(child, kid)["question"] is None and _latest(child, kid)["asked_by"] is None
    _ask(child, kid, "What are we planning on Saturday?")
    assert _latest(child, kid)["question"] == "What are we planning on Saturday?"
