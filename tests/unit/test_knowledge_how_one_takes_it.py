"""How one takes a food or a drink is a liking of it so made (issue 35; preference_rules._TAKES_IT): "I take my
coffee black, no sugar" gave the plain fact "takes my coffee black", "I like my steak rare" the liking "my steak
rare". Near misses keep what they were: where or when one has it, or a thing that is no food ("I take my kids to
school at 8", "I take my medication at night", "I have my lunch at 12").

Sentences written for this test, names from many languages; none is taken from the labelled sets."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


def cards(text: str, owner: str = "Yerlan") -> list:
    return learn(text, None, at=AT, owner=owner, role="owner", speaker="user", speaker_org=None, previous=[],
                 account_org=None)


@pytest.mark.parametrize("text, who, value", [
    ("I take my coffee black, no sugar", "Yerlan", "coffee black, no sugar"),
    ("I drink my tea with lemon", "Yerlan", "tea with lemon"),
    ("I like my eggs runny", "Yerlan", "eggs runny"),
    ("I have my curry extra hot", "Yerlan", "curry extra hot"),
    ("my wife has her toast with marmite", "Yerlan's wife", "toast with marmite"),
    ("Aigerim takes her tea with milk and three sugars", "Aigerim", "tea with milk and three sugars"),
])
def test_how_one_takes_it_is_a_liking(text: str, who: str, value: str) -> None:
    got = cards(text)
    assert [f for f in got if f.type == "preference" and f.subject == who and f.value == value], got
    assert len([f for f in got if value.split()[0] in f.value]) == 1, got  # no second card of the same words


@pytest.mark.parametrize("text", [
    "I take my kids to school at 8", "I take my medication at night", "I have my lunch at 12",
    "I take my tea to bed", "I eat my breakfast in the car", "I have my coffee with friends on Sundays",
])
def test_where_or_when_one_has_it_is_no_liking(text: str) -> None:
    assert not [f for f in cards(text) if f.type == "preference"], cards(text)
