"""Every child has an age band, always (issue 33). The admin API, a role change and a policy change
refuse a child without a child band (under_8, 8_12, 13_17), as invitations do; a child made through
the admin API gets its band's child-safe defaults; children stored without a band before are given
the strictest one (migration 0022) and listed for their parents until a parent sets the band."""
import uuid

import httpx
import pytest

from tests.conftest import ADMIN_TOKEN

ADMIN = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
PHONE = "07911 123456"


def _tenant(api_url, *users: dict) -> httpx.Response:
    return httpx.post(f"{api_url}/v1/admin/tenants", headers=ADMIN, timeout=30,
                      json={"name": "bands", "opted_in": True, "users": list(users)})


def _members(client) -> dict[str, dict]:
    return {m["user_id"]: m for m in client.get("/v1/household/members").json()["items"]}


@pytest.mark.parametrize("band", [None, "adult"])
def test_the_admin_api_refuses_a_child_without_a_child_band(api_url, band):
    child = {"display_name": "Mia", "role": "child", **({"age_band": band} if band else {})}
    r = _tenant(api_url, {"display_name": "Ann", "role": "parent"}, child)
    assert r.status_code == 422, r.text
    assert "age band" in r.text
    ok = _tenant(api_url, {"display_name": "Ann", "role": "parent"}, {"display_name": "Bo", "role": "user"})
    assert ok.status_code == 201, ok.text
    more = httpx.post(f"{api_url}/v1/admin/tenants/{ok.json()['tenant_id']}/users", headers=ADMIN, timeout=30,
                      json=[{"display_name": "Mia", "role": "child", **({"age_band": band} if band else {})}])
    assert more.status_code == 422, more.text


def test_a_child_made_by_the_admin_api_has_its_band_and_its_defaults(api_url):
    r = _tenant(api_url, {"display_name": "Ann", "role": "parent"},
                {"display_name": "Tom", "role": "child", "age_band": "under_8"},
                {"display_name": "Mia", "role": "child", "age_band": "8_12"})
    assert r.status_code == 201, r.text
    users = r.json()["users"]
    assert [u.get("age_band") for u in users] == [None, "under_8", "8_12"]
    parent, tom, mia = (httpx.Client(base_url=api_url, headers={"Authorization": f"Bearer {u['token']}"}, timeout=60)
                        for u in users)
    with parent, tom, mia:
        listed = _members(parent)
        assert (listed[users[1]["user_id"]]["age_band"], listed[users[2]["user_id"]]["age_band"]) == ("under_8", "8_12")

        def status(client, text, type_):
            got = client.post("/v1/memory/candidates", json={"items": [{"text": text, "type": type_}]})
            assert got.status_code == 200, got.text
            return got.json()["items"][0]["status"]

        # under 8: a phone number leaves no trace, who they are waits for a parent, profanity is not learned
        assert status(tom, f"My mum's phone is {PHONE}.", "episodic") == "dropped"
        assert status(tom, "I am scared of the dark.", "identity") == "held"
        assert status(tom, "This game is shit.", "episodic") == "dropped"
        # 8-12: profanity is not learned, age-sensitive content waits for a parent
        assert status(mia, "This game is shit.", "episodic") == "dropped"
        assert status(mia, "The big boys said they will kill him.", "episodic") == "held"
        assert [m["text"] for m in mia.get("/v1/memory/list").json()["items"]] == []


def test_a_role_change_or_a_policy_never_leaves_a_child_without_its_band(new_tenant):
    t = new_tenant("parent", "user", "child")
    parent = t["clients"][0]
    user_id, child_id = t["users"][1]["user_id"], t["users"][2]["user_id"]
    r = parent.patch(f"/v1/household/members/{user_id}", json={"role": "child"})
    assert r.status_code == 422 and "age band" in r.text, r.text
    r = parent.patch(f"/v1/household/members/{user_id}", json={"role": "child", "age_band": "adult"})
    assert r.status_code == 422, r.text
    r = parent.patch(f"/v1/household/members/{user_id}", json={"role": "child", "age_band": "13_17"})
    assert r.status_code == 200 and (r.json()["role"], r.json()["age_band"]) == ("child", "13_17"), r.text

    # a policy that names no band keeps the child's; a child's policy cannot make it an adult
    assert parent.put(f"/v1/users/{child_id}/policy", json={"memory_enabled": True}).status_code == 200
    assert _members(parent)[child_id]["age_band"] == "8_12"
    assert parent.get(f"/v1/users/{child_id}/policy").json()["policy"]["age_band"] == "8_12"
    r = parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "adult"})
    assert r.status_code == 422 and "age band" in r.text, r.text
    r = parent.patch(f"/v1/household/members/{child_id}", json={"age_band": "under_8"})
    assert r.status_code == 200 and r.json()["age_band"] == "under_8", r.text


def test_children_stored_without_a_band_get_the_strictest_and_are_listed_for_their_parents(new_tenant, owner_db):
    t = new_tenant("parent", "child")
    parent = t["clients"][0]
    banded = t["users"][1]["user_id"]
    tid = t["tenant_id"]
    bare, adult = str(uuid.uuid4()), str(uuid.uuid4())
    for uid in (bare, adult):  # as an older version stored them
        owner_db.execute("INSERT INTO users (tenant_id, user_id, display_name, role) VALUES (%s, %s, 'old', 'child')",
                         (tid, uid))
    owner_db.execute("INSERT INTO consent_settings (tenant_id, user_id, policy) VALUES (%s, %s, %s)",
                     (tid, adult, '{"age_band": "adult", "memory_enabled": true}'))
    # migration 0022's step (a function, so that a restored backup can be put right the same way)
    assert owner_db.execute("SELECT give_children_the_strictest_band()").fetchone()[0] >= 2
    listed = _members(parent)
    for uid in (bare, adult):
        assert listed[uid]["age_band"] == "under_8"
        assert "under_8" in listed[uid]["age_band_notice"]
    assert listed[banded]["age_band"] == "8_12" and listed[banded]["age_band_notice"] is None
    assert parent.get(f"/v1/users/{adult}/policy").json()["policy"]["memory_enabled"] is True  # the rest is kept
    audited = owner_db.execute("SELECT target_id FROM audit_log WHERE tenant_id = %s AND action = %s",
                               (tid, "member.age_band.defaulted")).fetchall()
    assert sorted(r[0] for r in audited) == sorted([bare, adult])
    # a parent who sets the band clears the notice
    assert parent.patch(f"/v1/household/members/{bare}", json={"age_band": "8_12"}).status_code == 200
    assert _members(parent)[bare]["age_band_notice"] is None
