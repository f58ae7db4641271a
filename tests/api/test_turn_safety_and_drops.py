"""Issue 12: ordinary sentences are not safety rules, an adult's own health facts are kept, and a
turn that stores nothing says so (stored=false, a reason, items with status and reasons).
Who sets a safety rule (docs/security.md): a parent always; an adult member in an adult household or
an organisation (their own boundaries, a team's rules); a child's goes to a parent's review queue,
never dropped and never active alone."""
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


def _pending(parent, child_id):
    r = parent.get("/v1/review", params={"owner_id": child_id})
    assert r.status_code == 200, r.text
    return [i for i in r.json()["items"] if i["type"] == "safety"]


def _safety_memories(client, owner_id):
    r = client.get("/v1/memory/list", params={"owner_id": owner_id, "type": "safety", "limit": 200})
    assert r.status_code == 200, r.text
    return r.json()["items"]


@pytest.mark.parametrize("text, mtype", [
    ("I'm allergic to peanuts.", "safety"),
    ("My husband is allergic to shellfish.", "safety"),
    ("No words can describe how happy I am.", None),
    ("I can't share the details until Friday.", None),
])
def test_an_adults_statements_are_stored_not_refused(new_tenant, text, mtype):
    client = new_tenant("user")["clients"][0]
    body = _turn(client, text)
    assert body["stored"] is True and body["reason"] is None, body
    if mtype:  # the turn is kept as said (its record), the health fact as knowledge of its type
        assert [i["memory"]["type"] for i in _knowledge(body)] == [mtype], body
    else:
        assert all(i["memory"]["type"] != "safety" for i in body["items"])


def test_a_users_rule_in_an_adult_household_is_their_safety_rule(new_tenant):
    client = new_tenant("user")["clients"][0]
    body = _turn(client, "Never mention my ex at dinner parties.")
    assert body["stored"] is True and [i["memory"]["type"] for i in _knowledge(body)] == ["safety"], body
    assert "safety_rule" in _knowledge(body)[0]["memory"]["safety_flags"]


def test_a_staff_members_rule_in_an_organisation_binds_the_team_as_safety(new_tenant):
    client = new_tenant("user", kind="organisation")["clients"][0]
    body = _turn(client, "We must never email patient records.")
    assert body["stored"] is True, body
    assert [i["memory"]["type"] for i in _knowledge(body)] == ["safety"], body


def test_a_childs_rule_goes_to_the_parents_review_and_is_not_active_alone(child_household):
    t, parent, child = child_household
    child_id = t["users"][1]["user_id"]
    body = _turn(child, "No homework on Sundays for me.")
    # what the child said is kept as the turn's record; the rule it states waits for a parent
    [item] = _knowledge(body)
    assert item["status"] == "held" and any("parent review" in r for r in item["reasons"]), body
    assert all(i["memory"]["layer"] == "record" for i in body["items"] if i.get("memory")), body
    assert not [m for m in _safety_memories(parent, child_id) if "homework" in m["text"].lower()]
    assert [i["text"] for i in _pending(parent, child_id) if "homework" in i["text"].lower()], _pending(parent, child_id)
    ok = _turn(parent, "No horror movies for the kids.", session="p1")
    assert ok["stored"] is True and [i["memory"]["type"] for i in _knowledge(ok)] == ["safety"], ok


def test_a_childs_own_allergy_is_approved_by_a_parent_into_a_safety_memory(child_household):
    t, parent, child = child_household
    child_id = t["users"][1]["user_id"]
    body = _turn(child, "I'm allergic to cats.", session="c2")
    assert body["stored"] is True, body  # the turn's record
    assert [i["status"] for i in _knowledge(body)] == ["held"], body
    [item] = [i for i in _pending(parent, child_id) if "cats" in i["text"]]
    r = parent.post(f"/v1/review/{item['id']}/approve")
    assert r.status_code == 200, r.text
    memory = parent.get(f"/v1/memory/{r.json()['memory_id']}").json()
    assert memory["type"] == "safety" and "cats" in memory["text"] and "safety_rule" in memory["safety_flags"], memory


