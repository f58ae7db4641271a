"""Merge proposals (issue 12): proposed, never merged by themselves; accepted merges are audited and
undo puts both entities back exactly; a child never sees them; dismissed pairs are not proposed again."""
import pytest


def _turns(client, session, texts):
    for i, text in enumerate(texts):
        r = client.post(f"/v1/conversations/{session}/turns",
                        json={"speaker": "user", "text": text, "at": f"2025-09-{i + 1:02d}T10:00:00Z"})
        assert r.status_code == 200, r.text


def _person(client, name, owner=None):
    params = {"q": name.split()[0], "type": "person", **({"owner_id": owner} if owner else {})}
    items = client.get("/v1/entities", params=params).json()["items"]
    return [i for i in items if i["name"] == name]


def _memories(client, entity_id, owner=None):
    body = client.get(f"/v1/entities/{entity_id}", params={"owner_id": owner} if owner else {}).json()
    return sorted(m["text"] for m in body["memories"])


@pytest.fixture
def twice_known(new_tenant):
    """A parent and a child; the child's memory knows Dana Whitfield twice (a split gone wrong)."""
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    child_id = t["users"][1]["user_id"]
    _turns(child, "a", ["My cousin Dana Whitfield is a nurse.", "Dana Whitfield moved to Leeds last spring."])
    [dana] = _person(parent, "Dana Whitfield", child_id)
    moved = [m["id"] for m in parent.get(f"/v1/entities/{dana['id']}", params={"owner_id": child_id}).json()["memories"]
             if "Leeds" in m["text"]]
    r = parent.post(f"/v1/entities/{dana['id']}/split",
                    json={"memory_ids": moved, "name": "Dana Whitfield", "owner_id": child_id})
    assert r.status_code == 200, r.text
    return parent, child, child_id


def test_a_person_known_twice_is_proposed_and_nothing_merges_by_itself(twice_known):
    parent, _, child_id = twice_known
    assert parent.post("/v1/entities/merge-proposals/scan", params={"owner_id": child_id}).json() == {"proposed": 1}
    assert parent.post("/v1/entities/merge-proposals/scan", params={"owner_id": child_id}).json() == {"proposed": 0}
    [p] = parent.get("/v1/entities/merge-proposals", params={"owner_id": child_id}).json()["items"]
    assert p["rule"] == "same_full_name" and p["status"] == "open"
    assert {p["keep_name"], p["merge_name"]} == {"Dana Whitfield"}
    assert len(_person(parent, "Dana Whitfield", child_id)) == 2  # still two until someone decides


def test_accept_merges_audited_and_undo_puts_both_back(twice_known):
    parent, _, child_id = twice_known
    parent.post("/v1/entities/merge-proposals/scan", params={"owner_id": child_id})
    [p] = parent.get("/v1/entities/merge-proposals", params={"owner_id": child_id}).json()["items"]
    before = {e["id"]: _memories(parent, e["id"], child_id) for e in _person(parent, "Dana Whitfield", child_id)}
    assert len(before) == 2 and all(before.values())

    r = parent.post(f"/v1/entities/merge-proposals/{p['id']}/accept", params={"owner_id": child_id})
    assert r.status_code == 200 and r.json()["status"] == "accepted", r.text
    again = parent.post(f"/v1/entities/merge-proposals/{p['id']}/accept", params={"owner_id": child_id})
    assert again.status_code == 200 and again.json()["status"] == "accepted"  # a retry changes nothing
    [merged] = _person(parent, "Dana Whitfield", child_id)
    assert merged["id"] == p["keep_id"]
    assert _memories(parent, merged["id"], child_id) == sorted(m for ms in before.values() for m in ms)

    r = parent.post(f"/v1/entities/merge-proposals/{p['id']}/undo", params={"owner_id": child_id})
    assert r.status_code == 200 and r.json()["status"] == "undone", r.text
    after = {e["id"]: _memories(parent, e["id"], child_id) for e in _person(parent, "Dana Whitfield", child_id)}
    assert after == before  # the same two entities, under their own ids, with their own memories
    assert parent.post(f"/v1/entities/merge-proposals/{p['id']}/accept",
                       params={"owner_id": child_id}).status_code == 409


def test_dismissed_pairs_are_not_proposed_again(twice_known):
    parent, _, child_id = twice_known
    parent.post("/v1/entities/merge-proposals/scan", params={"owner_id": child_id})
    [p] = parent.get("/v1/entities/merge-proposals", params={"owner_id": child_id}).json()["items"]
    r = parent.post(f"/v1/entities/merge-proposals/{p['id']}/dismiss", params={"owner_id": child_id})
    assert r.status_code == 200 and r.json()["status"] == "dismissed"
    assert parent.post("/v1/entities/merge-proposals/scan", params={"owner_id": child_id}).json() == {"proposed": 0}
    assert parent.get("/v1/entities/merge-proposals", params={"owner_id": child_id}).json()["items"] == []
    assert len(parent.get("/v1/entities/merge-proposals",
                          params={"owner_id": child_id, "status": "dismissed"}).json()["items"]) == 1


def test_a_child_never_sees_or_decides_and_other_tenants_get_404(twice_known, new_tenant):
    parent, child, child_id = twice_known
    parent.post("/v1/entities/merge-proposals/scan", params={"owner_id": child_id})
    [p] = parent.get("/v1/entities/merge-proposals", params={"owner_id": child_id}).json()["items"]
    assert child.get("/v1/entities/merge-proposals").status_code == 403
    assert child.post(f"/v1/entities/merge-proposals/{p['id']}/accept").status_code == 403
    stranger = new_tenant("parent")["clients"][0]
    assert stranger.post(f"/v1/entities/merge-proposals/{p['id']}/accept").status_code == 404
    assert stranger.get("/v1/entities/merge-proposals", params={"owner_id": child_id}).status_code == 404
