"""A clue two namesakes share, where one states it by meaning and the other by the clue's own words
(issue 37, item 4; the asks-on-clue-less misses of the people bench): the answer is a question.

Two shapes, each with its own household:
  * the clue names something ("the Thornfield flat"): the namesakes whose facts name it are who it
    may mean; a third whose fact only shares the clue's common word ("the old tannery flats") is not
    picked for that word;
  * one namesake's fact means the clue ("goes on long bike rides" for "the cycling club") and
    another's states the clue's own word ("cycles to work every day"), or every word of it ("runs a
    quiz night at the pub" for "the quiz night"): both fit, whoever's wording the embedder prefers.
A clue only one namesake states still picks them. Real embedder, names and wording of these tests."""
import pytest

from memcore.entities import candidate_evidence as ev
from tests.entities.namesakes_kit import person, resolve




NAMED_PLACE = ("Osric", [["lives in the old tannery flats", "is a tree surgeon"],
                         ["grew up in Thornfield", "sells bikes"],
                         ["has an allotment in Thornfield", "is a ski instructor"]],
               "Remind me to ask Osric about the Thornfield flat.")


def test_a_named_place_two_state_asks_and_a_common_word_does_not_pick(embedder):
    name, facts, question = NAMED_PLACE
    people = [person(embedder, f"p{i}", name, f) for i, f in enumerate(facts)]
    r = resolve(embedder, question, name, people)
    assert r.status == "ambiguous", r.candidates


ONE_MEANS_ONE_STATES = [
    ("Wilhelmina", ["goes on long bike rides", "has a flower stall"], ["cycles to work every day", "is a pharmacist"],
     "Wilhelmina sent me a photo of the cycling club."),
    ("Bertrand", ["has a shelf full of board games", "drives a taxi"], ["runs a board game night at the pub", "teaches maths"],
     "What did Bertrand say about his board games?"),
]


@pytest.mark.parametrize("name,by_meaning,in_its_words,question", ONE_MEANS_ONE_STATES, ids=["own word", "every word"])
def test_a_clue_one_means_and_the_other_states_asks(embedder, name, by_meaning, in_its_words, question):
    people = [person(embedder, "a", name, by_meaning), person(embedder, "b", name, in_its_words)]
    assert resolve(embedder, question, name, people).status == "ambiguous"


def test_a_clue_only_one_states_still_picks_them(embedder):
    people = [person(embedder, "a", "Wilhelmina", ["cycles to work every day", "is a pharmacist"]),
              person(embedder, "b", "Wilhelmina", ["grows orchids", "lives near the harbour"])]
    assert resolve(embedder, "Wilhelmina sent me a photo of the cycling club.", "Wilhelmina", people).entity_id == "a"


def test_without_named_words_deciding_the_common_word_picked(embedder, monkeypatch):
    """The named-place household scored as before: "flat" picked the tannery flats."""
    monkeypatch.setattr(ev, "NAMED_WORDS_DECIDE", False)
    name, facts, question = NAMED_PLACE
    people = [person(embedder, f"p{i}", name, f) for i, f in enumerate(facts)]
    assert resolve(embedder, question, name, people).entity_id == "p0"


def test_without_a_stated_clue_shared_one_wording_picked(embedder, monkeypatch):
    """(The board-games household is shared by meaning as well since only proper names tell facts
    apart: "shelf" was taken for a name before.)"""
    monkeypatch.setattr(ev, "STATED_CLUE_SHARES", False)
    name, by_meaning, in_its_words, question = ONE_MEANS_ONE_STATES[0]
    people = [person(embedder, "a", name, by_meaning), person(embedder, "b", name, in_its_words)]
    assert resolve(embedder, question, name, people).status == "resolved"
