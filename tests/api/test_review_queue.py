"""The parent review queue (issue 13): what the policy held is listed, approved (edited or not) into the
child's memory and context, or rejected with its text removed; decisions are audited and idempotent;
a child never sees the queue; another household's item is 404."""
import pytest


@pytest.fixture
def held(new_tenant):
    """A household whose policy sends a child's new preferences to parent review, with two held."""
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    child_id = t["users"][1]["user_id"]
    r = parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "8_12", "review_new_types": ["preference"]})
    assert r.status_code == 200, r.text
    for text in ("I love the purple dinosaur stickers.", "I really like strawberry pancakes with cream."):
        r = child.post("/v1/memory/candidates", json={"items": [{"text": text, "type": "preference"}]})
        assert r.status_code == 200 and r.json()["items"][0]["status"] == "held", r.text
    return t, parent, child, child_id


def _pending(parent, **params):
    r = parent.get("/v1/review", params=params)
    assert r.status_code == 200, r.text
    return r.json()["items"]


def _context(child, query):
    r = child.post("/v1/memory/contextify", json={"query": query, "token_budget": 400})
    assert r.status_code == 200, r.text
    return r.json()["context"]


def test_held_items_are_listed_for_the_parent_and_paginated(held):
    _, parent, _, child_id = held
    items = _pending(parent, owner_id=child_id)
    assert [i["text"] for i in items] == ["I love the purple dinosaur stickers.",
                                          "I really like strawberry pancakes with cream."]
    assert all(i["status"] == "pending" and i["type"] == "preference" and i["reasons"] for i in items)
    first = parent.get("/v1/review", params={"limit": 1}).json()
    second = parent.get("/v1/review", params={"limit": 1, "cursor": first["next_cursor"]}).json()
    assert [i["id"] for i in first["items"] + second["items"]] == [i["id"] for i in items]


def test_approve_stores_it_once_and_it_reaches_the_childs_context(held):
    _, parent, child, _ = held
    item = next(i for i in _pending(parent) if "dinosaur" in i["text"])
    assert "dinosaur" not in _context(child, "What stickers do I like?")
    r = parent.post(f"/v1/review/{item['id']}/approve")
    assert r.status_code == 200 and r.json()["status"] == "approved" and r.json()["memory_id"], r.text
    again = parent.post(f"/v1/review/{item['id']}/approve")
    assert again.status_code == 200 and again.json()["memory_id"] == r.json()["memory_id"]
    assert parent.post(f"/v1/review/{item['id']}/reject").status_code == 409
    assert "purple dinosaur stickers" in _context(child, "What stickers do I like?")
    mine = child.get("/v1/memory/list", params={"limit": 50}).json()["items"]
    assert sum("dinosaur" in m["text"] for m in mine) == 1


def test_edit_and_approve_stores_the_edited_text_through_the_write_gate(held):
    _, parent, child, _ = held
    item = next(i for i in _pending(parent) if "pancakes" in i["text"])
    edited = "I like strawberry pancakes; call 415 555 0134 for the recipe."
    r = parent.post(f"/v1/review/{item['id']}/approve", json={"text": edited})
    assert r.status_code == 200, r.text
    memory = parent.get(f"/v1/memory/{r.json()['memory_id']}").json()
    assert "strawberry pancakes" in memory["text"] and "555 0134" not in memory["text"]  # redacted by the gate


def test_reject_removes_the_text_and_stores_nothing(held):
    _, parent, child, _ = held
    item = next(i for i in _pending(parent) if "dinosaur" in i["text"])
    r = parent.post(f"/v1/review/{item['id']}/reject")
    assert r.status_code == 200 and r.json()["status"] == "rejected" and r.json()["text"] is None, r.text
    assert parent.post(f"/v1/review/{item['id']}/reject").status_code == 200  # a retry answers the same
    assert parent.post(f"/v1/review/{item['id']}/approve").status_code == 409
    assert [i["id"] for i in _pending(parent, status="rejected")] == [item["id"]]
    assert not any("dinosaur" in m["text"] for m in child.get("/v1/memory/list").json()["items"])


def test_a_child_never_sees_the_queue_and_other_households_get_404(held, new_tenant):
    _, parent, child, _ = held
    item = _pending(parent)[0]
    assert child.get("/v1/review").status_code == 403
    assert child.post(f"/v1/review/{item['id']}/approve").status_code == 403
    stranger = new_tenant("parent")["clients"][0]
    assert stranger.get("/v1/review").json()["items"] == []
    assert stranger.post(f"/v1/review/{item['id']}/approve").status_code == 404
    assert stranger.post(f"/v1/review/{item['id']}/reject").status_code == 404


def test_a_fact_held_from_a_childs_turn_carries_its_text_and_approving_stores_it(new_tenant):
    """A turn's facts are held by the type rules after extraction: the review item shows the fact
    the parent decides on (not an empty text), and approving it stores that fact."""
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    child_id = t["users"][1]["user_id"]
    r = parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "8_12", "review_new_types": ["relationship"]})
    assert r.status_code == 200, r.text
    r = child.post("/v1/conversations/rq-turn/turns", json={"speaker": "child", "text": "My best friend is Noah."})
    assert r.status_code == 200, r.text
    assert "held" in [i["status"] for i in r.json()["items"]], r.text
    items = [i for i in _pending(parent, owner_id=child_id) if i["type"] == "relationship"]
    assert len(items) == 1 and "Noah" in items[0]["text"], items
    r = parent.post(f"/v1/review/{items[0]['id']}/approve")
    assert r.status_code == 200, r.text
    memory = parent.get(f"/v1/memory/{r.json()['memory_id']}").json()
    assert memory["text"] == items[0]["text"] and memory["type"] == "relationship", memory
