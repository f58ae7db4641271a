"""Pets and people said in the plural (issue 35): a pet of two words named ("my guinea pigs are called Salt and
Pepper", "a bearded dragon called Rex"), and a plural's line with its plural verb ("my dogs are great", "my parents
are retired"), never "Sam's dogs is great". Sentences written for these tests."""
import pytest

from owner_voice import owner_cards

pytestmark = pytest.mark.usefixtures("parser_installed")

OWNER = "Oluwaseun"


def cards(text):
    return {(f.subject, f.predicate, f.value) for f in owner_cards(text, OWNER)}


@pytest.mark.parametrize("text, card", [
    ("my guinea pigs are called Salt and Pepper.", (OWNER, "has_guinea_pig", "Salt and Pepper")),
    ("Our guinea pigs are named Mochi and Dango.", (OWNER, "has_guinea_pig", "Mochi and Dango")),
    ("I have a guinea pig called Nibbles.", (OWNER, "has_guinea_pig", "Nibbles")),
    ("My bearded dragon is called Rex.", (OWNER, "has_bearded_dragon", "Rex")),
    ("We have two guinea pigs, Tupac and Biggie.", (OWNER, "has_guinea_pig", "Tupac")),
    ("My budgies are called Kiwi and Mango.", (OWNER, "has_budgie", "Kiwi and Mango")),
])
def test_pets_of_two_words_and_plurals_are_named(text, card):
    got = cards(text)
    assert card in got
    assert not [c for c in got if c[1] in ("has_pig", "budgies", "bearded_dragon")]


@pytest.mark.parametrize("text, line", [
    ("My dogs are great.", f"{OWNER}'s dogs are great"),
    ("My parents are retired.", f"{OWNER}'s parents are retired"),
    ("My dog is great.", f"{OWNER}'s dog is great"),
    ("I'm retired now.", f"{OWNER} is retired"),
])
def test_a_plurals_line_keeps_its_plural_verb(text, line):
    assert line in [f.text for f in owner_cards(text, OWNER)]
