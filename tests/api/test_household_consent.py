"""A household opts in before anything is learned (issue 16, seed 001). Until an adult opts in, a
turn stores nothing and says why, a created memory is dropped with the reason, and the database
refuses a memory written past the gate; a parent's safety rule is a guardrail and is kept.
Organisations are not asked."""
import asyncpg
import pytest

from memcore.adapters.postgres import Database
from memory_api.write_gate import NOT_OPTED_IN

TURN = {"speaker": "Mia", "text": "I love drawing horses with my purple pencils."}


def _turn(client, session="s1"):
    r = client.post(f"/v1/conversations/{session}/turns", json=TURN)
    assert r.status_code == 200, r.text
    return r.json()


def test_nothing_is_learned_before_the_household_opts_in(new_tenant):
    t = new_tenant("parent", "child", "parent", opted_in=False)  # a second parent: the first forgets itself below
    parent, child, _ = t["clients"]
    child_id = t["users"][1]["user_id"]
    assert child.get("/v1/household/consent").json()["opted_in"] is False

    body = _turn(child)
    assert body["stored"] is False and body["reason"] == NOT_OPTED_IN and body["items"] == []
    r = parent.post("/v1/memory/candidates", json={"owner_id": child_id, "items": [
        {"text": "Mia likes horses.", "type": "preference"}]})
    assert r.status_code == 200, r.text
    [item] = r.json()["items"]
    assert item["status"] == "dropped" and NOT_OPTED_IN in item["reasons"]
    # a parent's safety rule is kept: a guardrail, not learning about the child
    r = parent.post("/v1/memory/candidates", json={"owner_id": child_id, "items": [
        {"text": "No scary stories.", "type": "safety"}]})
    assert r.json()["items"][0]["status"] == "created", r.text
    listed = parent.get("/v1/memory/list", params={"owner_id": child_id}).json()["items"]
    assert [m["type"] for m in listed] == ["safety"]

    # a child cannot opt the household in; a parent can, and it is recorded and audited
    assert child.put("/v1/household/consent", json={"opted_in": True}).status_code == 403
    r = parent.put("/v1/household/consent", json={"opted_in": True})
    assert r.status_code == 200 and r.json()["opted_in"] is True
    assert r.json()["opted_in_by"] == t["users"][0]["user_id"] and r.json()["opted_in_at"]
    body = _turn(child)
    assert body["stored"] is True
    stored = [i["memory"] for i in body["items"] if i.get("memory")]
    [record] = [m for m in stored if m["layer"] == "record"]
    facts = [m for m in stored if m["layer"] == "knowledge"]
    assert facts and all(f["source_turns"] == [record["id"]] for f in facts), stored  # the turn teaches now
    learned = {m["id"] for m in listed} | {m["id"] for m in stored}

    # opting out stops new learning (neither a record nor a fact); what was stored stays until it is forgotten
    assert parent.put("/v1/household/consent", json={"opted_in": False}).json()["opted_in"] is False
    assert _turn(child, "s2")["stored"] is False
    after = parent.get("/v1/memory/list", params={"owner_id": child_id}).json()["items"]
    assert {m["id"] for m in after} == learned
    assert parent.put("/v1/household/consent", json={"opted_in": "yes please"}).status_code == 422
    # forgetting the adult who opted in (not the last parent) leaves the choice standing and no trace of who made it
    assert parent.put("/v1/household/consent", json={"opted_in": True}).status_code == 200
    parent_id = t["users"][0]["user_id"]
    r = parent.post(f"/v1/users/{parent_id}/forget")
    assert r.status_code in (200, 202), r.text
    state = child.get("/v1/household/consent").json()
    assert state["opted_in"] is True and state["opted_in_by"] is None


