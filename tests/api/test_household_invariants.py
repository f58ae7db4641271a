"""Household invariants the database keeps (issue 33, migration 0022): while a household has other
members (children, adult users), it has a parent; no role change and no forget removes the last
one, however requests race. A parent forgets itself, its children and its users, never a
co-parent (as it may not manage a co-parent's tokens); an admin may."""
import asyncio

import httpx

ROUNDS = 50  # two concurrent requests each: 100 concurrent tries
AT_ONCE = 10  # rounds in flight together (20 requests)


def test_the_last_parent_cannot_forget_itself_while_others_depend_on_it(new_tenant):
    t = new_tenant("parent", "child", "user")
    parent = t["clients"][0]
    parent_id = t["users"][0]["user_id"]
    r = parent.post(f"/v1/users/{parent_id}/forget")
    assert r.status_code == 409 and "parent" in r.json()["error"]["message"], r.text
    assert parent_id in {m["user_id"] for m in parent.get("/v1/household/members").json()["items"]}
    # once someone else is a parent, it may go
    assert parent.patch(f"/v1/household/members/{t['users'][2]['user_id']}", json={"role": "parent"}).status_code == 200
    r = parent.post(f"/v1/users/{parent_id}/forget")
    assert r.status_code == 200 and r.json()["verified"], r.text


def test_a_parent_forgets_its_children_and_users_but_not_a_co_parent(new_tenant):
    t = new_tenant("parent", "parent", "user", "admin")
    parent, _, _, admin = t["clients"]
    other, user = t["users"][1]["user_id"], t["users"][2]["user_id"]
    r = parent.post(f"/v1/users/{other}/forget")
    assert r.status_code == 403 and "token" in r.json()["error"]["message"], r.text
    assert other in {m["user_id"] for m in parent.get("/v1/household/members").json()["items"]}
    assert parent.post(f"/v1/users/{user}/forget").status_code == 200
    assert admin.post(f"/v1/users/{other}/forget").status_code == 200


async def _round(api_url: str, kind: int, household: dict) -> list[int]:
    (a, b, _child) = household["users"]
    ha, hb = ({"Authorization": f"Bearer {u['token']}"} for u in (a, b))
    demote = lambda who, h: ("PATCH", f"/v1/household/members/{who['user_id']}", h, {"role": "user"})  # noqa: E731
    forget = lambda who, h: ("POST", f"/v1/users/{who['user_id']}/forget", h, None)  # noqa: E731
    pair = [(demote(b, ha), demote(a, hb)),  # two parents demote each other
            (demote(a, ha), demote(b, hb)),  # each demotes itself
            (demote(a, ha), demote(b, ha)),  # one demotes itself and the other
            (forget(a, ha), demote(b, hb)),  # one forgets itself while the other steps down
            (forget(a, ha), forget(b, hb))][kind % 5]  # both forget themselves
    async with httpx.AsyncClient(base_url=api_url, timeout=60) as c:
        answers = await asyncio.gather(*(c.request(m, p, headers=h, json=j) for m, p, h, j in pair))
    return [r.status_code for r in answers]


def test_racing_demotions_and_forgets_never_leave_a_household_without_a_parent(api_url, new_tenant, owner_db):
    households = [new_tenant("parent", "parent", "child") for _ in range(ROUNDS)]

    async def race() -> list[list[int]]:
        gate = asyncio.Semaphore(AT_ONCE)

        async def one(i: int):
            async with gate:
                return await _round(api_url, i, households[i])
        return await asyncio.gather(*(one(i) for i in range(ROUNDS)))

    codes = asyncio.run(race())
    # refused: 409 (the household's last parent), or 403 once the caller itself is no longer a parent
    assert all(set(c) <= {200, 403, 409} for c in codes), [(i, c) for i, c in enumerate(codes) if set(c) - {200, 403, 409}]
    orphaned = owner_db.execute(
        """SELECT count(*) FROM tenants t WHERE t.tenant_id = ANY(%s::uuid[])
             AND NOT EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = t.tenant_id AND u.role = 'parent')""",
        ([h["tenant_id"] for h in households],)).fetchone()[0]
    assert orphaned == 0, f"{orphaned} of {ROUNDS} households were left without a parent"
    assert all(c.count(200) <= 1 for c in codes), "in every round one of the two must be refused"
