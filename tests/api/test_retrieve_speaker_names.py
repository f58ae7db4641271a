"""A question that names a speaker another way than their turns do (a nickname, an alias, a first name
for a full one) still prefers that speaker's turns (issue 17: speakers named differently)."""
import pytest

QUESTION = "What is the name of {name}'s new puppy?"
# The other speaker's turn is worded a little closer to the question, so without the speaker
# preference it comes first; other talk around them gives the scores a range.
CLOSER = "The name of my new puppy is Pepper."
NAMED = "My puppy is called Biscuit."
OTHER_TALK = ["The train was late again this morning.", "I finally finished painting the kitchen.",
              "We are thinking about a trip to the coast in spring.", "The new bakery on the corner is great.",
              "My sister starts her job at the hospital next week.", "I have been reading a lot of crime novels."]


def _turn(client, session: str, speaker: str, text: str) -> None:
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": speaker, "text": text})
    assert r.status_code == 200, r.text
    assert r.json()["stored"], r.text


def _conversation(client, other: str, named: str) -> None:
    for i, text in enumerate(OTHER_TALK):
        _turn(client, "chat", (other, named)[i % 2], text)
    _turn(client, "pets", other, CLOSER)
    _turn(client, "pets", named, NAMED)


def _top_speaker(client, question: str) -> str:
    r = client.post("/v1/memory/retrieve", json={"query": question, "k": 5})
    assert r.status_code == 200, r.text
    items = r.json()["items"]
    assert items, r.text
    return items[0]["memory"]["speaker"]


def test_a_nickname_given_to_the_speakers_entity_names_the_speaker(new_tenant):
    client = new_tenant("user")["clients"][0]
    _conversation(client, "Caroline", "Melanie")
    _turn(client, "chat", "Caroline", "I went to the beach with Melanie yesterday.")
    found = client.get("/v1/entities", params={"q": "Melanie", "type": "person"}).json()["items"]
    melanie = next(e for e in found if e["name"] == "Melanie")
    r = client.patch(f"/v1/entities/{melanie['id']}", json={"add_aliases": ["Mel"]})
    assert r.status_code == 200, r.text

    assert _top_speaker(client, QUESTION.format(name="Melanie")) == "Melanie"  # named as in the turns
    assert _top_speaker(client, QUESTION.format(name="Mel")) == "Melanie"


# The first name alone also finds the speaker's turns lexically (their turns are indexed with the
# speaker's name); this checks the rule maps it to the right speaker and drops nothing it should keep.
@pytest.mark.parametrize("first, named_speaker", [("Jonah", "Jonah Whitcombe"), ("Priya", "Priya Raman")])
def test_a_full_named_speaker_is_named_by_their_first_name(new_tenant, first, named_speaker):
    client = new_tenant("user")["clients"][0]
    _conversation(client, "Caroline Diaz", named_speaker)

    assert _top_speaker(client, QUESTION.format(name=first)) == named_speaker
