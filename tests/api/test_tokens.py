"""Token lifecycle: issue, list (never secrets), rotate, revoke, expire; who may manage whose tokens."""
import time

import httpx
import psycopg
import pytest

from tests.conftest import ADMIN_TOKEN


def _as(api_url, token):
    return httpx.Client(base_url=api_url, headers={"Authorization": f"Bearer {token}"}, timeout=30)


@pytest.fixture
def family(new_tenant):
    t = new_tenant("parent", "child", "admin", "parent")
    t["parent"], t["child"], t["admin"], t["parent2"] = t["clients"]
    t["ids"] = [u["user_id"] for u in t["users"]]
    return t


def test_issue_use_list_and_revoke_own_token(api_url, family):
    child = family["child"]
    r = child.post("/v1/tokens", json={"label": "tablet", "ttl_seconds": 3600})
    assert r.status_code == 201, r.text
    issued = r.json()
    assert issued["token"].startswith("mem_") and issued["status"] == "active" and issued["expires_at"]
    with _as(api_url, issued["token"]) as tablet:
        assert tablet.get("/v1/memory/list").status_code == 200
        listed = child.get("/v1/tokens").json()["items"]
        assert {t["token_id"] for t in listed} == {issued["token_id"], family["users"][1]["token_id"]}
        assert all("token" not in t for t in listed) and issued["token"] not in child.get("/v1/tokens").text
        r = child.delete(f"/v1/tokens/{issued['token_id']}")
        assert r.status_code == 200 and r.json()["status"] == "revoked"
        r = tablet.get("/v1/memory/list")  # at once: the revoking replica clears its cache
        assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"
    assert child.delete(f"/v1/tokens/{issued['token_id']}").status_code == 200  # twice is harmless
    assert child.get("/v1/memory/list").status_code == 200  # the child's other token still works


def test_rotation_replaces_the_secret(api_url, family):
    issued = family["child"].post("/v1/tokens", json={"label": "watch"}).json()
    with _as(api_url, issued["token"]) as old:
        assert old.get("/v1/tokens").status_code == 200
        r = old.post(f"/v1/tokens/{issued['token_id']}/rotate")
        assert r.status_code == 200, r.text
        rotated = r.json()
        assert rotated["token_id"] == issued["token_id"] and rotated["token"] != issued["token"]
        assert rotated["rotated_at"] and rotated["status"] == "active"
        assert old.get("/v1/memory/list").status_code == 401
    with _as(api_url, rotated["token"]) as new:
        assert new.get("/v1/memory/list").status_code == 200
    family["child"].delete(f"/v1/tokens/{issued['token_id']}")
    r = family["child"].post(f"/v1/tokens/{issued['token_id']}/rotate")
    assert r.status_code == 409 and r.json()["error"]["code"] == "token_revoked"


def test_guardians_manage_the_household_and_children_only_themselves(api_url, family):
    parent, child, admin = family["parent"], family["child"], family["admin"]
    parent_id, child_id, admin_id, parent2_id = family["ids"]
    # a parent issues a token for the child; the child sees and may revoke it, not the parent's
    r = parent.post("/v1/tokens", json={"user_id": child_id, "label": "for the child"})
    assert r.status_code == 201 and r.json()["user_id"] == child_id
    with _as(api_url, r.json()["token"]) as c:
        assert c.get("/v1/memory/list").json() is not None and c.get("/v1/memory/list").status_code == 200
    child_view = {t["user_id"] for t in child.get("/v1/tokens").json()["items"]}
    assert child_view == {child_id}
    assert len(parent.get("/v1/tokens").json()["items"]) == 5  # the tenant's 4 initial tokens + 1
    parent_token_id = family["users"][0]["token_id"]
    assert child.delete(f"/v1/tokens/{parent_token_id}").status_code == 404
    assert child.post(f"/v1/tokens/{parent_token_id}/rotate").status_code == 404
    r = child.post("/v1/tokens", json={"user_id": parent_id})
    assert r.status_code == 403 and "itself" in r.json()["error"]["message"]
    # a parent may not mint or take over an admin's or another parent's token (privilege escalation)
    assert parent.post("/v1/tokens", json={"user_id": admin_id}).status_code == 403
    assert parent.post(f"/v1/tokens/{family['users'][2]['token_id']}/rotate").status_code == 403
    assert parent.delete(f"/v1/tokens/{family['users'][3]['token_id']}").status_code == 403
    # an admin may revoke a parent's token
    assert admin.delete(f"/v1/tokens/{family['users'][3]['token_id']}").status_code == 200
    assert family["parent2"].get("/v1/memory/list").status_code == 401
    assert parent.post("/v1/tokens", json={"user_id": "00000000-0000-0000-0000-000000000000"}).status_code == 404
    assert parent2_id


