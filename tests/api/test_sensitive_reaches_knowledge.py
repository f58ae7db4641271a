"""`sensitive` feedback and the two layers (issue 35, docs/knowledge.md): a turn said to be sensitive
hides every fact drawn from it (the fact repeats what the turn said, whichever other turn also said
it), and a fact said to be sensitive hides the turn it was drawn from (whose verbatim words hold it);
its sibling facts stay. A parent's rejection of a child's sensitive feedback shows again exactly
what that feedback hid."""
import pytest


@pytest.fixture
def home(new_tenant):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    kid = next(u["user_id"] for u in t["users"] if u["role"] == "child")
    assert parent.put(f"/v1/users/{kid}/policy", json={"age_band": "8_12"}).status_code == 200
    return {"parent": parent, "child": child, "kid": kid}


def _turn(client, session, text):
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "Mia", "text": text})
    assert r.status_code == 200, r.text
    stored = [i["memory"] for i in r.json()["items"] if i.get("memory")]
    [record] = [m for m in stored if m["layer"] == "record"]
    facts = {f["value"]: f for f in stored if f["layer"] == "knowledge"}
    assert len(facts) >= 2, stored
    return record, facts


def _feedback(client, memory_id, kind="sensitive"):
    r = client.post("/v1/memory/feedback", json={"memory_id": memory_id, "kind": kind})
    assert r.status_code == 201, r.text
    return r.json()


def _visible(client, memory):
    return client.get(f"/v1/memory/{memory['id']}").status_code == 200


def test_a_sensitive_turn_hides_the_facts_drawn_from_it(home):
    parent, child = home["parent"], home["child"]
    record, facts = _turn(child, "sens-1", "I love drawing unicorns. I am scared of thunder.")
    again, _ = _turn(child, "sens-2", "I love drawing unicorns. My best friend is Zoe.")
    unicorns = facts["drawing unicorns"]
    assert parent.get(f"/v1/memory/{unicorns['id']}").json()["source_turns"] == [record["id"], again["id"]]
    assert _feedback(parent, record["id"])["effect"] == "restricted"
    assert not _visible(child, record)
    for fact in facts.values():  # also the one another turn taught: its words are the sensitive turn's too
        assert not _visible(child, fact), fact["text"]
        assert "restricted" in parent.get(f"/v1/memory/{fact['id']}").json()["safety_flags"], fact["text"]
    assert _visible(child, again)  # the other turn was not said to be sensitive


def test_a_sensitive_fact_hides_its_turn_and_spares_its_siblings(home):
    parent, child = home["parent"], home["child"]
    record, facts = _turn(child, "sens-3", "I am scared of the dark. I love playing football.")
    fear = next(f for v, f in facts.items() if "dark" in v)
    sibling = next(f for f in facts.values() if f is not fear)
    assert _feedback(parent, fear["id"])["effect"] == "restricted"
    assert not _visible(child, fear)
    assert not _visible(child, record)  # the verbatim turn says the same
    assert _visible(child, sibling)


def test_a_rejection_shows_again_what_the_childs_sensitive_feedback_hid(home):
    parent, child = home["parent"], home["child"]
    record, facts = _turn(child, "sens-4", "I love baking cookies. I am scared of spiders.")
    spiders = next(f for v, f in facts.items() if "spiders" in v)
    cookies = next(f for f in facts.values() if f is not spiders)
    fb = _feedback(child, record["id"])
    assert (fb["status"], fb["effect"]) == ("pending", "restricted")
    assert not any(_visible(child, m) for m in (record, cookies, spiders))  # at once, until a parent decides
    assert _feedback(parent, spiders["id"])["status"] == "applied"  # the parent's own: the fact stays hidden
    assert parent.post(f"/v1/review/{fb['review_id']}/reject").status_code == 200
    assert _visible(child, cookies)  # what only the child's feedback hid is shown again
    assert not _visible(child, spiders) and not _visible(child, record)  # the fact and its turn, by the parent's
