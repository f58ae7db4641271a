"""A namesake the small NER model takes for something else is still a person (issue 37, item 3).

Three people share a first name, one known by it alone; the owner says who each one is, then
teaches a process and mentions the name in many short lines. When the sentence that introduces
one of the full names reads to the model like a thing ("Tamsin Greaves keeps our company trucks
on the road" typed as a concept), that namesake must still be a person of its own: otherwise
the bare first name and the other full name are the only people called so, the two merge, and a
request naming the first name resolves to them instead of asking which one, and the context
carries no line on who the others are. (That the first full name said completes the entry known by
the first name alone is identity's rule: "Tom", then "Tom Baker"; the next full name is another.)"""
import re

import pytest

BUDGET = 300
NAME = "Tamsin"
WHO = [  # (when, the owner's sentence, a regex any line saying who they are matches)
    ("2024-01-10T09:00:00Z", "Tamsin handles the payroll for us.", r"payroll"),
    ("2024-02-10T09:00:00Z", "Tamsin Greaves keeps our company trucks on the road.", r"trucks"),
    ("2024-03-10T09:00:00Z", "Tamsin Bryce runs the stockroom for us.", r"stockroom"),
]
PROCESS = ("2024-05-02T14:00:00Z", "Our procedure for a podcast edit: listen through once for levels, cut the "
           "long pauses, then export it with the Friday loudness preset.")
QUERY = "Review Tamsin's podcast edit using our procedure."


def _post(client, at: str, text: str) -> None:
    r = client.post(f"/v1/conversations/s-{at[:10]}/turns", json={"speaker": "user", "text": text, "at": at})
    assert r.status_code == 200, r.text


@pytest.fixture(scope="module")
def client(new_tenant):
    c = new_tenant("user", kind="organisation")["clients"][0]
    for at, text, _ in WHO:
        _post(c, at, text)
    _post(c, *PROCESS)
    for i in range(12):
        _post(c, f"2025-{1 + i % 9:02d}-{1 + i:02d}T12:00:00Z", f"{NAME} sent over {2 + i % 5} clips on Monday.")
    return c


def _people(client) -> list[dict]:
    r = client.get("/v1/entities", params={"q": NAME, "type": "person", "limit": 50})
    assert r.status_code == 200, r.text
    return r.json()["items"]


def test_the_full_name_taken_for_a_thing_is_a_person(client):
    people = _people(client)
    names = {e["name"]: {e["name"], *e.get("aliases", [])} for e in people}
    assert any("Tamsin Greaves" in known for known in names.values()), names
    assert "Tamsin Bryce" in names, names  # the other full name is not merged into the first name alone
    assert not any({"Tamsin Greaves", "Tamsin Bryce"} <= known for known in names.values()), names


def test_a_request_naming_the_first_name_asks_and_says_who_each_one_is(client):
    r = client.post("/v1/memory/contextify", json={"query": QUERY, "token_budget": BUDGET})
    assert r.status_code == 200, r.text
    body = r.json()
    clar = body["clarification"]
    assert clar and clar["name"].lower() == NAME.lower() and len(clar["candidates"]) >= 2, (clar, body["context"])
    assert "loudness preset" in body["context"]
    cited = set(re.findall(r"\[memory:([0-9a-f-]{36})\]", body["context"]))
    for cand in clar["candidates"]:  # one line per candidate saying who they are
        r = client.get(f"/v1/entities/{cand['entity_id']}")
        assert r.status_code == 200, r.text
        theirs = [m["text"] for m in r.json()["memories"] if m["id"] in cited]
        assert any(re.search(p, t, re.I) for t in theirs for _, _, p in WHO), (cand, body["context"])
