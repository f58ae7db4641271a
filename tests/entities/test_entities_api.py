"""Entities API: search, detail, rename/aliases, merge, split, resolve, relations, isolation."""
import uuid

import pytest

TEACH = [
    "We are Northwind Traders, also known as NWT. We sell garden furniture. Lena is one of our designers.",
    "Omar works with Lena on the catalogue.",
    "Ana is Lena's manager.",
    "Lena drew 12 chair sketches Tuesday for NWT.",
    "NWT shipped the spring catalogue.",
]


@pytest.fixture(scope="module")
def org(new_tenant):
    tenant = new_tenant("user", "child")
    client = tenant["clients"][0]
    for i, text in enumerate(TEACH):
        r = client.post("/v1/conversations/teach/turns",
                        json={"speaker": "user", "text": text, "at": f"2024-02-0{i + 1}T09:00:00Z"})
        assert r.status_code == 200, r.text
    return tenant


def _find(client, q, **params):
    r = client.get("/v1/entities", params={"q": q, **params})
    assert r.status_code == 200, r.text
    return r.json()["items"]


def test_alias_does_not_duplicate_and_search_finds_it(org):
    c = org["clients"][0]
    by_alias = _find(c, "NWT")
    by_name = _find(c, "Northwind")
    assert len(by_alias) == 1 and by_alias[0]["id"] == by_name[0]["id"]
    assert "NWT" in by_alias[0]["aliases"]
    detail = c.get(f"/v1/entities/{by_alias[0]['id']}").json()
    assert len(detail["memories"]) >= 2 and detail["profile"].startswith("Northwind Traders")


def test_profile_parent_and_edges(org):
    c = org["clients"][0]
    lena = _find(c, "Lena", type="person")
    assert len(lena) == 1
    d = c.get(f"/v1/entities/{lena[0]['id']}").json()
    assert d["parent_name"] == "Northwind Traders"
    assert "designer" in d["facets"]["roles"]
    preds = {(e["predicate"], e["other_name"]) for e in d["edges"]}
    assert ("reports_to", "Ana") in preds and ("works_with", "Omar") in preds
    assert "designer" in d["profile"] and d["context_tags"]


def test_pagination(org):
    c = org["clients"][0]
    seen, cursor = [], None
    while True:
        body = c.get("/v1/entities", params={"limit": 2, **({"cursor": cursor} if cursor else {})}).json()
        seen += [i["id"] for i in body["items"]]
        cursor = body["next_cursor"]
        if not cursor:
            break
    assert len(seen) == len(set(seen)) >= 4


def test_relation_query_follows_edges(org):
    c = org["clients"][0]
    body = c.post("/v1/entities/resolve", json={"text": "Who is Lena's manager?"}).json()
    assert [r["name"] for r in body["related"]] == ["Ana"]
    body = c.post("/v1/entities/resolve", json={"text": "who works with Lena"}).json()
    assert "Omar" in {r["name"] for r in body["related"]}


def test_rename_alias_merge_split(org):
    c = org["clients"][0]
    omar = _find(c, "Omar")[0]
    r = c.patch(f"/v1/entities/{omar['id']}", json={"name": "Omar Haddad", "add_aliases": ["Oz"]})
    assert r.status_code == 200, r.text
    assert r.json()["name"] == "Omar Haddad" and {"Omar", "Oz"} <= set(r.json()["aliases"])
    r = c.patch(f"/v1/entities/{omar['id']}", json={"remove_aliases": ["Oz"]})
    assert "Oz" not in r.json()["aliases"]
    assert _find(c, "Omar")[0]["id"] == omar["id"]
    ana = _find(c, "Ana", type="person")[0]
    merged = c.post("/v1/entities/merge", json={"into": omar["id"], "sources": [ana["id"]]})
    assert merged.status_code == 200, merged.text
    assert "Ana" in merged.json()["aliases"]
    assert c.get(f"/v1/entities/{ana['id']}").status_code == 404
    mem = [m["id"] for m in merged.json()["memories"] if "manager" in m["text"]]
    split = c.post(f"/v1/entities/{omar['id']}/split", json={"name": "Ana", "memory_ids": mem})
    assert split.status_code == 200, split.text
    assert split.json()["moved"] == len(mem) and split.json()["created"]["name"] == "Ana"
    bad = c.post(f"/v1/entities/{omar['id']}/split", json={"name": "X", "memory_ids": [str(uuid.uuid4())]})
    assert bad.status_code == 409 and bad.json()["error"]["code"] == "conflict"


def test_child_may_read_but_not_edit(org):
    child = org["clients"][1]
    r = child.patch(f"/v1/entities/{uuid.uuid4()}", json={"name": "x"})
    assert r.status_code == 403


def test_other_tenants_entities_are_404(org, new_tenant):
    eid = _find(org["clients"][0], "Lena")[0]["id"]
    other = new_tenant("user")["clients"][0]
    assert other.get(f"/v1/entities/{eid}").status_code == 404
    assert other.patch(f"/v1/entities/{eid}", json={"name": "x"}).status_code == 404
    assert other.post(f"/v1/entities/{eid}/split", json={"name": "x", "memory_ids": [eid]}).status_code == 404
    assert other.post("/v1/entities/merge", json={"into": eid, "sources": [str(uuid.uuid4())]}).status_code == 404
    assert other.get("/v1/entities", params={"q": "Lena"}).json()["items"] == []
    assert other.get("/v1/sessions/teach/entities").json()["entities"] == []


def test_errors_are_documented_shapes(org):
    c = org["clients"][0]
    assert c.get("/v1/entities/not-a-uuid").status_code == 422
    assert c.post("/v1/entities/resolve", json={"text": ""}).status_code == 422
    assert c.get("/v1/entities", params={"cursor": "garbage"}).status_code == 422


def test_profile_compared_one_memory_behind_is_reembedded_after_the_write(new_tenant, stack_env):
    """A write compares the statement with a profile embedding that may be one memory behind, and
    re-embeds that profile once it has committed (not inline, not never)."""
    import time

    import psycopg

    tenant = new_tenant("user")
    c = tenant["clients"][0]

    def turn(i, text):
        r = c.post("/v1/conversations/edit/turns", json={"speaker": "user", "text": text,
                                                         "at": f"2024-03-0{i}T09:00:00Z"})
        assert r.status_code == 200, r.text

    def priya(conn):
        return conn.execute("SELECT count(*), bool_and(NOT profile_stale), bool_and(profile_embedding IS NOT NULL) "
                            "FROM entities WHERE tenant_id = %s AND canonical_name = 'Priya'",
                            (tenant["tenant_id"],)).fetchone()

    with psycopg.connect(stack_env["MEMORY_SUPERUSER_DATABASE_URL"], autocommit=True) as conn:
        # The first turn's record names Priya; the fact it teaches ("Priya is a editor") compares with her
        # profile (embedded then, inline: it had none) and moves it on: one memory behind, not re-embedded.
        turn(1, "Priya is one of our editors.")
        assert priya(conn) == (1, False, True)
        # The next turn compares with that outdated embedding and re-embeds the profile after it committed.
        turn(2, "Priya is one of our editors and reviews every SEO article.")
        deadline = time.monotonic() + 10
        while (row := priya(conn))[1] is False and time.monotonic() < deadline:
            time.sleep(0.1)
    assert row == (1, True, True), row
