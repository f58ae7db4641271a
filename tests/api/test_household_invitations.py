"""Household invitations and member management (issue 13): a parent invites a member with a one-time
code (stored hashed), accepting it without a bearer token creates the member with its age band and
returns its first token once; a code works once and not after it expired or was revoked; parents
list and revoke invitations, change members' roles (never leaving the household without a parent),
and issue, rotate and revoke their children's tokens; nobody else does, and another household gets
404."""
import hashlib
import uuid

import httpx
import pytest


def invite(client, **body):
    return client.post("/v1/household/invitations", json={"display_name": "Leo", "role": "child",
                                                            "age_band": "8_12", **body})


def accept(api_url, code):
    return httpx.post(f"{api_url}/v1/household/invitations/accept", json={"code": code}, timeout=30)


def as_member(api_url, token):
    return httpx.Client(base_url=api_url, headers={"Authorization": f"Bearer {token}"}, timeout=30)


def test_an_invited_child_joins_with_its_age_band_and_a_first_token(new_tenant, api_url, owner_db):
    t = new_tenant("parent", "user")
    parent = t["clients"][0]
    r = invite(parent)
    assert r.status_code == 201, r.text
    inv = r.json()
    assert inv["status"] == "pending" and inv["code"].startswith("inv_") and inv["role"] == "child"
    listed = parent.get("/v1/household/invitations").json()["items"]
    assert [i["id"] for i in listed] == [inv["id"]] and "code" not in listed[0]
    # only the code's hash is stored, nowhere the code itself
    row = owner_db.execute("SELECT code_hash FROM household_invitations WHERE invitation_id = %s",
                           (inv["id"],)).fetchone()
    assert bytes(row[0]) == hashlib.sha256(inv["code"].encode()).digest()
    assert not owner_db.execute("SELECT 1 FROM audit_log WHERE details::text LIKE %s", (f"%{inv['code']}%",)).fetchone()

    joined = accept(api_url, inv["code"])
    assert joined.status_code == 201, joined.text
    leo = joined.json()
    assert leo["tenant_id"] == t["tenant_id"] and leo["role"] == "child" and leo["age_band"] == "8_12"
    with as_member(api_url, leo["token"]) as kid:
        me = kid.get("/v1/household/members").json()["items"]
        assert [(m["user_id"], m["role"], m["age_band"]) for m in me] == [(leo["user_id"], "child", "8_12")]
        r = kid.post("/v1/memory/candidates", json={"items": [{"text": "I love the blue dolphin book.",
                                                                "type": "preference"}]})
        assert r.status_code == 200 and r.json()["items"][0]["status"] == "created", r.text
        assert kid.get("/v1/household/invitations").status_code == 403
    policy = parent.get(f"/v1/users/{leo['user_id']}/policy").json()["policy"]
    assert policy["age_band"] == "8_12"
    members = {m["user_id"]: m for m in parent.get("/v1/household/members").json()["items"]}
    assert members[leo["user_id"]]["display_name"] == "Leo"
    assert accept(api_url, inv["code"]).status_code == 404  # once only
    done = parent.get("/v1/household/invitations", params={"status": "accepted"}).json()["items"]
    assert [(i["id"], i["user_id"]) for i in done] == [(inv["id"], leo["user_id"])]


def test_revoked_expired_and_unknown_codes_are_refused(new_tenant, api_url, owner_db):
    t = new_tenant("parent")
    parent = t["clients"][0]
    revoked, expired = invite(parent).json(), invite(parent, role="user", age_band=None).json()
    r = parent.delete(f"/v1/household/invitations/{revoked['id']}")
    assert r.status_code == 200 and r.json()["status"] == "revoked", r.text
    assert parent.delete(f"/v1/household/invitations/{revoked['id']}").status_code == 200  # harmless twice
    owner_db.execute("UPDATE household_invitations SET expires_at = now() - interval '1 second' "
                     "WHERE invitation_id = %s", (expired["id"],))
    for code in (revoked["code"], expired["code"], "inv_" + "x" * 32):
        r = accept(api_url, code)
        assert r.status_code == 404 and r.json()["error"]["code"] == "not_found", r.text
    statuses = {i["id"]: i["status"] for i in parent.get("/v1/household/invitations").json()["items"]}
    assert statuses == {revoked["id"]: "revoked", expired["id"]: "expired"}
    members = parent.get("/v1/household/members").json()["items"]
    assert len(members) == 1  # nobody joined
    accepted = invite(parent).json()
    assert accept(api_url, accepted["code"]).status_code == 201
    assert parent.delete(f"/v1/household/invitations/{accepted['id']}").status_code == 409


