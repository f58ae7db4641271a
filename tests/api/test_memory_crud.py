"""Write, list, get, patch (history kept), delete, idempotent retries — through HTTP."""


def _add(client, text, **kw):
    r = client.post("/v1/memory/candidates", json={"items": [{"text": text, **kw}]})
    assert r.status_code == 200, r.text
    return r.json()["items"][0]


def test_create_list_get(new_tenant):
    c = new_tenant("user")["clients"][0]
    item = _add(c, "Maya's favourite colour is teal.", type="preference", tags=["colour"])
    assert item["status"] == "created"
    m = item["memory"]
    # a batch write is embedded with the int8 weights by default (MEMORY_BATCH_EMBEDDER=auto)
    assert m["type"] == "preference" and m["embedding_model"] == "all-MiniLM-L6-v2-int8"
    got = c.get(f"/v1/memory/{m['id']}").json()
    assert got["text"] == "Maya's favourite colour is teal."
    listed = c.get("/v1/memory/list", params={"type": "preference"}).json()["items"]
    assert [x["id"] for x in listed] == [m["id"]]


def test_exact_repeat_reinforces_instead_of_duplicating(new_tenant):
    c = new_tenant("user")["clients"][0]
    first = _add(c, "The band practices on Thursdays.", type="semantic")
    again = _add(c, "the band practices on thursdays!", type="semantic")
    assert again["status"] == "reinforced"
    assert again["memory"]["id"] == first["memory"]["id"]
    assert again["memory"]["mention_count"] == 2
    assert again["memory"]["confidence"] > first["memory"]["confidence"]
    assert len(c.get("/v1/memory/list").json()["items"]) == 1


def test_exact_repeats_are_not_embedded(new_tenant, embedder, api_resources, monkeypatch):
    c = new_tenant("user")["clients"][0]
    _add(c, "The band practices on Thursdays.", type="semantic")
    embedded: list[str] = []
    for model in {embedder, api_resources.batch_embedder}:
        monkeypatch.setattr(model, "embed", lambda texts, real=model.embed: embedded.extend(texts) or real(texts))
    items = [{"text": "the band practices on thursdays!", "type": "semantic"},
             {"text": "The drummer joined in March.", "type": "semantic"},
             {"text": "The drummer joined in March.", "type": "semantic"}]
    got = c.post("/v1/memory/candidates", json={"items": items}).json()["items"]
    assert [i["status"] for i in got] == ["reinforced", "created", "reinforced"]
    assert got[1]["memory"]["id"] == got[2]["memory"]["id"]
    assert not any("band" in t for t in embedded)  # the stored repeat needed no vector
    assert sum("drummer" in t for t in embedded) == 1  # the batch's repeat was embedded once


def test_near_duplicate_is_linked(new_tenant):
    c = new_tenant("user")["clients"][0]
    first = _add(c, "Grandma's birthday dinner is at the Italian place on Elm Road.", type="episodic")
    near = _add(c, "Grandma's birthday dinner is at the Italian restaurant on Elm Road.", type="episodic")
    assert near["status"] == "created"
    assert near["near_duplicate_of"] == first["memory"]["id"]
    assert first["memory"]["id"] in near["memory"]["links"]


def test_near_duplicate_is_linked_in_a_large_import(new_tenant):
    """After a large import (whichever lookup path the owner's size selects, with planner
    statistics that have not seen the owner yet) a near duplicate is still found."""
    from memclient.bench.textgen import utterances

    c = new_tenant("user")["clients"][0]
    filler = [{"text": t, "type": "episodic", "source": "import"} for t in utterances(3, 250)]
    target = "Grandma's birthday dinner is at the Italian place on Elm Road."
    batch = filler[:120] + [{"text": target, "type": "episodic"}] + filler[120:]
    r = c.post("/v1/memory/candidates", json={"items": batch})
    assert r.status_code == 200, r.text
    first = r.json()["items"][120]
    assert first["memory"]["text"] == target
    near = c.post("/v1/memory/candidates", json={"items": [
        {"text": "Grandma's birthday dinner is at the Italian restaurant on Elm Road.", "type": "episodic"},
        {"text": "The plumber fixed the kitchen sink before lunch.", "type": "episodic"}]}).json()["items"]
    assert near[0]["near_duplicate_of"] == first["memory"]["id"]
    assert near[1]["near_duplicate_of"] is None
    # the lookup's planner settings end with it: the rest of the transaction stored and linked as usual
    assert first["memory"]["id"] in c.get(f"/v1/memory/{near[0]['memory']['id']}").json()["links"]


def test_idempotency_key_returns_first_result_and_stores_once(new_tenant):
    c = new_tenant("user")["clients"][0]
    body = {"items": [{"text": "We switched the office internet provider to FiberNet.", "type": "semantic"}]}
    h = {"Idempotency-Key": "retry-123"}
    r1 = c.post("/v1/memory/candidates", json=body, headers=h)
    r2 = c.post("/v1/memory/candidates", json=body, headers=h)
    assert r1.status_code == r2.status_code == 200
    assert r1.json()["items"] == r2.json()["items"]  # timings_ms are per request
    assert "insert" in r1.json()["timings_ms"] and "insert" not in r2.json()["timings_ms"]  # the replay wrote nothing
    assert len(c.get("/v1/memory/list").json()["items"]) == 1
    other = c.post("/v1/memory/candidates", json={"items": [{"text": "something else entirely"}]}, headers=h)
    assert other.status_code == 409


