"""A fact that says only who someone is to the speaker ("is my favourite", "is owner's best friend",
"came to my birthday") shares no clue by meaning (issue 37, the child voice's clarification).

Embedded as its content words such a fact is a single word or two ("favourite"), about as alike to
any short fact as two facts of one kind are ("has a big cat" / "is my favourite" pass clue_meaning's
KIND_SIMILARITY), so the namesake who is the speaker's favourite was made to share the clue of the
one with the big cat, and the answer was a question. Like an encounter (where the speaker saw
someone), a tie says nothing of what someone has or does or where they live. Real embedder;
households and wording of this test."""
import pytest

from memcore.entities import clue_words as cw
from tests.entities.namesakes_kit import between_two

CAT = ["has a big cat", "sings in the choir"]
FAVOURITE = ["is my favourite", "does judo"]
QUESTIONS = ["Is Sam the one with the big cat?", "Sam showed me the big cat.", "Do you remember Sam and the big cat?"]


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_speakers_favourite_does_not_share_the_cat(embedder, question):
    r = between_two(embedder, question, "Sam", CAT, FAVOURITE)
    assert r.entity_id == "a", r.candidates


@pytest.mark.parametrize("question", QUESTIONS)
def test_when_ties_shared_the_answer_was_a_question(embedder, monkeypatch, question):
    monkeypatch.setattr(cw, "TIES_SHARE_NOT", False)
    assert between_two(embedder, question, "Sam", CAT, FAVOURITE).status == "ambiguous"


@pytest.mark.parametrize("fact,tie", [
    ("is my favourite", True), ("is owner's best mate", True), ("came to my birthday", True),
    ("Honest, is my favourite", True), ("is in our class", True),
    # a tie said beside what someone has, does or where they live is more than a tie
    ("lives next door to my gran", False), ("keeps ferrets, my mum says", False), ("has a big cat", False),
    ("is a nurse at my dentist's", False),
])
def test_only_a_tie(fact, tie):
    assert cw.only_a_tie(fact) is tie


def test_an_encounter_or_a_tie_is_of_the_speaker():
    assert cw.of_the_speaker("I saw her at the swings") and cw.of_the_speaker("is owner's best mate")
    assert not cw.of_the_speaker("lives on a houseboat")
