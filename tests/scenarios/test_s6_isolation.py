"""S6: two households on one deployment never see, change or learn of each other's memories."""
import asyncio
import uuid

import pytest

from memcore.adapters.postgres import Database


@pytest.fixture(scope="module")
def two_households(new_tenant):
    a, b = new_tenant("parent", "child"), new_tenant("parent", "child")
    for t, secret in ((a, "Our safe code is under the Lego box."), (b, "Grandpa's spare key hides in the red boot.")):
        r = t["clients"][0].post("/v1/memory/candidates", json={"owner_id": t["users"][1]["user_id"],
                                                                 "items": [{"text": secret, "type": "semantic"}]})
        assert r.status_code == 200, r.text
        t["memory"] = r.json()["items"][0]["memory"]
    return a, b


def test_every_endpoint_refuses_the_other_household(two_households):
    a, b = two_households
    parent_a = a["clients"][0]
    foreign = b["memory"]
    foreign_child = b["users"][1]["user_id"]
    assert parent_a.get(f"/v1/memory/{foreign['id']}").status_code == 404
    assert parent_a.patch(f"/v1/memory/{foreign['id']}", json={"text": "changed"}).status_code == 404
    assert parent_a.delete(f"/v1/memory/{foreign['id']}").status_code == 404
    for method, path, body in [("GET", "/v1/memory/list", None),
                               ("POST", "/v1/memory/retrieve", {"query": "spare key red boot"}),
                               ("POST", "/v1/memory/contextify", {"query": "where is the spare key?"}),
                               ("POST", "/v1/memory/candidates", {"items": [{"text": "planted"}]})]:
        params = {"owner_id": foreign_child} if method == "GET" else None
        json = {**body, "owner_id": foreign_child} if body else None
        r = parent_a.request(method, path, params=params, json=json)
        assert r.status_code == 404, (path, r.status_code, r.text)
        # positive control: the same request by the other household's own parent is answered
        own = b["clients"][0].request(method, path, params=params, json=json)
        assert own.status_code == 200, (path, own.status_code, own.text)
    assert parent_a.post(f"/v1/users/{foreign_child}/export").status_code == 404
    assert b["clients"][0].post(f"/v1/users/{foreign_child}/export").status_code == 200
    assert b["clients"][0].get(f"/v1/memory/{foreign['id']}").status_code == 200
    # searching one's own memory never surfaces the other's
    hits = parent_a.post("/v1/memory/retrieve", json={"query": "spare key red boot grandpa",
                                                      "owner_id": a["users"][1]["user_id"]}).json()["items"]
    assert all("boot" not in h["memory"]["text"] for h in hits)
    # and nothing of B changed
    b_parent = b["clients"][0]
    assert b_parent.get(f"/v1/memory/{foreign['id']}").json()["text"] == foreign["text"]


def test_the_database_enforces_it_even_without_an_owner_filter(two_households, stack_env):
    """A query that forgot its owner/tenant filter (an application bug) still sees one tenant only."""
    a, b = two_households

    async def run():
        db = await Database(stack_env["MEMORY_APP_DATABASE_URL"], 1, 2).connect()
        try:
            async with db.as_system(a["tenant_id"]) as conn:
                texts = [r["text"] for r in await conn.fetch("SELECT text FROM memory_items")]
                forged = await conn.execute("UPDATE memory_items SET text = 'x' WHERE memory_id = $1",
                                            uuid.UUID(b["memory"]["id"]))
            return texts, forged
        finally:
            await db.close()

    texts, forged = asyncio.run(run())
    assert b["memory"]["text"] not in texts
    assert a["memory"]["text"] in texts  # positive control: the query does read its own tenant's rows
    assert forged == "UPDATE 0"
