"""Forgetting a memory takes the people and places only it named with it (issue 33).

An entity whose last memory is deleted (and that no relation or member entity keeps) is deleted in
the same transaction, whichever path deleted the memory: its names, aliases, profile, links, edges
and merge proposals go with it, "People and things" and the export no longer show it. An entity
another memory still names stays. (Migration 0025: one deferred trigger every path passes.)
"""
from __future__ import annotations

import psycopg


def _turn(client, text: str, session: str = "s-orphans") -> str:
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "Imani", "text": text})
    assert r.status_code == 200, r.text
    return r.json()["items"][0]["memory"]["id"]


def _names(client, owner_id: str) -> set[str]:
    r = client.get("/v1/entities", params={"owner_id": owner_id, "limit": 200})
    assert r.status_code == 200, r.text
    return {e["name"] for e in r.json()["items"]}


def _entity_rows(stack_env, tenant_id: str, word: str) -> list:
    with psycopg.connect(stack_env["MEMORY_SUPERUSER_DATABASE_URL"]) as conn:
        return conn.execute(
            "SELECT entity_id, canonical_name, profile_summary FROM entities WHERE tenant_id = %s AND "
            "(canonical_name ILIKE %s OR array_to_string(aliases, ' ') ILIKE %s OR profile_summary ILIKE %s)",
            (tenant_id, f"%{word}%", f"%{word}%", f"%{word}%")).fetchall()


def test_forgetting_the_only_memory_of_a_person_forgets_the_person(new_tenant, stack_env):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    kid = t["users"][1]["user_id"]
    victim = _turn(child, "My piano teacher Mr. Okonkwo moved lessons to Thursdays.")
    _turn(child, "I planted basil on the balcony with Grandma Rosa.")
    assert any("Okonkwo" in n for n in _names(parent, kid))
    assert _entity_rows(stack_env, t["tenant_id"], "Okonkwo")
    assert parent.delete(f"/v1/memory/{victim}").status_code == 204
    names = _names(parent, kid)
    assert not any("Okonkwo" in n for n in names), names
    assert any("Rosa" in n for n in names), "an entity another memory names stays"
    export = parent.post(f"/v1/users/{kid}/export").json()
    assert "Okonkwo" not in str(export["entities"]) and "Okonkwo" not in str(export), export["entities"]
    assert _entity_rows(stack_env, t["tenant_id"], "Okonkwo") == []


def test_an_entity_another_memory_names_stays_with_its_other_memory(new_tenant, stack_env):
    t = new_tenant("user")
    c = t["clients"][0]
    first = _turn(c, "My neighbour Mrs. Abernathy grows huge pumpkins.")
    _turn(c, "Mrs. Abernathy gave us a pumpkin pie on Sunday.")
    assert c.delete(f"/v1/memory/{first}").status_code == 204
    [e] = [e for e in c.get("/v1/entities", params={"q": "Abernathy"}).json()["items"]]
    assert e["memory_count"] == 2  # the second turn's record and the card drawn from it ("Mrs Abernathy gave us ...")
    detail = c.get(f"/v1/entities/{e['id']}").json()
    assert "huge pumpkins" not in (detail["profile"] or "")


def test_a_person_and_the_organisation_only_it_named_go_together(new_tenant, stack_env):
    t = new_tenant("user")
    c = t["clients"][0]
    victim = _turn(c, "My friend Peter Alvarez works at Brightwater Labs as a chemist.")
    _turn(c, "I walked the dog by the river.")
    before = _names(c, t["users"][0]["user_id"])
    assert any("Alvarez" in n for n in before), before
    assert c.delete(f"/v1/memory/{victim}").status_code == 204
    after = _names(c, t["users"][0]["user_id"])
    assert not any("Alvarez" in n or "Brightwater" in n for n in after), after
    assert _entity_rows(stack_env, t["tenant_id"], "Brightwater") == []
    assert _entity_rows(stack_env, t["tenant_id"], "Alvarez") == []


def test_a_forget_request_the_parent_approves_leaves_no_entity_behind(new_tenant, stack_env):
    """A child's "please forget this" through feedback, approved by a parent (another delete path)."""
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    kid = t["users"][1]["user_id"]
    victim = _turn(child, "My friend Zanele Dlamini has a pet tortoise.")
    r = child.post("/v1/memory/feedback", json={"memory_id": victim, "kind": "forget_request"})
    assert r.status_code in (200, 201), r.text
    items = parent.get("/v1/review", params={"owner_id": kid, "limit": 50}).json()["items"]
    item = next(i for i in items if i["kind"] == "feedback" and i["feedback"]["memory_id"] == victim)
    assert parent.post(f"/v1/review/{item['id']}/approve").status_code == 200
    assert not any("Dlamini" in n for n in _names(parent, kid))
    assert _entity_rows(stack_env, t["tenant_id"], "Dlamini") == []
