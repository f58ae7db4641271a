"""Clues by meaning (issue 37, item 4): a clue is related to each namesake's facts one by one and
by meaning, not only by the words they share.

Two namesakes who share a clue in meaning but not in words ("a flat in town" / "lives right in
the city centre") get a clarification, not a guess for the one whose fact repeats the clue's words;
a clue that only one namesake's facts mean picks that one, whoever's wording it follows; and a
named thing (a suburb, a pastime) that one fact says and the other does not still tells them apart.
Real embedder, households with their own names and wording."""
import pytest

from memcore.entities import clue_meaning
from memcore.entities import clue_words as cw
from tests.entities.namesakes_kit import SHARED_IN_MEANING_KIT, person, resolve




# (name, facts of the one whose words the clue repeats, facts of the one who says it otherwise,
#  a question whose clue both facts mean)
SHARED_IN_MEANING = SHARED_IN_MEANING_KIT


@pytest.mark.parametrize("name,worded,meant,question", SHARED_IN_MEANING, ids=[s[0] for s in SHARED_IN_MEANING])
def test_a_clue_both_namesakes_mean_asks_which(embedder, name, worded, meant, question):
    people = [person(embedder, "a", name, worded), person(embedder, "b", name, meant)]
    r = resolve(embedder, question, name, people)
    assert r.status == "ambiguous", r.candidates


def test_without_meaning_the_words_decided(embedder, monkeypatch):
    """The same household scored on shared words and near-identical facts alone picks a side: the
    test above fails on the old scoring."""
    monkeypatch.setattr(clue_meaning, "KIND_SIMILARITY", 2.0)
    name, worded, meant, question = SHARED_IN_MEANING[0]
    people = [person(embedder, "a", name, worded), person(embedder, "b", name, meant)]
    assert resolve(embedder, question, name, people).entity_id == "a"


@pytest.mark.parametrize("home", ["lives out in Brackenfield", "rents a cottage by the harbour"])
def test_a_home_that_names_somewhere_else_does_not_share_the_clue(embedder, home):
    people = [person(embedder, "a", "Gideon", ["has a flat in town", "repairs organs in churches"]),
              person(embedder, "b", "Gideon", [home, "plays the cello in an orchestra"])]
    r = resolve(embedder, "Did Gideon mention his flat in town?", "Gideon", people)
    assert r.entity_id == "a", r.candidates


def test_a_clue_naming_a_place_only_one_lives_in_picks_that_one(embedder):
    people = [person(embedder, "a", "Marisol", ["lives right in the city centre", "translates cookbooks"]),
              person(embedder, "b", "Marisol", ["lives in Brackenfield", "breeds rabbits for shows"])]
    r = resolve(embedder, "Marisol showed me her street in Brackenfield.", "Marisol", people)
    assert r.entity_id == "b", r.candidates


def test_a_clue_only_one_namesakes_facts_mean_picks_that_one(embedder):
    """"the rehearsals" is said by neither fact, but only the cellist's facts mean it."""
    people = [person(embedder, "a", "Gideon", ["has a flat in town", "repairs organs in churches"]),
              person(embedder, "b", "Gideon", ["lives right in the city centre", "plays the cello in an orchestra"])]
    r = resolve(embedder, "Did Gideon say how the orchestra rehearsals went?", "Gideon", people)
    assert r.entity_id == "b", r.candidates


def test_names_must_agree_between_the_clue_and_both_facts():
    words = lambda s: set(s.split())  # noqa: E731 - stems stand in as plain words here
    assert clue_meaning.agree_on_names(words("flat town"), set(), words("flat town"), set(),
                                       words("live right citi centr"), set())
    # the other fact names a place the clue and the matched fact never say
    assert not clue_meaning.agree_on_names(words("flat town"), set(), words("flat town"), set(),
                                           words("live ashgrov"), {"ashgrov"})
    # the clue names a place the other fact does not say
    assert not clue_meaning.agree_on_names(words("street ashgrov"), {"ashgrov"}, words("live ashgrov"), {"ashgrov"},
                                           words("live right citi centr"), set())