def test_an_adult_user_can_opt_in_and_organisations_are_not_asked(new_tenant):
    adults = new_tenant("user", "user", opted_in=False)
    a = adults["clients"][0]
    assert _turn(a)["stored"] is False
    assert a.put("/v1/household/consent", json={"opted_in": True}).status_code == 200
    assert _turn(adults["clients"][1])["stored"] is True

    org = new_tenant("user", kind="organisation", opted_in=False)
    assert org["clients"][0].get("/v1/household/consent").json() == {
        "kind": "organisation", "opted_in": True, "opted_in_at": None, "opted_in_by": None}
    assert _turn(org["clients"][0])["stored"] is True


async def test_the_database_refuses_a_memory_written_past_the_gate(new_tenant, stack_env):
    """The floor under the gate: a caller's insert for a household that has not opted in fails with
    SQLSTATE MOPT1 (migration 0020), whatever route it came from; the service's own role and safety
    rules pass."""
    t = new_tenant("parent", "child", opted_in=False)
    db = await Database(stack_env["MEMORY_APP_DATABASE_URL"], 1, 2).connect()
    insert = ("INSERT INTO memory_items (tenant_id, memory_id, owner_id, type, text, search_text, tsv, text_hash) "
              "VALUES ($1, gen_random_uuid(), $2, $3, 'Mia likes horses', 'Mia likes horses', "
              "to_tsvector('simple', 'Mia likes horses'), 'h')")
    child = t["users"][1]["user_id"]
    try:
        with pytest.raises(asyncpg.PostgresError) as refused:
            async with db.tenant_tx(t["tenant_id"], role="parent", user_id=t["users"][0]["user_id"]) as conn:
                await conn.execute(insert, t["tenant_id"], child, "preference")
        assert refused.value.sqlstate == "MOPT1"
        async with db.tenant_tx(t["tenant_id"], role="parent", user_id=t["users"][0]["user_id"]) as conn:
            await conn.execute(insert, t["tenant_id"], child, "safety")
    finally:
        await db.close()


def test_a_document_is_refused_before_anything_is_stored_until_the_household_opts_in(new_tenant, owner_db):
    """Titled or not, a document of a household that has not opted in leaves no `documents` row (an
    untitled one used to keep its row, with the caller's source_uri, and no chunks)."""
    t = new_tenant("parent", "child", opted_in=False)
    parent, child = t["clients"]
    uri = "https://example.org/homework-" + t["tenant_id"]
    for client, body in ((child, {"text": "Volcanoes erupt when magma rises.", "source_uri": uri}),
                         (child, {"title": "Volcanoes", "text": "Volcanoes erupt when magma rises."}),
                         (parent, {"owner_id": t["users"][1]["user_id"], "text": "Lava is hot.", "source_uri": uri})):
        r = client.post("/v1/documents", json=body)
        assert r.status_code == 422 and r.json()["error"]["code"] == "refused_by_policy", r.text
        assert NOT_OPTED_IN in r.json()["error"]["message"]
    rows = owner_db.execute("SELECT count(*) FROM documents WHERE tenant_id = %s", (t["tenant_id"],)).fetchone()[0]
    assert rows == 0
    assert parent.put("/v1/household/consent", json={"opted_in": True}).status_code == 200
    assert child.post("/v1/documents", json={"text": "Volcanoes erupt.", "source_uri": uri}).status_code == 201


def test_an_adults_own_safety_rule_is_learning_and_waits_for_the_opt_in(new_tenant):
    """Only a parent's (or admin's) safety rule is a guardrail kept before the opt-in; an adult's own
    rule (docs/security.md, who sets a safety rule) is learning about them, dropped like the rest."""
    user = new_tenant("user", opted_in=False)["clients"][0]
    r = user.post("/v1/memory/candidates", json={"items": [{"text": "Never mention my ex.", "type": "safety"}]})
    assert r.status_code == 200, r.text
    [item] = r.json()["items"]
    assert item["status"] == "dropped" and NOT_OPTED_IN in item["reasons"], r.text
    assert user.get("/v1/memory/list").json()["items"] == []
