"""A question that speaks of nothing known about a person is no clue (issue 37, found on the child
and business calibration halves): "I made a card for Leo", "Gary wants a word" were answered with
whichever Leo or Gary had a fact loosely like it ("came to my party", "chases our late payers"),
instead of asking which one. What someone is given, told or does now is new (an indefinite thing
or none), and counts only when a fact of theirs says much the same (NEW_THING_FLOOR); a thing
spoken of as known ("the yoga class", "her bees", a name) is a clue as before. Real embedder."""
import pytest

from memcore.entities import candidate_evidence
from memcore.entities import clue_words as cw
from tests.entities.namesakes_kit import person, resolve

HOSTESS = ["hosted a birthday dinner for me", "teaches yoga at the leisure centre"]
BEEKEEPER = ["keeps bees on an allotment", "drives a taxi at night"]


def _priyas(embedder):
    return [person(embedder, "a", "Priya", HOSTESS), person(embedder, "b", "Priya", BEEKEEPER)]


@pytest.mark.parametrize("text", ["I bought a present for Priya.", "Priya baked a cake."])
def test_something_new_done_with_someone_asks_which(embedder, text):
    assert resolve(embedder, text, "Priya", _priyas(embedder)).status == "ambiguous"


def test_before_the_floor_a_loose_likeness_picked_one(embedder, monkeypatch):
    """The same question weighed like a clue about a known thing picks the hostess (fails the test above)."""
    monkeypatch.setattr(candidate_evidence, "NEW_THING_FLOOR", candidate_evidence.ABSOLUTE_FLOOR)
    assert resolve(embedder, "I bought a present for Priya.", "Priya", _priyas(embedder)).entity_id == "a"


@pytest.mark.parametrize("text,who", [("Did Priya mention the yoga class?", "a"), ("Priya is busy with her bees.", "b")])
def test_a_known_thing_still_tells_them_apart(embedder, text, who):
    assert resolve(embedder, text, "Priya", _priyas(embedder)).entity_id == who


def test_which_clauses_speak_of_a_known_thing():
    assert cw.names_known_thing("Any update on the icing?")
    assert cw.names_known_thing("showed me her karate kicks")
    assert cw.names_known_thing("did mention Leeds")
    assert cw.names_known_thing("Bristol", opens_sentence=False)
    assert not cw.names_known_thing("Bristol")  # the first word of a sentence is capitalised anyway
    assert not cw.names_known_thing("I made a card for")
    assert not cw.names_known_thing("waved at me")
    assert not cw.names_known_thing("Is the one with a big dog?")  # "the one" stands for the person
    assert cw.known_parts("told me about the pick, and a raffle") == [True, True, False]
    assert len(cw.known_parts("told me about the pick, and a raffle")) == len(cw.context_parts("told me about the pick, and a raffle"))


def test_a_known_thing_is_read_before_its_filler_words_go():
    """ "the call-outs" (adult voice, seed 4242): "call" is a filler word, yet the clause speaks of a known thing."""
    assert cw.known_parts("was going on about the call-outs he had again") == [True]