def test_named_words_are_the_proper_names():
    """A word names something when it is written as a name inside a sentence ("Ashgrove"), however
    common or rare it is in English; a rare common word ("bouldering", "sourdough") is no name."""
    assert clue_meaning.named_words("lives right in the city centre", frozenset()) == set()
    proper = clue_meaning.proper_words(["Tom lives in Ashgrove.", "Bakes sourdough every Sunday.", "Goes bouldering"])
    assert "ashgrov" in {w[:7] for w in clue_meaning.named_words("lives in ashgrove", proper)}
    assert not clue_meaning.named_words("goes bouldering and bakes sourdough on sunday", proper)
    assert clue_meaning.proper_words("Tom works at Harbour Lantern Media") >= {"harbour", "lantern"}


def test_sending_a_photo_is_how_it_came_not_what_it_is_about(embedder):
    """"sent me a photo of the oak he felled": the sending and the photo say how word came, as a text
    or a call would; the oak is the clue, even when a namesake takes photos for a living."""
    assert not {"sent", "photo"} & cw.words_of("Idris sent me a photo of the oak he felled.")
    people = [person(embedder, "a", "Idris", ["takes photos for the local paper", "lives out in Brackenfield"]),
              person(embedder, "b", "Idris", ["cuts down trees for a living", "rents a cottage by the harbour"])]
    r = resolve(embedder, "Idris sent me a photo of the oak he felled.", "Idris", people)
    assert r.entity_id == "b", r.candidates


# A clue two namesakes share in meaning, each saying it in their own uncommon words (issue 37,
# item 4): "makes sourdough loaves" and "spends his Sundays baking bread" are one pastime. An
# uncommon common word is no name: only proper names ("Thornfield", "Harbour Lantern") always keep
# facts apart; facts differing in rare words share the clue when it is nearly as close to both
# (clue_meaning.CLOSE_FIT), so the answer is a clarification, not a guess for whoever's wording the
# clue repeats. A clue much nearer one fact (the cello, not the violin) still picks its namesake,
# and a place one of them names still keeps the other out. Real embedder; names and wording of this test.
IN_RARE_WORDS = [  # (name, one namesake's facts, the other's, a question whose clue both mean)
    ("Anselm", ["spends his Sundays baking bread", "repairs clocks"],
     ["makes sourdough loaves for the neighbours", "is a postman"], "Did Anselm bring a loaf round?"),
    ("Eamon", ["is obsessed with his beehives", "is a dentist"], ["keeps bees at the bottom of the garden", "teaches history"],
     "Did Eamon get stung again?"),
]


@pytest.mark.parametrize("name,first,second,question", IN_RARE_WORDS, ids=["loaf", "stung"])
def test_a_pastime_both_mean_in_their_own_rare_words_asks(embedder, name, first, second, question):
    people = [person(embedder, "a", name, first), person(embedder, "b", name, second)]
    r = resolve(embedder, question, name, people)
    assert r.status == "ambiguous", r.candidates


def test_a_clue_only_one_means_still_picks_them(embedder):
    people = [person(embedder, "a", "Tobiah", ["brews his own beer in the garage", "works at the post office"]),
              person(embedder, "b", "Tobiah", ["makes cider from the apples in his orchard", "fixes boilers"])]
    r = resolve(embedder, "Did Tobiah give you a bottle of his homebrew?", "Tobiah", people)
    assert r.entity_id == "a", r.candidates


def test_a_place_only_one_names_keeps_the_other_out(embedder):
    people = [person(embedder, "a", "Philippa", ["has an allotment in Hazelmere", "is a radiographer"]),
              person(embedder, "b", "Philippa", ["grows tomatoes in her greenhouse", "sings in a choir"])]
    r = resolve(embedder, "Did Philippa get the shed on her Hazelmere allotment fixed?", "Philippa", people)
    assert r.entity_id == "a", r.candidates


def test_two_things_of_one_kind_in_their_own_rare_words_stay_apart(embedder):
    """The cello and the violin are both instruments, each said in its own rare word: a question
    about the cello is about the cellist (the clue is much closer to one fact than to the other)."""
    people = [person(embedder, "a", "Eamon", ["plays the cello in a quartet", "is a dentist"]),
              person(embedder, "b", "Eamon", ["plays the violin at weddings", "teaches history"])]
    r = resolve(embedder, "Did Eamon restring his cello?", "Eamon", people)
    assert r.entity_id == "a", r.candidates
