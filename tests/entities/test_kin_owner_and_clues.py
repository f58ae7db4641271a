"""A child's and a small business's way of saying who someone is, through the API (issue 37 items 2
and 5): whose friend or neighbour someone is ("Nan's friend Rosalind") names one person, Rosalind,
so "She ..." in the next turn is her; and a clue said with a time word after it ("from the seed
merchant first thing") is kept as the clue, so the same clue said again finds the same namesake."""
import pytest


def _post(client, session: str, text: str, at: str) -> None:
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "user", "text": text, "at": at})
    assert r.status_code == 200, r.text


def _memories_of(client, full: str) -> list[str]:
    items = client.get("/v1/entities", params={"q": full, "type": "person"}).json()["items"]
    hits = [i for i in items if i["name"] == full]
    assert len(hits) == 1, items
    return [m["text"] for m in client.get(f"/v1/entities/{hits[0]['id']}").json()["memories"]]


def _told(new_tenant, turns: list[str]):
    """A new household that said these turns, one a day, in one session."""
    client = new_tenant("user")["clients"][0]
    for i, text in enumerate(turns):
        _post(client, "s1", text, f"2026-03-0{i + 1}T17:00:00Z")
    return client


@pytest.fixture(scope="module")
def child(new_tenant):
    return _told(new_tenant, ["My cousin Rosalind Vane came round on Saturday.",
                              "Nan's friend Rosalind Thackery came to my party.", "She has two ferrets called Pip and Squeak!"])


def test_whose_friend_someone_is_leaves_them_the_one_person_a_pronoun_means(child):
    assert any("ferrets" in t for t in _memories_of(child, "Rosalind Thackery"))
    assert not any("ferrets" in t for t in _memories_of(child, "Rosalind Vane"))


@pytest.fixture(scope="module")
def business(new_tenant):
    return _told(new_tenant, ["Had a call from Osric Pell from the scaffolding yard first thing.",
                              "Osric Dunmore from the print shop emailed.",
                              "Quick one: Osric from the scaffolding yard wants the tower back by Friday."])


def test_a_clue_said_again_finds_the_namesake_it_was_said_of(business):
    assert any("tower back" in t for t in _memories_of(business, "Osric Pell"))
    assert not any("tower back" in t for t in _memories_of(business, "Osric Dunmore"))


def _people(client, first: str) -> list[dict]:
    items = client.get("/v1/entities", params={"q": first, "type": "person"}).json()["items"]
    return [client.get(f"/v1/entities/{i['id']}").json() for i in items if i["name"].split()[0] == first]


@pytest.fixture(scope="module")
def said_in_passing(new_tenant):
    return _told(new_tenant, ["Quick one: Lorcan the roofer rang about the gutters.", "Rain again, typical.",
                              "Lorcan from the timber yard wants paying by Friday."])


def test_people_said_in_passing_with_one_first_name_are_two_people_each_with_their_clue(said_in_passing):
    """Neither Lorcan was introduced with a full name; the first sentence's name was dropped by the
    name rules (no entity at all), and a second Lorcan would have been merged into the first."""
    people = _people(said_in_passing, "Lorcan")
    assert len(people) == 2, [(p["name"], p["facets"]) for p in people]
    kin = sorted(tuple(p["facets"].get("kin", [])) for p in people)
    assert kin == [("roofer",), ("timber yard",)]
