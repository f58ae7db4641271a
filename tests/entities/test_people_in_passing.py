"""People said in passing become entities (issue 37, item 2).

A person the owner mentions once, by first name with a clue beside it ("Tom from my climbing club
runs the Thursday sessions", "our neighbour Priya", "Mia's teacher Anna"), is a person of their own
with that clue, even when namesakes are known: a later question about what they do ("Did Tom move
the session?") resolves to them when only one of the namesakes has anything to do with it, and a
question with no clue still asks which one. Each household has its own names, clues and wording."""
import json

import pytest

HOUSEHOLDS = {
    "climbing": {
        "name": "Tom",
        "known": ["My brother Tom Hale is an electrician in Bristol.",
                  "Tom Reyes is our accountant; he files the tax return every January."],
        "passing": "Tom from my climbing club runs the Thursday sessions.",
        "clue": "climbing",
        "later": "Did Tom move the session?",
        "repeat": "Tom from the climbing club says the wall is shut next Thursday.",
        "no_clue": "Tom rang earlier",
    },
    "neighbour": {
        "name": "Priya",
        "known": ["Priya Shah is my manager at the bank.",
                  "My cousin Priya Nair is studying medicine in Leeds."],
        "passing": "Our neighbour Priya waters the tomatoes when we go away.",
        "clue": "neighbour",
        "later": "Has Priya watered the tomatoes?",
        "repeat": "Our neighbour Priya took in a parcel for us.",
        "no_clue": "Priya says hi",
    },
    "teacher": {
        "name": "Anna",
        "known": ["Anna Kowalski is my sister; she lives in Krakow.",
                  "Anna Berg is our dentist at the Riverside practice."],
        "passing": "Mia's teacher Anna sent home a new reading list today.",
        "clue": "teacher",
        "later": "Did Anna send the spelling words as well as the reading list?",
        "repeat": "Mia's teacher Anna wants to see us after school on Friday.",
        "no_clue": "Anna messaged me",
    },
}


def _post(client, session: str, text: str, at: str) -> None:
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "user", "text": text, "at": at})
    assert r.status_code == 200, r.text


@pytest.fixture(scope="module", params=sorted(HOUSEHOLDS))
def household(request, new_tenant):
    h = HOUSEHOLDS[request.param]
    client = new_tenant("user")["clients"][0]
    for i, text in enumerate(h["known"]):
        _post(client, "known", text, f"2026-01-0{i + 1}T10:00:00Z")
    _post(client, "passing", "We had a lovely quiet weekend at home.", "2026-02-01T09:00:00Z")
    _post(client, "passing", h["passing"], "2026-02-01T09:05:00Z")
    return h, client


def _people(client, name: str) -> list[dict]:
    items = client.get("/v1/entities", params={"q": name, "type": "person", "limit": 50}).json()["items"]
    return [client.get(f"/v1/entities/{i['id']}").json() for i in items]


def _resolve(client, text: str, name: str) -> tuple[dict, dict]:
    r = client.post("/v1/entities/resolve", json={"text": text})
    assert r.status_code == 200, r.text
    body = r.json()
    hit = [x for x in body["resolutions"] if x["surface"].lower() == name.lower()]
    assert hit, body
    return hit[0], body


def _passing_one(h, client) -> dict:
    people = _people(client, h["name"])
    said = [p for p in people if any(h["clue"] in m["text"].lower() for m in p["memories"])]
    assert len(said) == 1, [(p["name"], p["profile"], [m["text"] for m in p["memories"]]) for p in people]
    return said[0]


def test_the_person_said_in_passing_is_a_person_of_their_own(household):
    h, client = household
    people = _people(client, h["name"])
    assert len(people) == 3, [(p["name"], p["profile"]) for p in people]
    one = _passing_one(h, client)
    assert not any("hale" in m["text"].lower() or "reyes" in m["text"].lower() for m in one["memories"])
    assert h["clue"] in (one["profile"] or "").lower() or h["clue"] in str(one["facets"]).lower(), one


def test_said_once_they_are_tentative(household):
    h, client = household
    one = _passing_one(h, client)
    assert any(h["clue"] in c for c in one["facets"].get("tentative", [])), one["facets"]
    assert not any(p["facets"].get("tentative") for p in _people(client, h["name"]) if p["id"] != one["id"])


def test_a_later_question_about_what_they_do_resolves_to_them(household):
    h, client = household
    one = _passing_one(h, client)
    res, body = _resolve(client, h["later"], h["name"])
    assert res["status"] == "resolved" and res["entity_id"] == one["id"], body
    assert body["clarification"] is None


def test_no_clue_still_asks(household):
    h, client = household
    res, body = _resolve(client, h["no_clue"], h["name"])
    assert res["status"] == "ambiguous", json.dumps(res)
    assert len(body["clarification"]["candidates"]) == 3, body["clarification"]


def test_the_first_repeat_confirms_them(household):  # last: it adds a turn
    h, client = household
    one = _passing_one(h, client)
    _post(client, "repeat", h["repeat"], "2026-02-08T18:00:00Z")
    again = client.get(f"/v1/entities/{one['id']}").json()
    assert any(h["repeat"].rstrip(".")[:30] in m["text"] for m in again["memories"]), again["memories"]
    assert not again["facets"].get("tentative"), again["facets"]
    assert len(_people(client, h["name"])) == 3
