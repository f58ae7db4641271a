"""S3: conversation tracking over one five-turn session (seed 000), after the WOBS conversation
(../shared/scenarios/wobs.jsonl, read from there) was ingested."""
import pytest

SESSION = ["Let's talk about WOBS", "How's Peter doing?", "What about his last batch?",
           "And the Anderson order?", "Is it on track?"]


@pytest.fixture(scope="module")
def session_run(new_tenant, wobs_turns):
    tenant = new_tenant("user", kind="organisation")
    client = tenant["clients"][0]
    for turn in wobs_turns:
        r = client.post(f"/v1/conversations/s-{turn['at'][:10]}/turns",
                        json={"speaker": turn["speaker"], "text": turn["text"], "at": turn["at"]})
        assert r.status_code == 200, r.text
    states, contexts = [], []
    for text in SESSION:
        r = client.post("/v1/conversations/s3/turns", json={"speaker": "user", "text": text})
        assert r.status_code == 200, r.text
        r = client.post("/v1/memory/contextify", json={"query": text, "session_id": "s3", "token_budget": 200})
        assert r.status_code == 200, r.text
        contexts.append(r.json())
        r = client.get("/v1/sessions/s3/entities")
        assert r.status_code == 200, r.text
        states.append(r.json())
    return client, states, contexts


def _by_name(state):
    return {e["name"]: e for e in state["entities"]}


def _find(state, prefix):
    return next((e for n, e in _by_name(state).items() if n.lower().startswith(prefix.lower())), None)


def test_every_turn_lists_active_entities_with_layers(session_run):
    _, states, _ = session_run
    assert [s["turn"] for s in states] == [1, 2, 3, 4, 5]  # ingest + contextify of one utterance count once
    for s in states:
        assert s["entities"]
        assert all(e["layer"] in ("scene", "topic", "mention") and 0 < e["score"] <= 1 for e in s["entities"])
        scores = [e["score"] for e in s["entities"]]
        assert scores == sorted(scores, reverse=True)


def test_wobs_stays_the_scene(session_run):
    _, states, _ = session_run
    for s in states:
        wobs = _find(s, "Wolf of Blog Street") or _find(s, "WOBS")
        assert wobs is not None and wobs["layer"] == "scene", s


def test_his_is_peter_and_it_is_the_anderson_order(session_run):
    _, states, _ = session_run
    assert [p["name"] for p in states[2]["pronouns"]] == ["Peter"]
    assert _find(states[2], "Peter")["layer"] == "topic"
    assert [p["name"] for p in states[4]["pronouns"]] == ["Anderson order"]
    assert _find(states[4], "Anderson order")["layer"] == "topic"


def test_peter_fades_once_the_topic_moves_on(session_run):
    _, states, _ = session_run
    peter = [_find(s, "Peter") for s in states[1:]]
    assert all(p is not None or i >= 3 for i, p in enumerate(peter))
    assert peter[0]["layer"] == "topic" and peter[0]["score"] > 0.9
    assert peter[2]["layer"] == "mention" and peter[2]["score"] < peter[1]["score"]
    later = peter[3]["score"] if peter[3] else 0.0
    assert later < peter[2]["score"]


def test_turn_five_context_is_about_the_anderson_order(session_run):
    client, states, contexts = session_run
    anderson = _find(states[4], "Anderson order")
    detail = client.get(f"/v1/entities/{anderson['entity_id']}").json()
    linked = {m["id"] for m in detail["memories"]}
    body = contexts[4]
    lines = [line for line in body["lines"] if line["memory_id"]]
    assert lines, body
    assert lines[0]["memory_id"] in linked, body["context"] + str(body["decisions"])
    assert "Anderson" in body["context"]
