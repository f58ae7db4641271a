"""A liking, dislike or fear of a happening (issue 35: preference_rules._LIKE_WHEN, fears_when.py): "I don't like it when people shout" and
"I get scared when it's thundering" gave no card (the liking's object was "it"; "scared" had no "of"). Near
misses: questions and "if ..." give nothing; a fear of a thing reads as before; a happening a card already holds
gets no second card. Sentences written for this test, in a child's and an adult's voice."""
from __future__ import annotations

import pytest

from memcore.knowledge.fears_when import fears_when
from tests.unit.owner_voice import owner_cards

pytestmark = pytest.mark.usefixtures("parser_installed")


@pytest.mark.parametrize("text,predicate,value", [
    ("I don't like it when people shout.", "dislikes", "people shout"),
    ("I get scared when it's thundering.", "fears", "thundering"),
    ("I love it when Grandad tells stories.", "likes", "Grandad tells stories"),
    ("I really can't stand it when the bus is late, honestly.", "dislikes", "the bus is late"),
    ("I hate it when the printer jams", "dislikes", "the printer jams"),
    ("I'm always terrified when Ayodele drives on the motorway", "fears", "Ayodele drives on the motorway"),
])
def test_the_happening_is_the_value(text, predicate, value):
    cards = owner_cards(text, "Zara")
    assert ("Zara", predicate, value, "preference") in {(c.subject, c.predicate, c.value, c.type) for c in cards}, cards


@pytest.mark.parametrize("text", ["Do you like it when it snows?", "If I get scared when it's dark, can I call you?"])
def test_questions_and_ifs_give_nothing(text):
    assert owner_cards(text, "Zara") == []


def test_a_fear_of_a_thing_reads_as_before():
    assert [(c.predicate, c.value) for c in owner_cards("I'm scared of spiders.", "Zara")] == [("fears", "spiders")]


def test_a_happening_a_card_holds_gets_no_second_card():
    cards = owner_cards("I like it when we go swimming and then get chips.", "Zara")
    assert len([c for c in cards if c.predicate == "likes"]) == 1, cards
    assert fears_when([], "I'm glad when it rains", "Zara") == []  # no feeling this layer reads
