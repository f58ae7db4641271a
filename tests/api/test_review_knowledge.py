"""A fact held for a parent's review is stored, once approved, as the knowledge it was (issue 35):
its slots (subject, predicate, value, certainty), layer `knowledge` and the turn it was drawn from,
so forgetting that turn reaches it. A parent's edit keeps the slots only while the edited text
still states the value."""
import pytest


@pytest.fixture
def household(new_tenant):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    child_id = t["users"][1]["user_id"]
    r = parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "8_12", "review_new_types": ["relationship"]})
    assert r.status_code == 200, r.text
    return parent, child, child_id


def _held_fact(parent, child, child_id, session, text):
    r = child.post(f"/v1/conversations/{session}/turns", json={"speaker": "child", "text": text})
    assert r.status_code == 200, r.text
    [record] = [i["memory"] for i in r.json()["items"] if i.get("memory") and i["memory"]["layer"] == "record"]
    pending = parent.get("/v1/review", params={"owner_id": child_id}).json()["items"]
    [item] = [i for i in pending if i["type"] == "relationship" and i["source_turns"] == [record["id"]]]
    return record, item


def test_an_approved_fact_keeps_its_slots_and_its_turn_and_forgetting_the_turn_takes_it(household):
    parent, child, child_id = household
    record, item = _held_fact(parent, child, child_id, "rk-1", "My best friend is Noah.")
    assert item["layer"] == "knowledge" and item["value"] == "Noah", item  # the parent sees the slots too
    r = parent.post(f"/v1/review/{item['id']}/approve")
    assert r.status_code == 200, r.text
    fact = parent.get(f"/v1/memory/{r.json()['memory_id']}").json()
    assert fact["layer"] == "knowledge" and fact["type"] == "relationship", fact
    assert (fact["subject"], fact["predicate"], fact["value"]) == (item["subject"], item["predicate"], "Noah"), fact
    assert fact["subject"] and fact["predicate"] and fact["text"] == item["text"]
    assert fact["source_turns"] == [record["id"]], fact
    assert child.delete(f"/v1/memory/{record['id']}").status_code == 204
    assert parent.get(f"/v1/memory/{fact['id']}").status_code == 404  # drawn only from the forgotten turn


def _queue(parent, child_id):
    return [i for status in ("pending", "approved", "rejected")
            for i in parent.get("/v1/review", params={"owner_id": child_id, "status": status}).json()["items"]]


@pytest.mark.parametrize("forget", ["turn", "fact"])
def test_an_approved_item_keeps_no_text_once_its_fact_is_forgotten(household, forget):
    """The queue keeps an approval as a decision, not as a second copy of the fact: once the fact is
    forgotten (itself, or with the turn it was drawn from), the approved item keeps its type and
    decision but none of the words, as a rejected item does."""
    parent, child, child_id = household
    record, item = _held_fact(parent, child, child_id, f"rk-gone-{forget}", "My best friend is Noah.")
    other_record, other = _held_fact(parent, child, child_id, f"rk-kept-{forget}", "My cousin is Priya.")
    for it in (item, other):
        assert parent.post(f"/v1/review/{it['id']}/approve").status_code == 200
    approved = {i["id"]: i for i in _queue(parent, child_id) if i["status"] == "approved"}
    assert "Noah" in approved[item["id"]]["text"], approved  # the decision is readable while the fact lives
    if forget == "turn":  # the child forgets what it said
        assert child.delete(f"/v1/memory/{record['id']}").status_code == 204
    else:  # the parent forgets the approved fact itself
        assert parent.delete(f"/v1/memory/{approved[item['id']]['memory_id']}").status_code == 204
    queue = {i["id"]: i for i in _queue(parent, child_id)}
    assert item["id"] in queue and queue[item["id"]]["type"] == "relationship", queue  # the decision stays
    assert not any("Noah" in (i.get("text") or "") or "Noah" in str(i.get("value") or "") for i in queue.values()), queue
    assert "Priya" in queue[other["id"]]["text"], queue  # another fact's approval keeps its words


def test_an_edit_keeps_the_slots_while_the_text_still_states_the_value(household):
    parent, child, child_id = household
    record, item = _held_fact(parent, child, child_id, "rk-2", "My best friend is Noah.")
    r = parent.post(f"/v1/review/{item['id']}/approve", json={"text": "Her best friend is Noah from school."})
    assert r.status_code == 200, r.text
    fact = parent.get(f"/v1/memory/{r.json()['memory_id']}").json()
    assert fact["text"] == "Her best friend is Noah from school." and fact["value"] == "Noah", fact
    assert fact["layer"] == "knowledge" and fact["source_turns"] == [record["id"]], fact


def test_an_edit_that_no_longer_states_the_value_drops_the_slots_but_keeps_the_turn(household):
    parent, child, child_id = household
    record, item = _held_fact(parent, child, child_id, "rk-3", "My best friend is Noah.")
    r = parent.post(f"/v1/review/{item['id']}/approve", json={"text": "She has a best friend at school."})
    assert r.status_code == 200, r.text
    fact = parent.get(f"/v1/memory/{r.json()['memory_id']}").json()
    assert (fact["subject"], fact["predicate"], fact["value"]) == (None, None, None), fact
    assert fact["layer"] == "knowledge" and fact["source_turns"] == [record["id"]], fact


def test_forgetting_a_turn_withdraws_the_facts_from_it_that_wait_for_review(household):
    """A child who forgets a turn forgets what waits for a parent's review from it too: the held fact
    leaves the queue at once, its text with it (the child cannot see the queue; the database can)."""
    parent, child, child_id = household
    record, item = _held_fact(parent, child, child_id, "rk-5", "My best friend is Noah.")
    other_record, other = _held_fact(parent, child, child_id, "rk-6", "My cousin is Priya.")
    assert child.delete(f"/v1/memory/{record['id']}").status_code == 204
    queue = [i for status in ("pending", "approved", "rejected")
             for i in parent.get("/v1/review", params={"owner_id": child_id, "status": status}).json()["items"]]
    assert not any("Noah" in (i.get("text") or "") or i["id"] == item["id"] for i in queue), queue
    assert any(i["id"] == other["id"] and "Priya" in i["text"] for i in queue), queue  # another turn's fact waits on
    r = parent.post(f"/v1/review/{item['id']}/approve")
    assert r.status_code == 404, r.text
    assert not any("Noah" in m["text"] for m in parent.get("/v1/memory/list", params={"owner_id": child_id}).json()["items"])


def test_an_approval_racing_the_forgetting_of_its_turn_leaves_no_fact(household):
    """A parent approves a held fact while the child forgets the turn it came from: whichever comes
    first, nothing of the turn is left (the forget locks the waiting item before it looks for the
    facts drawn from the turn)."""
    from concurrent.futures import ThreadPoolExecutor

    parent, child, child_id = household
    for n in range(6):
        record, item = _held_fact(parent, child, child_id, f"rk-race-{n}", f"My best friend is Noah{'x' * n}.")
        with ThreadPoolExecutor(2) as pool:
            approve = pool.submit(parent.post, f"/v1/review/{item['id']}/approve")
            forget = pool.submit(child.delete, f"/v1/memory/{record['id']}")
            assert forget.result().status_code == 204
            assert approve.result().status_code in (200, 404, 409), approve.result().text
        left = parent.get("/v1/memory/list", params={"owner_id": child_id}).json()["items"]
        assert not any("Noah" in m["text"] for m in left), left
