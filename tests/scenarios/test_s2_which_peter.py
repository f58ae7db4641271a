"""S2: which Peter? Four Peters, resolved from the context of the sentence alone (seed 000)."""
import itertools

import pytest

# Three more Peters, taught after the WOBS history (in the owner's words, varied on purpose).
OTHER_PETERS = [
    ("2026-01-05T10:00:00Z", "Peter Alvarez is the CTO at Anderson Plumbing and manages their tech team."),
    ("2026-01-06T09:30:00Z", "Peter Alvarez wants their servers patched before the audit."),
    ("2026-01-12T20:15:00Z", "My old school friend Peter, who played bass in our band, went by mosshead."),
    ("2026-01-19T08:05:00Z", "Our neighbour Peter walks his beagle past the house every morning."),
]
# The school Peter, a hundred times: by nickname, in varied wording.
_OPENERS = ["Bumped into", "Had a beer with", "Got a voicemail from", "Spent the evening with", "Texted",
            "Saw an old band photo with", "Reminisced with", "Heard some news about", "Caught up with",
            "Sent a birthday card to"]
_DETAILS = ["mosshead", "Peter (mosshead)", "mosshead from the old band", "our bassist mosshead",
            "good old mosshead", "mosshead, the bass player", "mosshead from school", "mosshead again",
            "mosshead and his bass", "mosshead, who still plays in a cover band"]
SCHOOL_MENTIONS = [f"{o} {d} today." for o, d in itertools.product(_OPENERS, _DETAILS)]


@pytest.fixture(scope="module")
def peters(new_tenant, wobs_turns):
    tenant = new_tenant("user", kind="organisation")
    client = tenant["clients"][0]
    for turn in wobs_turns:
        r = client.post(f"/v1/conversations/s-{turn['at'][:10]}/turns",
                        json={"speaker": turn["speaker"], "text": turn["text"], "at": turn["at"]})
        assert r.status_code == 200, r.text
    for at, text in OTHER_PETERS:
        r = client.post(f"/v1/conversations/s-{at[:10]}/turns", json={"speaker": "user", "text": text, "at": at})
        assert r.status_code == 200, r.text
    return client


def _peter_entities(client) -> dict[str, dict]:
    items = client.get("/v1/entities", params={"q": "Peter", "type": "person", "limit": 50}).json()["items"]
    return {i["id"]: client.get(f"/v1/entities/{i['id']}").json() for i in items}


def _which(entities: dict[str, dict]) -> dict[str, str]:
    """Role of each Peter by what its profile says (the test's ground truth)."""
    out = {}
    for eid, e in entities.items():
        p = e["profile"].lower()
        if "mosshead" in p:
            out["school"] = eid
        elif "cto" in p or "anderson plumbing" in p:
            out["cto"] = eid
        elif "beagle" in p or "neighbour" in p:
            out["neighbour"] = eid
        elif "writer" in p:
            out["writer"] = eid
    return out


def _resolve(client, text):
    r = client.post("/v1/entities/resolve", json={"text": text})
    assert r.status_code == 200, r.text
    body = r.json()
    peter = [x for x in body["resolutions"] if x["surface"].lower() == "peter"]
    assert peter, body
    return peter[0], body


QUERIES = {
    "Talking about Peter, and mosshead": "school",
    "Did Peter finish the blog articles?": "writer",
    "Peter's team wants the API keys rotated": "cto",
}


def test_four_distinct_peters(peters):
    ents = _peter_entities(peters)
    which = _which(ents)
    assert set(which) == {"writer", "cto", "school", "neighbour"}, {k: v["profile"] for k, v in ents.items()}
    assert len(ents) == 4, [e["profile"] for e in ents.values()]
    writer = ents[which["writer"]]
    assert writer["parent_name"] in ("Wolf of Blog Street", "WOBS")
    assert len(writer["memories"]) >= 50  # the WOBS history stayed with the writer


@pytest.mark.parametrize("text,expected", QUERIES.items())
def test_context_resolves_the_right_peter(peters, text, expected):
    which = _which(_peter_entities(peters))
    res, body = _resolve(peters, text)
    assert res["status"] == "resolved", res
    assert res["entity_id"] == which[expected], res
    assert body["clarification"] is None


def test_no_context_asks_which_peter(peters):
    res, body = _resolve(peters, "Peter called")
    assert res["status"] == "ambiguous" and res["entity_id"] is None, res
    clar = body["clarification"]
    assert clar and len(clar["candidates"]) == 4
    assert all(c["description"] for c in clar["candidates"])
    r = peters.post("/v1/memory/contextify", json={"query": "Peter called", "token_budget": 300})
    assert r.status_code == 200
    ctx_clar = r.json()["clarification"]
    assert ctx_clar and {c["entity_id"] for c in ctx_clar["candidates"]} == set(_which(_peter_entities(peters)).values())


def test_contextify_uses_the_resolved_peter(peters):
    which = _which(_peter_entities(peters))
    r = peters.post("/v1/memory/contextify", json={"query": "Peter's team wants the API keys rotated",
                                                  "token_budget": 300})
    body = r.json()
    assert body["clarification"] is None
    cto = peters.get(f"/v1/entities/{which['cto']}").json()
    cto_memories = {m["id"] for m in cto["memories"]}
    entity_lines = {d["memory_id"] for d in body["decisions"] if d["path"] == "entity" and d["action"] == "included"}
    assert entity_lines and entity_lines <= cto_memories | {
        m["id"] for m in peters.get(f"/v1/entities/{which['cto']}").json()["memories"]}


def test_a_hundred_mentions_change_nothing(peters):
    before = {t: _resolve(peters, t)[0]["entity_id"] for t in [*QUERIES, "Peter called"]}
    for i, text in enumerate(SCHOOL_MENTIONS):
        r = peters.post("/v1/conversations/s-school/turns",
                        json={"speaker": "user", "text": text, "at": f"2026-02-{1 + i % 27:02d}T12:00:00Z"})
        assert r.status_code == 200, r.text
    ents = _peter_entities(peters)
    assert len(ents) == 4, [e["profile"] for e in ents.values()]
    after = {t: _resolve(peters, t)[0]["entity_id"] for t in [*QUERIES, "Peter called"]}
    assert after == before
