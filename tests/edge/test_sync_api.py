"""The sync endpoint edge devices pull (issue 15), against the real API: changes since a cursor through
the read gate, removals named by id hashes, a child's own forget as a `forget` change, receipts."""
from __future__ import annotations

import hashlib

import pytest


def _hash(memory_id: str) -> str:
    return hashlib.sha256(memory_id.encode()).hexdigest()[:32]


def _commit(client, owner: str, items: list[dict]) -> list[str]:
    r = client.post("/v1/memory/commit", json={"owner_id": owner, "items": items})
    assert r.status_code in (200, 201), r.text
    return [i["memory"]["id"] for i in r.json()["items"]]


def _pull(client, owner: str, cursor: str | None = None, limit: int = 500) -> tuple[list[dict], str]:
    changes: list[dict] = []
    while True:
        r = client.get("/v1/sync/changes", params={"owner_id": owner, "limit": limit, **({"cursor": cursor} if cursor else {})})
        assert r.status_code == 200, r.text
        body = r.json()
        changes += body["changes"]
        cursor = body["cursor"]
        if not body["more"]:
            return changes, cursor


@pytest.fixture
def household(new_tenant):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    return t, parent, child, t["users"][1]["user_id"]


def test_child_device_gets_what_the_child_may_see_and_removals_by_hash(household):
    t, parent, child, child_id = household
    rule, pref, hidden = _commit(parent, child_id, [
        {"text": "No scary stories at bedtime.", "type": "safety", "source": "parent"},
        {"text": "Mia loves triceratops.", "type": "preference"},
        {"text": "Mia's school report mentions reading support.", "type": "semantic", "tags": ["parent_only"]},
    ])
    changes, cursor = _pull(child, child_id, limit=2)  # several pages
    upserts = {c["memory"]["memory_id"]: c["memory"] for c in changes if c["op"] == "upsert"}
    assert set(upserts) == {rule, pref}
    assert "reading support" not in str(changes) and hidden not in str(changes)
    assert upserts[rule]["type"] == "safety" and upserts[pref]["embedding"]  # float16 embedding, base64
    # The parent sees the parent-only memory through the same route.
    assert hidden in {c["memory"]["memory_id"] for c in _pull(parent, child_id)[0] if c["op"] == "upsert"}
    # Nothing new: an empty page at the same cursor.
    again, same = _pull(child, child_id, cursor)
    assert again == [] and same == cursor
    # A parent deletes a memory and edits another: one removal (a hash, not the id), one new version.
    assert parent.delete(f"/v1/memory/{pref}").status_code == 204
    r = parent.patch(f"/v1/memory/{rule}", json={"text": "No scary stories, ever."})
    assert r.status_code == 200, r.text
    changes, cursor2 = _pull(child, child_id, cursor)
    assert [c["op"] for c in changes] == ["remove", "upsert"]
    assert changes[0]["id_hash"] == _hash(pref) and pref not in str(changes)
    assert changes[1]["memory"]["text"] == "No scary stories, ever."
    # A memory hidden from the child afterwards is a removal for the child's device.
    r = parent.patch(f"/v1/memory/{rule}", json={"tags": ["parent_only"]})
    if r.status_code == 200:  # a safety rule stays visible to the child whatever its tags (read gate)
        changes, _ = _pull(child, child_id, cursor2)
        assert all(c["op"] == "upsert" for c in changes)


def test_receipts_are_checked_recorded_and_read_by_guardians(household):
    t, parent, child, child_id = household
    hashes = sorted([_hash("a"), _hash("b")])
    digest = hashlib.sha256("\n".join(hashes).encode()).hexdigest()
    bad = child.post("/v1/sync/receipts", json={"cursor_reached": "5.7", "id_hashes": hashes, "digest": "0" * 64})
    assert bad.status_code == 422 and "digest" in bad.text
    assert child.post("/v1/sync/receipts", json={"cursor_reached": "x", "id_hashes": [], "digest": digest}).status_code == 422
    r = child.post("/v1/sync/receipts", json={"cursor_reached": "5.7", "id_hashes": hashes, "digest": digest,
                                              "purged_memories": 2})
    assert r.status_code == 201, r.text
    listed = parent.get("/v1/sync/receipts", params={"user_id": child_id}).json()
    assert [x["digest"] for x in listed] == [digest] and listed[0]["purged_memories"] == 2
    assert child.get("/v1/sync/changes", params={"cursor": "not-a-cursor"}).status_code == 422
    assert child.get("/v1/sync/changes", params={"cursor": "99999999999999999999.1"}).status_code == 422
    assert child.get("/v1/sync/changes", params={"cursor": "1.9999999999999999999"}).status_code == 422
    assert child.get("/v1/sync/changes", params={"owner_id": t["users"][0]["user_id"]}).status_code == 403


def test_a_childs_own_forget_is_a_forget_change_and_kept_rules_come_back(household):
    t, parent, child, child_id = household
    rule, pref = _commit(parent, child_id, [
        {"text": "Never share the home address.", "type": "safety", "source": "parent"},
        {"text": "Mia likes the green crayon.", "type": "preference"},
    ])
    _, cursor = _pull(child, child_id)
    r = child.post(f"/v1/users/{child_id}/forget")
    assert r.status_code == 202, r.text
    r = parent.post(f"/v1/users/{child_id}/forget-requests/{r.json()['request_id']}/approve")
    assert r.status_code == 200, r.text
    assert r.json()["verified"] is True, r.json()  # the change log leaves no residue
    changes, _ = _pull(child, child_id, cursor)
    assert changes and changes[-1]["op"] == "forget"
    assert "green crayon" not in str(changes)
    fresh, _ = _pull(child, child_id)  # a wiped device syncs from the start: the kept rule only
    assert [c["memory"]["memory_id"] for c in fresh if c["op"] == "upsert"] == [rule]
