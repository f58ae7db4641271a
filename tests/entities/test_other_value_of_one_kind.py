"""Two facts of one kind worded alike but for the clue's word say two different things (issue 37,
found on the child calibration half: "Grace keeps talking about the hospital." asked which Grace
when one works at the hospital and the other "works for the police"). Facts that share a word with
the matched fact ("works") and lack the clue's own word ("hospital") are another value of the same
attribute: the clue is theirs only if it fits them nearly as well (CLOSE_FIT), as with rare words.
The shared clue of clue_meaning's own example (a flat in town / the city centre) still asks
(test_clues_by_meaning.py). Real embedder, households of this test."""
import pytest

from memcore.entities import clue_meaning
from tests.entities.namesakes_kit import between_two, person, resolve

HOUSEHOLDS = [
    ("Nadia", ["works at the hospital", "lives by the canal"], ["works for the police", "grows roses"],
     "Nadia keeps talking about the hospital."),
    ("Ewan", ["works in the school kitchen", "keeps chickens"], ["works in a garden centre", "sings in a choir"],
     "Did Ewan mention the school kitchen?"),
]


@pytest.mark.parametrize("name,meant,other,question", HOUSEHOLDS, ids=[h[0] for h in HOUSEHOLDS])
def test_another_value_of_the_same_kind_does_not_share_the_clue(embedder, name, meant, other, question):
    r = between_two(embedder, question, name, meant, other)
    assert r.entity_id == "a", r.candidates


def test_before_both_values_shared_the_clue(embedder, monkeypatch):
    monkeypatch.setattr(clue_meaning, "OTHER_VALUE_SHARES_NOT", False)
    name, meant, other, question = HOUSEHOLDS[0]
    r = between_two(embedder, question, name, meant, other)
    assert r.status == "ambiguous"


def test_other_value():
    assert clue_meaning.other_value({"hospit"}, {"work", "hospit"}, {"work", "polic"})
    assert not clue_meaning.other_value({"hospit"}, {"work", "hospit"}, {"work", "hospit", "night"})  # says it too
    assert not clue_meaning.other_value({"flat", "town"}, {"flat", "town"}, {"live", "right", "citi", "centr"})  # no word shared
    # they share the clue's own words: one thing said two ways ("board game night" / "board games")
    assert not clue_meaning.other_value({"board", "game", "night"}, {"run", "board", "game", "night"},
                                        {"collect", "board", "game"})


# Another value said with the same verb but not with the clue's word fitted the clue well enough
# (CLOSE_FIT) to share it: "the village" fits "lives in a houseboat on the river" about as much as any
# home does. It is another value unless the two facts say much the same (SAME_VALUE_SIMILARITY),
# as two ways of naming one home do ("lives near the airport" / "lives under the planes").
HOMES = [
    ("Otto", ["lives in the village with the windmill", "keeps a hamster"],
     ["lives in a bungalow by the sea", "plays chess"], "Otto keeps talking about his village."),
    ("Bea", ["lives in the village by the green", "does ballet"],
     ["lives in a cottage by the sea", "collects stamps"], "Can I tell Bea about her village?"),
]


@pytest.mark.parametrize("name,meant,other,question", HOMES, ids=[h[0] for h in HOMES])
def test_another_home_said_with_the_same_verb_does_not_share_the_clue(embedder, name, meant, other, question):
    r = between_two(embedder, question, name, meant, other)
    assert r.entity_id == "a", r.candidates


def test_one_home_named_two_ways_still_shares_the_clue(embedder):
    r = resolve(embedder, "Do you remember Ivy and the airport?", "Ivy",
                [person(embedder, "a", "Ivy", ["lives near the airport", "keeps a hamster"]),
                 person(embedder, "b", "Ivy", ["lives under the planes", "plays chess"])])
    assert r.status == "ambiguous", r.candidates
