"""Feedback on memories (issue 13, seed 001's POST /v1/memory/feedback): wrong stops a memory from
ranking (it stays listed as disputed), outdated supersedes it with its history kept, sensitive hides
it from the child's context; a child's feedback waits in the parent's review queue, where approving
applies it (an approved forget_request deletes the memory) and rejecting keeps the memory; a child
never demotes a parent's safety rule; retries are idempotent; bad input is a 4xx; another household
gets 404."""
import uuid

import pytest


@pytest.fixture
def home(new_tenant):
    """A household: parent, child (8-12), adult user, orchestrator; the child has memories the parent
    and the child wrote, and a parent's safety rule."""
    t = new_tenant("parent", "child", "user", "orchestrator")
    parent, child, user, orch = t["clients"]
    ids = {u["role"]: u["user_id"] for u in t["users"]}
    assert parent.put(f"/v1/users/{ids['child']}/policy", json={"age_band": "8_12"}).status_code == 200
    mem = {}
    for name, client, owner, text, type_ in (
            ("dino", parent, ids["child"], "Mia's favourite dinosaur is the stegosaurus.", "preference"),
            ("pool", parent, ids["child"], "Mia has swimming lessons at the Lakeside pool on Saturdays.", "episodic"),
            ("kite", child, ids["child"], "I flew a red kite with grandpa at the beach.", "episodic"),
            ("secret", child, ids["child"], "My best friend Zoe has a secret treehouse club.", "episodic"),
            ("rule", parent, ids["child"], "No scary stories before bedtime.", "safety"),
            ("job", user, ids["user"], "I work as a nurse at the Riverside hospital.", "semantic"),
            ("tea", user, ids["user"], "I drink rooibos tea every evening.", "preference")):
        r = client.post("/v1/memory/candidates", json={"owner_id": owner, "items": [{"text": text, "type": type_}]})
        assert r.status_code == 200 and r.json()["items"][0]["status"] == "created", r.text
        mem[name] = r.json()["items"][0]["memory"]["id"]
    return {"t": t, "parent": parent, "child": child, "user": user, "orch": orch, "ids": ids, "mem": mem}


def feedback(client, memory_id, kind, **headers):
    return client.post("/v1/memory/feedback", json={"memory_id": memory_id, "kind": kind}, headers=headers)


def context(client, query, owner_id=None):
    r = client.post("/v1/memory/contextify", json={"query": query, "owner_id": owner_id, "token_budget": 800})
    assert r.status_code == 200, r.text
    return r.json()["context"]


def retrieved(client, query, owner_id=None, **filters):
    r = client.post("/v1/memory/retrieve", json={"query": query, "owner_id": owner_id, "k": 50, "filters": filters})
    assert r.status_code == 200, r.text
    return {i["memory"]["id"] for i in r.json()["items"]}


def test_wrong_stops_ranking_and_stays_listed_as_disputed(home):
    parent, child, orch, mem, kid = home["parent"], home["child"], home["orch"], home["mem"], home["ids"]["child"]
    assert "stegosaurus" in context(child, "What is my favourite dinosaur?")
    assert mem["dino"] in retrieved(parent, "favourite dinosaur stegosaurus", kid)
    r = feedback(parent, mem["dino"], "wrong")
    assert r.status_code == 201, r.text
    assert r.json()["status"] == "applied" and r.json()["effect"] == "disputed" and r.json()["kind"] == "wrong"
    assert "stegosaurus" not in context(child, "What is my favourite dinosaur?")
    assert "stegosaurus" not in context(orch, "What is Mia's favourite dinosaur?", kid)
    assert mem["dino"] not in retrieved(parent, "favourite dinosaur stegosaurus", kid)
    assert mem["dino"] not in retrieved(parent, "favourite dinosaur stegosaurus", kid, include_hypotheses=True)
    listed = {m["id"]: m for m in parent.get("/v1/memory/list", params={"owner_id": kid}).json()["items"]}
    assert listed[mem["dino"]]["tier"] == "disputed" and listed[mem["dino"]]["version"] == 2
    assert "swimming" in context(child, "When are my swimming lessons?")  # the others still rank