def test_patch_keeps_the_old_version_and_reindexes(new_tenant):
    c = new_tenant("user")["clients"][0]
    m = _add(c, "Sam works on the billing team.", type="relationship")["memory"]
    r = c.patch(f"/v1/memory/{m['id']}", json={"text": "Sam works on the payments platform team.",
                                                "expected_version": 1, "reason": "team renamed"})
    assert r.status_code == 200, r.text
    assert r.json()["version"] == 2
    stale = c.patch(f"/v1/memory/{m['id']}", json={"salience": 0.9, "expected_version": 1})
    assert stale.status_code == 409
    hits = c.post("/v1/memory/retrieve", json={"query": "payments platform", "k": 3, "mode": "bm25"}).json()["items"]
    assert hits and hits[0]["memory"]["id"] == m["id"]
    old = c.post("/v1/memory/retrieve", json={"query": "billing", "k": 3, "mode": "bm25"}).json()["items"]
    assert all(h["memory"]["id"] != m["id"] for h in old)


def test_delete_removes_from_list_and_both_search_paths(new_tenant):
    c = new_tenant("user")["clients"][0]
    m = _add(c, "The spare key is under the blue flowerpot.", type="semantic")["memory"]
    _add(c, "The car needs new tyres before winter.", type="semantic")
    assert c.delete(f"/v1/memory/{m['id']}", params={"reason": "user asked"}).status_code == 204
    assert c.get(f"/v1/memory/{m['id']}").status_code == 404
    for mode in ("bm25", "vector"):
        items = c.post("/v1/memory/retrieve", json={"query": "spare key flowerpot", "mode": mode}).json()["items"]
        assert all(i["memory"]["id"] != m["id"] for i in items)
    assert c.delete(f"/v1/memory/{m['id']}").status_code == 404


def test_pagination_walks_every_item_once(new_tenant):
    c = new_tenant("user")["clients"][0]
    texts = [f"Reading log: finished chapter {i} of the mystery novel." for i in range(7)]
    c.post("/v1/memory/candidates", json={"items": [{"text": t} for t in texts]}).raise_for_status()
    seen, cursor = [], None
    while True:
        params = {"limit": 3, **({"cursor": cursor} if cursor else {})}
        body = c.get("/v1/memory/list", params=params).json()
        seen += [i["text"] for i in body["items"]]
        cursor = body["next_cursor"]
        if not cursor:
            break
    assert sorted(seen) == sorted(texts)


def test_another_tenants_memory_is_invisible_and_untouchable(new_tenant):
    a = new_tenant("user")["clients"][0]
    b = new_tenant("parent")["clients"][0]
    m = _add(a, "Our wifi password hint is the dog's name.", type="semantic")["memory"]
    assert b.get(f"/v1/memory/{m['id']}").status_code == 404
    assert b.patch(f"/v1/memory/{m['id']}", json={"text": "hacked"}).status_code == 404
    assert b.delete(f"/v1/memory/{m['id']}").status_code == 404
    assert b.get("/v1/memory/list", params={"owner_id": m["owner_id"]}).status_code == 404
    assert b.post("/v1/memory/retrieve", json={"query": "wifi password"}).json()["items"] == []
    assert a.get(f"/v1/memory/{m['id']}").json()["text"] == m["text"]


def test_child_cannot_change_a_parents_safety_rule(new_tenant):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    child_id = t["users"][1]["user_id"]
    r = parent.post("/v1/memory/candidates", json={"owner_id": child_id,
                                                   "items": [{"text": "No scary stories.", "type": "safety", "source": "parent"}]})
    assert r.status_code == 200, r.text
    rule = r.json()["items"][0]["memory"]
    assert child.patch(f"/v1/memory/{rule['id']}", json={"text": "Scary stories are fine."}).status_code == 403
    assert child.delete(f"/v1/memory/{rule['id']}").status_code == 403
    assert child.post("/v1/memory/candidates", json={"items": [{"text": "No broccoli.", "type": "safety"}]}).status_code == 403
    assert parent.patch(f"/v1/memory/{rule['id']}", json={"text": "No scary or violent stories."}).status_code == 200


def test_a_batch_with_the_same_text_twice_stores_it_once(new_tenant):
    c = new_tenant("user")["clients"][0]
    r = c.post("/v1/memory/candidates", json={"items": [{"text": "The recycling goes out on Tuesdays."},
                                                         {"text": "the recycling goes out on tuesdays"}]})
    assert r.status_code == 200, r.text
    a, b = r.json()["items"]
    assert (a["status"], b["status"]) == ("created", "reinforced")
    assert b["memory"]["id"] == a["memory"]["id"] and b["memory"]["mention_count"] == 2
    assert len(c.get("/v1/memory/list").json()["items"]) == 1
