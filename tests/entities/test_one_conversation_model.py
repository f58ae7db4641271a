"""One model of the people in a conversation, for the write and the read path (issue 36 item 4).

The same conversation is said twice: once as turns (the write path: whom the turn that says a
pronoun is linked to) and once with the pronoun in a query (the read path: whom contextify's
tracking says the pronoun means). Both answers come from one decision, so they agree. Each story
has the owner say once whose a topic is, then in a later conversation name another person, turn to
the topic by its name alone, and follow with a pronoun: it means the topic's person on both paths.
Before, the write path linked the pronoun to the person named turns before the topic change."""
import pytest

STORIES = {
    "podcast": {
        "known": ["Marco produces the harbour podcast for us.", "Dana Whitfield is our accountant."],
        "before": ["Dana Whitfield sent over the quarterly figures.", "Let's get to the harbour podcast."],
        "turn": "He uploaded the final cut last night.",
        "query": "Did he upload the final cut?",
        "expected": "Marco", "other": "Dana Whitfield",
    },
    "fair": {
        "known": ["Hannah is organising the spring fair at the school.", "Ben Carter fixed our boiler last winter."],
        "before": ["Ben Carter came round about the boiler again.", "Moving on to the spring fair."],
        "turn": "She booked the bouncy castle this morning.",
        "query": "Has she booked the bouncy castle?",
        "expected": "Hannah", "other": "Ben Carter",
    },
    "redesign": {
        "known": ["Nadia Haddad leads the website redesign.", "Oliver Grant is my landlord."],
        "before": ["Oliver Grant wants the rent by Friday.", "Okay, back to the website redesign."],
        "turn": "She sent the new mockups to the whole team.",
        "query": "Has she sent the new mockups?",
        "expected": "Nadia Haddad", "other": "Oliver Grant",
    },
}


def _post(client, session: str, text: str, at: str | None = None) -> dict:
    body = {"speaker": "user", "text": text, **({"at": at} if at else {})}
    r = client.post(f"/v1/conversations/{session}/turns", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def _person(client, name: str) -> dict:
    r = client.get("/v1/entities", params={"q": name, "type": "person"})
    assert r.status_code == 200, r.text
    found = [e for e in r.json()["items"] if e["name"] == name]
    assert len(found) == 1, r.json()
    detail = client.get(f"/v1/entities/{found[0]['id']}")
    assert detail.status_code == 200, detail.text
    return detail.json()


def _said_twice(client, s: dict) -> None:
    """What the owner knows, then the conversation before the pronoun in two sessions: "written"
    (the pronoun comes as a turn) and "read" (it comes in a query)."""
    for i, text in enumerate(s["known"]):
        _post(client, "known", text, f"2026-01-0{i + 1}T10:00:00Z")
    for text in s["before"]:
        _post(client, "written", text)
        _post(client, "read", text)


def _write(client, text: str) -> str:
    """The id of the record of the turn written to the "written" session."""
    written = _post(client, "written", text)
    return next(i["memory"]["id"] for i in written["items"] if i["memory"] and i["memory"]["layer"] == "record")


@pytest.fixture(scope="module", params=sorted(STORIES))
def story(request, new_tenant):
    s = STORIES[request.param]
    client = new_tenant("user")["clients"][0]
    _said_twice(client, s)
    record = _write(client, s["turn"])
    r = client.post("/v1/memory/contextify", json={"query": s["query"], "session_id": "read", "token_budget": 200})
    assert r.status_code == 200, r.text
    state = client.get("/v1/sessions/read/entities")
    assert state.status_code == 200, state.text
    return s, client, record, state.json()


def _linked_to(client, name: str, memory_id: str) -> bool:
    return memory_id in {m["id"] for m in _person(client, name)["memories"]}


def test_the_written_pronoun_is_linked_to_the_topic_person(story):
    s, client, record, _ = story
    assert _linked_to(client, s["expected"], record)
    assert not _linked_to(client, s["other"], record)


def test_the_queried_pronoun_means_the_topic_person(story):
    s, _, _, state = story
    assert [p["name"] for p in state["pronouns"]] == [s["expected"]], state


def test_both_paths_mean_the_same_person(story):
    s, client, record, state = story
    [meant] = [p["entity"] for p in state["pronouns"]]
    assert meant == _person(client, s["expected"])["id"]
    assert _linked_to(client, s["expected"], record)


# A pronoun after two people, each called by their own pronoun since: the write path never linked
# across a gender already used, the read path took the person named last whatever they were called.
AGREEMENT = {
    "known": ["Sarah Lowe is my sister.", "Marco Bell produces our podcast."],
    "before": ["Sarah Lowe rang this morning.", "She wants the figures by Friday.", "Marco Bell came by too.",
               "He stayed for lunch."],
    "turn": "She sent the figures over at noon.",
    "query": "Did she send the figures?",
}


def test_a_pronoun_means_the_person_called_so_on_both_paths(new_tenant):
    client = new_tenant("user")["clients"][0]
    _said_twice(client, AGREEMENT)
    record = _write(client, AGREEMENT["turn"])
    r = client.post("/v1/memory/contextify", json={"query": AGREEMENT["query"], "session_id": "read", "token_budget": 200})
    assert r.status_code == 200, r.text
    state = client.get("/v1/sessions/read/entities").json()
    assert [p["name"] for p in state["pronouns"]] == ["Sarah Lowe"], state
    assert _linked_to(client, "Sarah Lowe", record)
    assert not _linked_to(client, "Marco Bell", record)


# A first name alone among namesakes after a change of topic: the namesake whose topic it is, on both
# paths (the read path's resolver and the write path's link).
NAMESAKES = {
    "known": ["Tom Reyes produces the harbour podcast.", "Tom Baker is our accountant."],
    "before": ["Priya Shah sent over the quarterly figures.", "Let's get to the harbour podcast."],
    "turn": "Tom uploaded the final cut last night.",
    "query": "Did Tom upload the final cut?",
}


def test_a_first_name_alone_after_a_topic_change_is_the_topics_namesake_on_both_paths(new_tenant):
    client = new_tenant("user")["clients"][0]
    _said_twice(client, NAMESAKES)
    # read first: the written turn, linked, would add to a namesake's profile what the query says
    r = client.post("/v1/entities/resolve", json={"text": NAMESAKES["query"], "session_id": "read"})
    assert r.status_code == 200, r.text
    record = _write(client, NAMESAKES["turn"])
    [tom] = [x for x in r.json()["resolutions"] if x["surface"] == "Tom"]
    assert tom["entity_id"] == _person(client, "Tom Reyes")["id"], r.json()
    assert _linked_to(client, "Tom Reyes", record)
    assert not _linked_to(client, "Tom Baker", record)