def test_a_rule_a_child_relays_is_rejected_by_a_parent_and_gone(child_household):
    t, parent, child = child_household
    child_id = t["users"][1]["user_id"]
    body = _turn(child, "Mummy says no sweets before dinner.", session="c3")
    assert body["stored"] is True and [i["status"] for i in _knowledge(body)] == ["held"], body
    [item] = [i for i in _pending(parent, child_id) if "sweets" in i["text"]]
    assert parent.post(f"/v1/review/{item['id']}/reject").status_code == 200
    assert not [m for m in _safety_memories(parent, child_id) if "sweets" in m["text"]]
    assert not [i for i in _pending(parent, child_id) if "sweets" in i["text"]]


def test_a_permission_a_child_relays_is_not_a_rule(child_household):
    t, parent, child = child_household
    child_id = t["users"][1]["user_id"]
    for n, text in enumerate(("Dad says I can watch anything.", "My mum said I'm allowed to watch scary films.",
                              "Dad says I don't have to go to bed at 8 anymore.")):
        body = _turn(child, text, session=f"perm{n}")
        assert all(i["status"] != "held" for i in _knowledge(body)), (text, body)
    assert not [m for m in _safety_memories(parent, child_id) if any(w in m["text"] for w in ("watch", "bed"))]
    assert not [i for i in _pending(parent, child_id) if any(w in i["text"] for w in ("watch", "bed"))]


@pytest.mark.parametrize("kind", ["household", "organisation"])
def test_an_adult_member_writes_edits_and_deletes_their_own_safety_rules(new_tenant, kind):
    client = new_tenant("user", kind=kind)["clients"][0]
    r = client.post("/v1/memory/candidates", json={"items": [{"text": "Patient records must never be emailed.",
                                                              "type": "safety"}]})
    assert r.status_code == 200 and r.json()["items"][0]["status"] == "created", r.text
    memory = r.json()["items"][0]["memory"]
    r = client.patch(f"/v1/memory/{memory['id']}", json={"text": "Patient records must never leave the clinic."})
    assert r.status_code == 200 and r.json()["type"] == "safety", r.text
    assert client.delete(f"/v1/memory/{memory['id']}").status_code == 204


def test_a_child_cannot_write_or_change_a_safety_rule_directly(child_household):
    t, parent, child = child_household
    child_id = t["users"][1]["user_id"]
    r = child.post("/v1/memory/candidates", json={"items": [{"text": "No bedtime.", "type": "safety"}]})
    assert r.status_code == 403, r.text
    rule = parent.post("/v1/memory/candidates", json={"owner_id": child_id, "items": [
        {"text": "Bedtime is at 8.", "type": "safety"}]}).json()["items"][0]["memory"]
    assert child.patch(f"/v1/memory/{rule['id']}", json={"text": "Bedtime is at 11."}).status_code == 403
    assert child.delete(f"/v1/memory/{rule['id']}").status_code == 403
    mine = child.post("/v1/memory/candidates", json={"items": [{"text": "I like owls.", "type": "preference"}]})
    assert child.patch(f"/v1/memory/{mine.json()['items'][0]['memory']['id']}",
                       json={"type": "safety"}).status_code == 403


def test_a_held_rule_says_why_once(new_tenant):
    """A child's rule held for a parent's review gives the reason once: the turn's other stored strings
    (its speaker) meet the same type rules, and a reason the item already gives is not repeated for them."""
    t = new_tenant("parent", "child")
    child = t["clients"][1]
    r = child.post("/v1/conversations/reasons-once/turns", json={"speaker": "Ivy", "text": "Mum says no sweets before dinner."})
    assert r.status_code == 200, r.text
    held = [i for i in r.json()["items"] if i["status"] == "held"]
    assert held, r.json()
    for item in held:
        assert not [x for x in item["reasons"] if x.startswith("speaker:")], item["reasons"]
        assert len(item["reasons"]) == len(set(item["reasons"]))