def test_other_tenants_tokens_are_invisible(new_tenant, family):
    other = new_tenant("admin")
    foreign = family["users"][0]["token_id"]
    admin = other["clients"][0]
    assert admin.delete(f"/v1/tokens/{foreign}").status_code == 404
    assert admin.post(f"/v1/tokens/{foreign}/rotate").status_code == 404
    assert admin.post("/v1/tokens", json={"user_id": family["ids"][1]}).status_code == 404
    assert [t["token_id"] for t in admin.get("/v1/tokens").json()["items"]] == [other["users"][0]["token_id"]]
    assert family["parent"].get("/v1/memory/list").status_code == 200


def test_list_is_paginated_newest_first(family):
    child = family["child"]
    made = [child.post("/v1/tokens", json={"label": f"t{i}"}).json()["token_id"] for i in range(5)]
    seen, cursor = [], None
    while True:
        page = child.get("/v1/tokens", params={"limit": 2, **({"cursor": cursor} if cursor else {})}).json()
        assert len(page["items"]) <= 2
        seen += [t["token_id"] for t in page["items"]]
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert seen[:5] == made[::-1] and len(seen) == 6 and len(set(seen)) == 6
    assert child.get("/v1/tokens", params={"cursor": "garbage"}).status_code == 422


@pytest.mark.parametrize("body", [{"ttl_seconds": 10}, {"ttl_seconds": 10**9}, {"label": ""}, {"label": "x" * 101},
                                  {"secret": "mine"}])
def test_bad_token_requests(family, body):
    r = family["child"].post("/v1/tokens", json=body)
    assert r.status_code == 422 and r.json()["error"]["details"], r.text


def test_expired_token_is_refused(api_url, family, stack_env):
    issued = family["child"].post("/v1/tokens", json={"ttl_seconds": 600}).json()
    with _as(api_url, issued["token"]) as c:
        assert c.get("/v1/memory/list").status_code == 200
        with psycopg.connect(stack_env["DATABASE_URL"], autocommit=True) as conn:
            conn.execute("UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE token_id = %s",
                         (issued["token_id"],))
        time.sleep(1.1)
        assert c.get("/v1/memory/list").status_code == 401
    listed = {t["token_id"]: t for t in family["child"].get("/v1/tokens").json()["items"]}
    assert listed[issued["token_id"]]["status"] == "expired"
    # an expired token stays expired: rotating it would bring it back to life (issue 33)
    for who in (family["child"], family["parent"]):
        r = who.post(f"/v1/tokens/{issued['token_id']}/rotate", json={"ttl_seconds": 3600})
        assert r.status_code == 409 and r.json()["error"]["code"] == "token_expired", r.text
    listed = {t["token_id"]: t for t in family["child"].get("/v1/tokens").json()["items"]}
    assert listed[issued["token_id"]]["status"] == "expired" and listed[issued["token_id"]]["rotated_at"] is None


def test_revocation_elsewhere_takes_effect_within_a_second(api_url, family, stack_env):
    """Another replica revokes: this one's cache forgets the token within a second."""
    issued = family["child"].post("/v1/tokens", json={}).json()
    with _as(api_url, issued["token"]) as c:
        assert c.get("/v1/memory/list").status_code == 200
        with psycopg.connect(stack_env["DATABASE_URL"], autocommit=True) as conn:
            conn.execute("UPDATE api_tokens SET revoked_at = now() WHERE token_id = %s", (issued["token_id"],))
        time.sleep(1.05)
        assert c.get("/v1/memory/list").status_code == 401


def test_admin_token_requires_bearer_and_tenant_tokens_may_expire(api_url):
    body = {"name": "t", "users": [{"display_name": "a", "role": "user"}], "token_ttl_seconds": 3600}
    for header in (ADMIN_TOKEN, f"Basic {ADMIN_TOKEN}", f"Bearer{ADMIN_TOKEN}", "Bearer wrong"):
        r = httpx.post(f"{api_url}/v1/admin/tenants", headers={"Authorization": header}, json=body)
        assert r.status_code == 401 and "Bearer" in r.json()["error"]["message"], header
    r = httpx.post(f"{api_url}/v1/admin/tenants", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"}, json=body)
    assert r.status_code == 201, r.text
    user = r.json()["users"][0]
    assert user["expires_at"] and user["token_id"]
    with _as(api_url, user["token"]) as c:
        assert c.get("/v1/tokens").json()["items"][0]["expires_at"] == user["expires_at"]
    r = httpx.get(f"{api_url}/v1/memory/list", headers={"Authorization": user["token"]})  # no scheme
    assert r.status_code == 401