def test_outdated_supersedes_and_keeps_the_history(home):
    user, mem = home["user"], home["mem"]
    assert mem["job"] in retrieved(user, "Where do I work as a nurse?")
    r = feedback(user, mem["job"], "outdated")
    assert r.status_code == 201 and r.json()["effect"] == "superseded", r.text
    assert mem["job"] not in retrieved(user, "Where do I work as a nurse?")
    assert "Riverside" not in context(user, "Where do I work?")
    assert mem["job"] not in {m["id"] for m in user.get("/v1/memory/list").json()["items"]}
    history = {m["id"]: m for m in user.get("/v1/memory/list", params={"include_history": "true"}).json()["items"]}
    assert history[mem["job"]]["valid_to"] is not None and "Riverside" in history[mem["job"]]["text"]
    assert user.get(f"/v1/memory/{mem['job']}").status_code == 200  # superseded, never deleted


def test_sensitive_hides_it_from_the_childs_context_not_from_the_parent(home):
    parent, child, orch, mem, kid = home["parent"], home["child"], home["orch"], home["mem"], home["ids"]["child"]
    assert "Lakeside" in context(orch, "When does Mia go swimming?", kid)
    r = feedback(parent, mem["pool"], "sensitive")
    assert r.status_code == 201 and r.json()["effect"] == "restricted", r.text
    assert "Lakeside" not in context(orch, "When does Mia go swimming?", kid)
    assert "Lakeside" not in context(child, "When do I go swimming?")
    assert child.get(f"/v1/memory/{mem['pool']}").status_code == 404
    seen = parent.get(f"/v1/memory/{mem['pool']}").json()
    assert "restricted" in seen["safety_flags"] and "restricted" in seen["tags"]
    # the child's feedback list never names a memory hidden from it; the parent's does
    assert mem["pool"] not in child.get("/v1/memory/feedback").text
    assert mem["pool"] in parent.get("/v1/memory/feedback", params={"owner_id": kid}).text


def test_a_childs_feedback_waits_for_the_parent_and_approval_applies_it(home):
    parent, child, mem, kid = home["parent"], home["child"], home["mem"], home["ids"]["child"]
    r = feedback(child, mem["kite"], "wrong")
    assert r.status_code == 201, r.text
    fb = r.json()
    assert fb["status"] == "pending" and fb["effect"] == "none" and fb["review_id"] and fb["given_role"] == "child"
    assert "red kite" in context(child, "What did I fly at the beach?")  # nothing happens before the parent
    again = feedback(child, mem["kite"], "wrong")
    assert again.status_code == 200 and again.json()["id"] == fb["id"]  # the same pending feedback, once
    queue = parent.get("/v1/review", params={"owner_id": kid}).json()["items"]
    item = next(i for i in queue if i["id"] == fb["review_id"])
    assert item["kind"] == "feedback" and item["text"] is None and item["reasons"] == ["feedback:wrong"]
    assert item["feedback"]["memory_id"] == mem["kite"] and "red kite" in item["feedback"]["memory_text"]
    assert parent.post(f"/v1/review/{item['id']}/approve", json={"text": "edited"}).status_code == 422
    r = parent.post(f"/v1/review/{item['id']}/approve")
    assert r.status_code == 200 and r.json()["status"] == "approved", r.text
    assert r.json()["feedback"]["effect"] == "disputed"
    assert parent.post(f"/v1/review/{item['id']}/approve").status_code == 200  # a retry answers the same
    assert parent.post(f"/v1/review/{item['id']}/reject").status_code == 409
    assert "red kite" not in context(child, "What did I fly at the beach?")
    mine = child.get("/v1/memory/feedback").json()["items"]
    assert next(f for f in mine if f["id"] == fb["id"])["status"] == "approved"


