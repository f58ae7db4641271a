"""A person's name said as "X's name is N" (issue 35, names_said.py): read as "X is N", one tie card, through a
chain too ("my brother's girlfriend's name is Chloe" gave nothing; "my sister's name is Ama" gave a second card
"Sam's sister | name | Ama"). Near misses: the owner's own name, a pet's name, a company's name.
Sentences written for this test, names from many places."""
from __future__ import annotations

import pytest

from memcore.knowledge.names_said import names_said
from tests.unit.owner_voice import owner_cards


@pytest.mark.parametrize("text,read", [
    ("my sister's name is Ama", "my sister is Ama"),
    ("My wife's brother's name is Femi.", "My wife's brother is Femi."),
    ("I think my boss's name was Mr Tan", "I think my boss was Mr Tan"),
])
def test_a_persons_name_is_read_as_who_they_are(text, read):
    assert names_said(text) == read


@pytest.mark.parametrize("text", ["My name is Sam.", "my dog's name is Pip", "our company's name is Ardent Ltd",
                                  "my sister's name is hard to spell"])
def test_other_names_are_left_as_said(text):
    assert names_said(text) == text


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text,card", [
    ("my sister's name is Ama", ("Sam", "sister", "Ama")),
    ("my brother's girlfriend's name is Chloe", ("Sam's brother", "girlfriend", "Chloe")),
    ("my best friend's name is Noor", ("Sam", "best_friend", "Noor")),
])
def test_one_tie_card_and_no_name_card(text, card):
    cards = owner_cards(text, "Sam")
    assert [(c.subject, c.predicate, c.value) for c in cards] == [card], cards
