"""S1: foundational knowledge said once, years ago, is not buried by hundreds of newer mentions."""
import re

import pytest


@pytest.fixture(scope="module")
def wobs_owner(new_tenant, wobs_turns):
    tenant = new_tenant("user", kind="organisation")
    client = tenant["clients"][0]
    for i, turn in enumerate(wobs_turns):
        r = client.post(f"/v1/conversations/s-{turn['at'][:10]}/turns",
                        json={"speaker": turn["speaker"], "text": turn["text"], "at": turn["at"], "origin_ref": f"wobs:{i}"},
                        headers={"Idempotency-Key": f"wobs-{i}"})
        assert r.status_code == 200, r.text
    return client


def _memories_from(client, day: str, pattern: str) -> set[str]:
    ids, cursor = set(), None
    while True:
        params = {"limit": 200, "since": f"{day}T00:00:00Z", "until": f"{day}T23:59:59Z"}
        if cursor:
            params["cursor"] = cursor
        body = client.get("/v1/memory/list", params=params).json()
        ids |= {m["id"] for m in body["items"] if re.search(pattern, m["text"], re.I)}
        cursor = body["next_cursor"]
        if not cursor:
            return ids


def test_peter_and_the_process_reach_the_context(wobs_owner, embedder):
    writer = _memories_from(wobs_owner, "2023-01-10", r"Peter.*writer")
    process = _memories_from(wobs_owner, "2023-03-02", r"passing as human")
    assert writer and process, "the two foundational memories were stored"
    r = wobs_owner.post("/v1/memory/contextify", json={
        "query": "Check if Peter's content is passing as human.", "token_budget": 300})
    assert r.status_code == 200, r.text
    body = r.json()
    context = body["context"]
    cited = re.findall(r"\[memory:([0-9a-f-]{36})\]", context)
    log = "\n".join(f"{d['action']} {d['path']} {d['memory_id']} {d['reason']}" for d in body["decisions"])
    assert writer & set(cited), f"'Peter is a writer' missing from:\n{context}\n{log}"
    assert process & set(cited), f"the human-content process missing from:\n{context}\n{log}\n{process}"
    assert body["tokens_used"] <= 300
    assert embedder.count_tokens(context) <= 300
    # recent trivia about Peter may appear only after those two: after the first line of each
    lines = context.splitlines()
    first_writer = min(i for i, line in enumerate(lines) if any(m in line for m in writer))
    first_process = min(i for i, line in enumerate(lines) if any(m in line for m in process))
    foundational = {i for i, line in enumerate(lines) if any(m in line for m in writer | process)}
    trivia = [i for i, line in enumerate(lines) if "Peter" in line and i not in foundational]
    assert all(i > max(first_writer, first_process) for i in trivia), context
    # the decision log explains every included line
    included = {d["memory_id"] for d in body["decisions"] if d["action"] == "included"}
    assert set(cited) <= included


def test_acronym_question_brings_the_full_name(wobs_owner):
    r = wobs_owner.post("/v1/memory/retrieve", json={"query": "What does WOBS stand for?", "k": 5})
    assert r.status_code == 200, r.text
    assert any("Wolf of Blog Street" in i["memory"]["text"] for i in r.json()["items"])


def test_full_name_finds_memories_that_only_say_the_acronym(wobs_owner):
    r = wobs_owner.post("/v1/memory/retrieve", json={"query": "What does Wolf of Blog Street do for clients?", "k": 10})
    assert r.status_code == 200, r.text
    texts = [i["memory"]["text"] for i in r.json()["items"]]
    assert any("WOBS" in t and "Wolf of Blog Street" not in t for t in texts), texts