def test_a_childs_forget_request_is_deleted_on_approval_and_kept_on_rejection(home):
    parent, child, mem = home["parent"], home["child"], home["mem"]
    asks = {name: feedback(child, mem[name], "forget_request").json() for name in ("kite", "secret")}
    assert all(a["status"] == "pending" for a in asks.values())
    assert child.get(f"/v1/memory/{mem['secret']}").status_code == 200
    r = parent.post(f"/v1/review/{asks['secret']['review_id']}/approve")
    assert r.status_code == 200 and r.json()["feedback"]["effect"] == "deleted", r.text
    assert parent.get(f"/v1/memory/{mem['secret']}").status_code == 404  # deleted, as DELETE /v1/memory/{id}
    assert "treehouse" not in context(child, "Who has a treehouse club?")
    r = parent.post(f"/v1/review/{asks['kite']['review_id']}/reject")
    assert r.status_code == 200 and r.json()["status"] == "rejected", r.text
    assert child.get(f"/v1/memory/{mem['kite']}").status_code == 200
    assert "red kite" in context(child, "What did I fly at the beach?")
    statuses = {f["memory_id"]: (f["status"], f["effect"]) for f in child.get("/v1/memory/feedback").json()["items"]}
    assert statuses[mem["kite"]] == ("rejected", "none")


def test_a_childs_sensitive_hides_at_once_and_a_rejection_shows_it_again(home):
    parent, child, mem = home["parent"], home["child"], home["mem"]
    r = feedback(child, mem["secret"], "sensitive")
    assert r.status_code == 201 and (r.json()["status"], r.json()["effect"]) == ("pending", "restricted"), r.text
    assert child.get(f"/v1/memory/{mem['secret']}").status_code == 404
    assert "treehouse" not in context(child, "Who has a treehouse club?")
    assert parent.post(f"/v1/review/{r.json()['review_id']}/reject").status_code == 200
    back = child.get(f"/v1/memory/{mem['secret']}")
    assert back.status_code == 200 and "restricted" not in back.json()["safety_flags"]
    assert "treehouse" in context(child, "Who has a treehouse club?")


def test_nobody_but_a_parent_demotes_a_safety_rule(home, new_tenant):
    parent, child, user, orch, mem = home["parent"], home["child"], home["user"], home["orch"], home["mem"]
    for kind in ("wrong", "outdated", "sensitive", "forget_request"):
        r = feedback(child, mem["rule"], kind)
        assert r.status_code == 201 and r.json()["status"] == "pending" and r.json()["effect"] == "none", r.text
    assert "scary stories" in context(child, "Tell me a story")
    assert child.get(f"/v1/memory/{mem['rule']}").json()["tier"] == "solid"
    # an adult's own safety rule (a parent set it) and an orchestrator for the adult: refused
    r = parent.post("/v1/memory/candidates", json={"owner_id": home["ids"]["user"], "items": [
        {"text": "Never book flights without asking first.", "type": "safety"}]})
    rule = r.json()["items"][0]["memory"]["id"]
    assert feedback(user, rule, "wrong").status_code == 403
    assert feedback(orch, rule, "outdated").status_code == 403
    assert feedback(parent, rule, "wrong").json()["effect"] == "disputed"  # the parent may
    # an orchestrator's feedback about an adult's memory acts at once; about a child's it waits
    assert feedback(orch, mem["tea"], "wrong").json()["status"] == "applied"
    assert feedback(orch, mem["kite"], "outdated").json()["status"] == "pending"


def test_idempotent_retries_and_conflicting_keys(home):
    user, mem = home["user"], home["mem"]
    key = f"fb-{uuid.uuid4()}"
    first = feedback(user, mem["tea"], "wrong", **{"Idempotency-Key": key})
    again = feedback(user, mem["tea"], "wrong", **{"Idempotency-Key": key})
    assert first.status_code == again.status_code == 201 and first.json() == again.json()
    assert feedback(user, mem["tea"], "outdated", **{"Idempotency-Key": key}).status_code == 409
    mine = [f for f in user.get("/v1/memory/feedback").json()["items"] if f["memory_id"] == mem["tea"]]
    assert [f["id"] for f in mine] == [first.json()["id"]]
    # a forget_request retried after it deleted the memory answers as the first time
    key = f"fb-{uuid.uuid4()}"
    gone = feedback(user, mem["job"], "forget_request", **{"Idempotency-Key": key})
    assert gone.status_code == 201 and gone.json()["effect"] == "deleted", gone.text
    assert user.get(f"/v1/memory/{mem['job']}").status_code == 404
    assert feedback(user, mem["job"], "forget_request", **{"Idempotency-Key": key}).json() == gone.json()
    assert feedback(user, mem["job"], "forget_request").status_code == 404  # without the key: it is gone


