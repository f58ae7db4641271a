"""Issue 12: ordinary sentences are not safety rules, an adult's own health facts are kept, and a
turn that stores nothing says so (stored=false, a reason, items with status and reasons)."""
import pytest


@pytest.fixture(scope="module")
def child_household(new_tenant):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    parent.put(f"/v1/users/{t['users'][1]['user_id']}/policy", json={"age_band": "8_12"}).raise_for_status()
    return t, parent, child


def _turn(client, text, session="s1"):
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "me", "text": text})
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize("text, mtype", [
    ("I'm allergic to peanuts.", "identity"),
    ("My husband is allergic to shellfish.", "semantic"),
    ("No words can describe how happy I am.", "semantic"),
    ("I can't share the details until Friday.", None),
])
def test_an_adults_statements_are_stored_not_refused(new_tenant, text, mtype):
    client = new_tenant("user")["clients"][0]
    body = _turn(client, text)
    assert body["stored"] is True and body["reason"] is None, body
    memory = body["items"][0]["memory"]
    assert memory["type"] != "safety"
    if mtype:
        assert memory["type"] == mtype


def test_a_users_rule_in_an_adult_household_is_kept_as_a_fact(new_tenant):
    client = new_tenant("user")["clients"][0]
    body = _turn(client, "Never mention my ex at dinner parties.")
    assert body["stored"] is True and body["items"][0]["memory"]["type"] == "semantic", body


def test_a_childs_rule_in_a_child_household_is_dropped_and_says_so(child_household):
    _, parent, child = child_household
    body = _turn(child, "No homework on Sundays for me.")
    assert body["stored"] is False, body
    assert "safety memories are set by a parent" in body["reason"], body
    [item] = body["items"]
    assert item["status"] == "dropped" and item["reasons"], item
    ok = _turn(parent, "No horror movies for the kids.", session="p1")
    assert ok["stored"] is True and ok["items"][0]["memory"]["type"] == "safety", ok


def test_a_childs_own_allergy_is_kept(child_household):
    _, _, child = child_household
    body = _turn(child, "I'm allergic to cats.", session="c2")
    assert body["stored"] is True and body["items"][0]["memory"]["type"] == "identity", body
