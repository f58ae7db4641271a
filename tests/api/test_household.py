"""The household's members (issue 13): a parent sees everyone with role and age band, paginated;
anyone else sees only themselves; another household's members never."""


def test_a_parent_lists_every_member_with_role_and_age_band(new_tenant):
    t = new_tenant("parent", "child", "child", "orchestrator")
    parent = t["clients"][0]
    kid = t["users"][1]["user_id"]
    assert parent.put(f"/v1/users/{kid}/policy", json={"age_band": "8_12"}).status_code == 200
    body = parent.get("/v1/household/members").json()
    assert {m["user_id"]: m["role"] for m in body["items"]} == {u["user_id"]: u["role"] for u in t["users"]}
    assert next(m for m in body["items"] if m["user_id"] == kid)["age_band"] == "8_12"
    first = parent.get("/v1/household/members", params={"limit": 3}).json()
    rest = parent.get("/v1/household/members", params={"limit": 3, "cursor": first["next_cursor"]}).json()
    assert [m["user_id"] for m in first["items"] + rest["items"]] == [m["user_id"] for m in body["items"]]
    assert rest["next_cursor"] is None


def test_others_see_only_themselves_and_never_another_household(new_tenant):
    t = new_tenant("parent", "child")
    other = new_tenant("parent", "user")
    child = t["clients"][1]
    assert [m["user_id"] for m in child.get("/v1/household/members").json()["items"]] == [t["users"][1]["user_id"]]
    theirs = other["clients"][0].get("/v1/household/members").json()["items"]
    assert {m["user_id"] for m in theirs} == {u["user_id"] for u in other["users"]}
    assert child.get("/v1/household/members", params={"cursor": "not-a-cursor"}).status_code == 422