def test_bad_input_other_households_and_who_lists_what(home, new_tenant):
    parent, child, user, mem, ids = home["parent"], home["child"], home["user"], home["mem"], home["ids"]
    for body in ({"memory_id": mem["tea"], "kind": "bogus"}, {"memory_id": "not-a-uuid", "kind": "wrong"},
                 {"kind": "wrong"}, {"memory_id": mem["tea"]},
                 {"memory_id": mem["tea"], "kind": "wrong", "note": "free text is not stored"}):
        r = user.post("/v1/memory/feedback", json=body)
        assert r.status_code == 422, (body, r.text)
    assert feedback(user, str(uuid.uuid4()), "wrong").status_code == 404
    assert feedback(child, mem["tea"], "wrong").status_code == 404  # another member's memory
    assert feedback(user, mem["kite"], "wrong").status_code == 404
    stranger = new_tenant("parent", "orchestrator")
    for client in stranger["clients"]:
        assert feedback(client, mem["dino"], "wrong").status_code == 404
    assert home["parent"].get(f"/v1/memory/{mem['dino']}").json()["tier"] == "solid"
    feedback(child, mem["kite"], "wrong")
    feedback(parent, mem["tea"], "sensitive")
    assert stranger["clients"][0].get("/v1/memory/feedback").json()["items"] == []
    assert stranger["clients"][0].get("/v1/memory/feedback", params={"owner_id": ids["child"]}).status_code == 404
    assert child.get("/v1/memory/feedback", params={"owner_id": ids["user"]}).status_code == 403
    assert {f["owner_id"] for f in child.get("/v1/memory/feedback").json()["items"]} == {ids["child"]}
    everyone = parent.get("/v1/memory/feedback").json()["items"]
    assert {f["owner_id"] for f in everyone} == {ids["child"], ids["user"]}
    first = parent.get("/v1/memory/feedback", params={"limit": 1}).json()
    rest = parent.get("/v1/memory/feedback", params={"limit": 1, "cursor": first["next_cursor"]}).json()
    assert [f["id"] for f in first["items"] + rest["items"]] == [f["id"] for f in everyone[:2]]
    assert parent.get("/v1/memory/feedback", params={"status": "pending"}).json()["items"][0]["kind"] == "wrong"
    assert parent.get("/v1/memory/feedback", params={"cursor": "nope"}).status_code == 422
    pending = next(f for f in everyone if f["review_id"])
    assert child.post(f"/v1/review/{pending['review_id']}/approve").status_code == 403


def test_feedback_and_decisions_are_audited_with_ids_and_codes_only(home, owner_db):
    parent, child, mem = home["parent"], home["child"], home["mem"]
    fb = feedback(child, mem["pool"], "outdated").json()
    assert parent.post(f"/v1/review/{fb['review_id']}/approve").json()["feedback"]["effect"] == "superseded"
    history = parent.get("/v1/memory/list", params={"owner_id": home["ids"]["child"], "include_history": "true"})
    assert next(m for m in history.json()["items"] if m["id"] == mem["pool"])["valid_to"] is not None
    rows = owner_db.execute("SELECT action, actor_role, target_id, details::text FROM audit_log WHERE tenant_id = %s "
                            "AND action IN ('memory.feedback', 'review.approve', 'memory.update') ORDER BY at",
                            (home["t"]["tenant_id"],)).fetchall()
    actions = [(a, role) for a, role, *_ in rows]
    assert ("memory.feedback", "child") in actions and ("review.approve", "parent") in actions
    assert ("memory.update", "parent") in actions  # the superseding, as the parent who approved it
    assert all("Lakeside" not in details and "swimming" not in details for *_, details in rows)
    stored = owner_db.execute("SELECT to_jsonb(f)::text FROM memory_feedback f WHERE feedback_id = %s",
                              (fb["id"],)).fetchone()[0]
    assert "Lakeside" not in stored and '"status": "approved"' in stored


