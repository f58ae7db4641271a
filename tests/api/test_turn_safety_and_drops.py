"""Issue 12: ordinary sentences are not safety rules, an adult's own health facts are kept, and a
turn that stores nothing says so (stored=false, a reason, items with status and reasons)."""
import pytest


@pytest.fixture(scope="module")
def child_household(new_tenant):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    parent.put(f"/v1/users/{t['users'][1]['user_id']}/policy", json={"age_band": "8_12"}).raise_for_status()
    return t, parent, child


def _knowledge(body):
    return [i for i in body["items"] if i.get("memory") is None or i["memory"]["layer"] == "knowledge"]


def _turn(client, text, session="s1"):
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "me", "text": text})
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize("text, mtype", [
    ("I'm allergic to peanuts.", "identity"),
    ("My husband is allergic to shellfish.", "semantic"),
    ("No words can describe how happy I am.", None),
    ("I can't share the details until Friday.", None),
])
def test_an_adults_statements_are_stored_not_refused(new_tenant, text, mtype):
    client = new_tenant("user")["clients"][0]
    body = _turn(client, text)
    assert body["stored"] is True and body["reason"] is None, body
    assert all(i["memory"]["type"] != "safety" for i in body["items"])
    if mtype:  # the turn is kept as said (its record), the health fact as knowledge of its type
        assert [i["memory"]["type"] for i in _knowledge(body)] == [mtype], body


def test_a_users_rule_in_an_adult_household_is_kept_as_a_fact(new_tenant):
    client = new_tenant("user")["clients"][0]
    body = _turn(client, "Never mention my ex at dinner parties.")
    assert body["stored"] is True and [i["memory"]["type"] for i in _knowledge(body)] == ["semantic"], body


def test_a_childs_rule_in_a_child_household_is_dropped_and_says_so(child_household):
    _, parent, child = child_household
    body = _turn(child, "No homework on Sundays for me.")
    # what the child said is kept as the turn's record; the rule it states is dropped, with the reason
    [item] = _knowledge(body)
    assert item["status"] == "dropped" and any("safety memories are set by a parent" in r for r in item["reasons"])
    assert all(i["memory"]["layer"] == "record" for i in body["items"] if i.get("memory")), body
    ok = _turn(parent, "No horror movies for the kids.", session="p1")
    assert ok["stored"] is True and [i["memory"]["type"] for i in _knowledge(ok)] == ["safety"], ok


def test_a_childs_own_allergy_is_kept(child_household):
    _, _, child = child_household
    body = _turn(child, "I'm allergic to cats.", session="c2")
    assert body["stored"] is True and [i["memory"]["type"] for i in _knowledge(body)] == ["identity"], body
