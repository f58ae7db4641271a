"""What one "can" do once one becomes something is a promise, not an ability, and the age in its
condition is an age to come, not one's age (issue 35, docs/formation-spec.md: a note-taker keeps what
is true now). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Tobiah"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)


@pytest.mark.parametrize("text", [
    "Mum says I can ride the pony on my own when I'm nine.",
    "I can drive the tractor once I get my licence.",
    "Uncle Wes says I can have a go on the jet ski when I'm older.",
    "My cousin can stay over on her own when she turns eight.",
])
def test_what_one_can_do_once_one_becomes_something_is_no_skill(text):
    assert not [f for f in facts(text) if f.type == "skill"]


@pytest.mark.parametrize("text", ["I can go fishing with Grandad when I'm ten.",
                                  "Mum says I can have a phone when I'm 11."])
def test_the_age_in_such_a_condition_is_not_the_owners_age(text):
    assert not [f for f in facts(text) if f.predicate == "age"]


@pytest.mark.parametrize("text, skill", [("I can ride the pony on my own now.", "ride the pony"),
                                         ("I can swim two lengths when I wear my goggles.", "swim two lengths")])
def test_an_ability_had_now_is_still_a_skill(text, skill):
    assert [f for f in facts(text) if f.type == "skill" and skill in f.value]


def test_a_stated_age_beside_an_ability_is_still_kept():
    got = facts("I'm 9 and I can ride the pony on my own.")
    assert [f for f in got if f.predicate == "age" and f.value == "9"]
    assert [f for f in got if f.type == "skill"]
