"""A post said with "the" and its holder's name, in a person's voice (issue 35): "the head of department is Mrs
Rahma", "the head teacher is Mr Okafor" tell who holds a post in the owner's world, a tie of the owner's named by
the post; a post named by what it heads ("head of year") is one. Not an office of the world ("the president is
Ruto") nor a result ("the winner was Lena"). Sentences written for this test."""
from __future__ import annotations

import pytest

from tests.unit.owner_voice import owner_cards


@pytest.mark.parametrize("text,tie,name", [
    ("the head of department is Mrs Achieng", "head_of_department", "Mrs Achieng"),
    ("The head teacher is Mr Adeyemi.", "head_teacher", "Mr Adeyemi"),
    ("oh and the head of year is Ms Kowalczyk", "head_of_year", "Ms Kowalczyk"),
    ("the coach is Thabo", "coach", "Thabo"),
])
def test_a_post_said_with_the_is_the_owners_tie(text, tie, name):
    cards = owner_cards(text)
    assert any(c.type == "relationship" and c.subject == "Priya" and c.predicate == tie and c.value == name
               for c in cards), cards


@pytest.mark.parametrize("text", ["the president is Ruto", "the winner was Lena", "the capital is Nairobi"])
def test_an_office_of_the_world_or_a_result_is_no_tie(text):
    assert not [c for c in owner_cards(text) if c.type == "relationship"]