def test_only_guardians_invite_and_other_households_see_nothing(new_tenant, api_url):
    t = new_tenant("parent", "child", "user", "orchestrator")
    parent, child, user, orch = t["clients"]
    inv = invite(parent).json()
    for client in (child, user, orch):
        assert invite(client).status_code == 403
        assert client.get("/v1/household/invitations").status_code == 403
        assert client.delete(f"/v1/household/invitations/{inv['id']}").status_code == 403
    stranger = new_tenant("parent")["clients"][0]
    assert stranger.get("/v1/household/invitations").json()["items"] == []
    assert stranger.delete(f"/v1/household/invitations/{inv['id']}").status_code == 404
    assert parent.get("/v1/household/invitations").json()["items"][0]["status"] == "pending"


@pytest.mark.parametrize("body", [
    {"role": "child", "age_band": None}, {"role": "child", "age_band": "adult"}, {"role": "admin"},
    {"role": "orchestrator"}, {"display_name": ""}, {"display_name": "x" * 201}, {"ttl_seconds": 10},
    {"ttl_seconds": 10 ** 8}, {"age_band": "teen"}, {"code": "inv_extra"},
])
def test_bad_invitations_are_422(new_tenant, body):
    parent = new_tenant("parent")["clients"][0]
    r = invite(parent, **body)
    assert r.status_code == 422, r.text


def test_bad_acceptances_are_4xx(api_url):
    for body in ({}, {"code": ""}, {"code": "short"}, {"code": "inv_" + "y" * 300}, {"code": 5},
                 {"code": "inv_" + "z" * 30, "role": "admin"}):
        r = httpx.post(f"{api_url}/v1/household/invitations/accept", json=body, timeout=30)
        assert r.status_code == 422, (body, r.text)


def test_a_parent_changes_roles_but_never_leaves_the_household_without_a_parent(new_tenant, api_url):
    t = new_tenant("parent", "user", "child", "orchestrator")
    parent, user, child, orch = t["clients"]
    ids = [u["user_id"] for u in t["users"]]
    assert parent.patch(f"/v1/household/members/{ids[0]}", json={"role": "user"}).status_code == 409
    r = parent.patch(f"/v1/household/members/{ids[1]}", json={"role": "parent", "display_name": "Sam"})
    assert r.status_code == 200 and (r.json()["role"], r.json()["display_name"]) == ("parent", "Sam"), r.text
    assert len(user.get("/v1/household/members").json()["items"]) == 4  # a parent now: sees everyone
    assert user.patch(f"/v1/household/members/{ids[0]}", json={"role": "user"}).status_code == 200
    assert [m["user_id"] for m in parent.get("/v1/household/members").json()["items"]] == [ids[0]]  # demoted
    assert child.patch(f"/v1/household/members/{ids[2]}", json={"role": "parent"}).status_code == 403
    assert user.patch(f"/v1/household/members/{ids[3]}", json={"role": "child"}).status_code == 403  # orchestrator
    assert user.patch(f"/v1/household/members/{uuid.uuid4()}", json={"role": "child"}).status_code == 404
    assert user.patch(f"/v1/household/members/{ids[2]}", json={"role": "admin"}).status_code == 422
    stranger = new_tenant("parent")["clients"][0]
    assert stranger.patch(f"/v1/household/members/{ids[2]}", json={"role": "user"}).status_code == 404


def test_a_parent_manages_its_childs_tokens(new_tenant, api_url):
    t = new_tenant("parent", "parent", "child")
    parent, other_parent, _ = t["clients"]
    kid = t["users"][2]["user_id"]
    r = parent.post("/v1/tokens", json={"user_id": kid, "label": "tablet", "ttl_seconds": 3600})
    assert r.status_code == 201 and r.json()["user_id"] == kid, r.text
    device = r.json()
    with as_member(api_url, device["token"]) as tablet:
        assert tablet.get("/v1/household/members").json()["items"][0]["user_id"] == kid
        rotated = parent.post(f"/v1/tokens/{device['token_id']}/rotate").json()
        assert tablet.get("/v1/household/members").status_code == 401  # the old secret stopped at once
    with as_member(api_url, rotated["token"]) as tablet:
        assert tablet.get("/v1/household/members").status_code == 200
        assert parent.delete(f"/v1/tokens/{device['token_id']}").json()["status"] == "revoked"
        assert tablet.get("/v1/household/members").status_code == 401
    assert parent.post("/v1/tokens", json={"user_id": t["users"][1]["user_id"]}).status_code == 403  # a parent's
    stranger = new_tenant("parent")["clients"][0]
    assert stranger.post("/v1/tokens", json={"user_id": kid}).status_code == 404


def test_forgetting_a_child_whose_token_a_parent_issued_leaves_no_residue(new_tenant):
    """The audit row of a token a parent issued for its child names no user id (it used to, and the
    forget verification found the forgotten child's id in the audit log)."""
    t = new_tenant("parent", "child")
    parent, kid = t["clients"][0], t["users"][1]["user_id"]
    assert parent.post("/v1/tokens", json={"user_id": kid, "label": "tablet"}).status_code == 201
    r = parent.post(f"/v1/users/{kid}/forget")
    assert r.status_code == 200 and r.json()["verified"], {k: v for k, v in r.json()["residue"].items() if v}