def _turn_layers(client, session, text):
    """A turn's record and the knowledge drawn from it (docs/knowledge.md)."""
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "user", "text": text})
    assert r.status_code == 200, r.text
    stored = [i["memory"] for i in r.json()["items"] if i.get("memory")]
    [record] = [m for m in stored if m["layer"] == "record"]
    facts = [m for m in stored if m["layer"] == "knowledge"]
    assert facts and all(f["source_turns"] == [record["id"]] for f in facts), stored
    return record, facts


def test_a_wrong_turn_takes_its_facts_and_an_outdated_fact_leaves_the_persons_profile(home):
    """Feedback on a turn's record reaches the knowledge drawn only from it (a turn marked wrong no
    longer teaches what it taught); on a fact it acts on that fact alone, as before."""
    user = home["user"]
    dentist, taught = _turn_layers(user, "fb-people", "Peter Alvarez is a dentist in Leeds.")
    cello_turn, [cello] = _turn_layers(user, "fb-people", "Peter Alvarez plays the cello in an orchestra.")
    peter = next(e for e in user.get("/v1/entities", params={"q": "Peter"}).json()["items"]
                 if e["name"] == "Peter Alvarez")
    assert "Leeds" in user.get(f"/v1/entities/{peter['id']}").json()["profile"]

    r = feedback(user, dentist["id"], "wrong")
    assert r.status_code == 201 and r.json()["effect"] == "disputed", r.text
    for m in (dentist, *taught):
        assert user.get(f"/v1/memory/{m['id']}").json()["tier"] == "disputed", m["text"]
    assert feedback(user, cello["id"], "outdated").json()["effect"] == "superseded"
    assert user.get(f"/v1/memory/{cello['id']}").json()["valid_to"] is not None
    kept = user.get(f"/v1/memory/{cello_turn['id']}").json()  # the turn itself was not said to be outdated
    assert kept["valid_to"] is None and kept["tier"] != "disputed"
    profile = user.get(f"/v1/entities/{peter['id']}").json()["profile"] or ""
    assert "Leeds" not in profile and "cello" not in profile, profile  # a role facet stays: security.md, known limits


def test_feedback_on_a_turn_spares_a_fact_another_turn_also_taught(home):
    user = home["user"]
    first, facts = _turn_layers(user, "fb-twice", "I really enjoy sailing. I am scared of sharks though.")
    sailing = next(f for f in facts if f["value"] == "sailing")
    fear = next(f for f in facts if f is not sailing)
    r = user.post("/v1/conversations/fb-twice/turns", json={"speaker": "user", "text": "I really enjoy sailing."})
    [again] = [i["memory"] for i in r.json()["items"] if i.get("memory") and i["memory"]["layer"] == "record"]
    assert user.get(f"/v1/memory/{sailing['id']}").json()["source_turns"] == [first["id"], again["id"]]
    assert feedback(user, first["id"], "outdated").status_code == 201
    assert user.get(f"/v1/memory/{first['id']}").json()["valid_to"] is not None
    assert user.get(f"/v1/memory/{fear['id']}").json()["valid_to"] is not None  # drawn only from the first turn
    assert user.get(f"/v1/memory/{sailing['id']}").json()["valid_to"] is None  # the second turn still teaches it


def test_a_parent_approving_a_childs_outdated_turn_supersedes_what_it_taught(home):
    parent, child = home["parent"], home["child"]
    r = child.post("/v1/conversations/fb-kid/turns", json={"speaker": "Mia", "text": "I love drawing unicorns."})
    stored = [i["memory"] for i in r.json()["items"] if i.get("memory")]
    [record] = [m for m in stored if m["layer"] == "record"]
    facts = [m for m in stored if m["layer"] == "knowledge"]
    assert facts, stored
    fb = feedback(child, record["id"], "outdated").json()
    assert fb["status"] == "pending" and fb["effect"] == "none"
    assert all(parent.get(f"/v1/memory/{f['id']}").json()["valid_to"] is None for f in facts)  # not before a parent
    assert parent.post(f"/v1/review/{fb['review_id']}/approve").json()["feedback"]["effect"] == "superseded"
    for m in (record, *facts):
        assert parent.get(f"/v1/memory/{m['id']}").json()["valid_to"] is not None, m["text"]
