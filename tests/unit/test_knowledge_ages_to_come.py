"""An age to come said of someone else with "turns" (issue 35): "my mum turns 70 next month" was the
relationship card "Sam's mum | turns | 70 next month" where the parse read "turns" as a noun and the regex reader
took over. The age is who one is (identity), the number alone is the value, said in digits or in words.
Near misses: "turns grumpy" is no age. Sentences written for this test."""
from __future__ import annotations

import pytest

from tests.unit.owner_voice import owner_cards

pytestmark = pytest.mark.usefixtures("parser_installed")


@pytest.mark.parametrize("text,who,age", [
    ("My mum turns 70 next month.", "Sam's mum", "70"),
    ("my nan turns ninety on Friday", "Sam's nan", "90"),
    ("my grandpa turns sixty-five on Sunday", "Sam's grandpa", "65"),
    ("Grandad turns 80 in June.", "Grandad", "80"),
    ("My son Kai turns 9 on Saturday.", "Kai", "9"),
])
def test_an_age_to_come_is_an_identity_card_with_the_number(text, who, age):
    cards = owner_cards(text, "Sam")
    assert [(c.type, c.value) for c in cards if c.subject == who and c.predicate == "turns"] == [("identity", age)], cards


def test_turning_into_a_mood_is_no_age():
    cards = owner_cards("My dad turns grumpy when he is hungry.", "Sam")
    assert not [c for c in cards if c.type == "identity"], cards
