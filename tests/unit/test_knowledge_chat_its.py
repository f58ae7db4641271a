""""its" typed for "it's" (issue 35): chat_text.for_reading reads it as "it's" where the possessive
cannot stand, so what comes before it is not swallowed into one long value. Sentences written for these
tests in three voices (a child, an adult, a team), not taken from any labelled set of the formation
benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.chat_text import for_reading

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("typed, read", [
    ("i play the oud, its like a guitar", "I play the oud, it's like a guitar"),
    ("its a drum you hit with a stick", "it's a drum you hit with a stick"),
    ("we use Pebble, its called Pebble Pro now", "we use Pebble, it's called Pebble Pro now"),
    ("Its in the top drawer", "It's in the top drawer"),
])
def test_its_where_no_possessive_can_stand_is_it_is(typed, read):
    assert for_reading(typed) == read


@pytest.mark.parametrize("text", ["the dog wagged its tail", "every van has its MOT in May",
                                  "the cafe and its regulars", "its engine is new"])
def test_the_possessive_its_stays(text):
    assert for_reading(text) == text


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, owner, org, value", [
    ("i play the bodhran, its a drum you hit with a stick", "Ines", None, "bodhran"),  # child
    ("I play the oud, its like a lute you hold on your lap", "Rami", None, "oud"),  # adult
    ("Our drummer Tomek plays the cajon, its like a box you sit on", "Lena", "Low Tide Band", "cajon"),  # team
])
def test_a_pursuit_then_what_it_is_keeps_the_pursuit_alone(text, owner, org, value):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    assert value in {f.value for f in got if f.type == "skill" and f.predicate == "plays"}
