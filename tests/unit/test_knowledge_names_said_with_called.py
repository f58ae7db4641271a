"""People and pets named together with "are called"/"are named" (issue 35): "my daughters are called Mei and Lin"
kept only the first name, "my kids are called Ada and Bo" gave the card "Sam's kids is called Ada and Bo", and
"our dogs are called Pip and Moss" a plain "dogs: called Pip and Moss". Now each person named is a tie of their own
(a child for "kids", a grandchild for "grandkids"), and pets named together are one card, as "two goats called Salt
and Pepper" already was. Near misses keep their cards: one name ("Tom's wife is called Jess"), one pet, a place
that is called something ("my school is called Hillfield").

Sentences written for this test, names from many places."""
from __future__ import annotations

import pytest

from tests.unit.owner_voice import owner_cards

pytestmark = pytest.mark.usefixtures("parser_installed")


def _ties(cards):
    return {(c.subject, c.predicate, c.value) for c in cards if c.type == "relationship"}


@pytest.mark.parametrize("text,relation,names", [
    ("My daughters are called Mei and Lin.", "daughter", ["Mei", "Lin"]),
    ("my kids are called Ada and Bo", "child", ["Ada", "Bo"]),
    ("My sons are named Tariq, Omar and Yusuf.", "son", ["Tariq", "Omar", "Yusuf"]),
    ("my grandkids are called Ivy and Rex", "grandchild", ["Ivy", "Rex"]),
    ("My brothers are called Kofi and Yaw, they both live in Accra.", "brother", ["Kofi", "Yaw"]),
])
def test_each_person_named_together_is_a_tie_of_their_own(text, relation, names):
    cards = owner_cards(text, "Sam")
    assert {("Sam", relation, n) for n in names} <= _ties(cards), cards
    assert not [c for c in cards if "called" in (c.value or "")], cards  # no "kids: called Ada and Bo" card


@pytest.mark.parametrize("text,pet,names", [
    ("Our dogs are called Pip and Moss.", "dog", "Pip and Moss"),
    ("my cats are named Miso, Tofu and Natto", "cat", "Miso, Tofu and Natto"),
])
def test_pets_named_together_are_one_card(text, pet, names):
    cards = owner_cards(text, "Sam")
    assert ("Sam", f"has_{pet}", names) in _ties(cards), cards
    assert not [c for c in cards if c.type == "semantic"], cards


def test_near_misses_keep_their_cards():
    assert ("Tom", "wife", "Jess") in _ties(owner_cards("Tom's wife is called Jess.", "Sam"))
    assert ("Sam", "has_dog", "Pip") in _ties(owner_cards("my dog is called Pip", "Sam"))
    school = owner_cards("My school is called Hillfield.", "Sam")
    assert any(c.predicate == "school" and "Hillfield" in c.value for c in school), school
