"""What a food does to one, said after it ("I cannot eat mussels, my lips swell up"), is why, not a second thing
to avoid (issue 35, kinds._rule); "has one too" says nothing of its own (worth.says_nothing). Sentences written
for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


@pytest.mark.parametrize(("text", "food"), [
    ("I cannot eat mussels, my lips swell up", "mussels"),
    ("I can't drink milk, my stomach hurts after", "milk"),
    ("i cant eat kiwi, it makes my mouth itchy", "kiwi"),
])
def test_a_reaction_said_after_a_food_is_no_second_ban(text, food):
    got = [f.value for f in learn(text, None, at=AT, owner="Dara", role="owner", speaker="Dara") if f.predicate == "must_avoid"]
    assert got == [food]


def test_a_list_of_foods_stays_a_list():
    got = [f.value for f in learn("I can't eat peanuts, my nan's trifle or sesame", None, at=AT, owner="Dara", role="owner",
                                  speaker="Dara") if f.predicate == "must_avoid"]
    assert got == ["peanuts", "my nan's trifle", "sesame"]


def test_one_too_says_nothing_of_its_own():
    got = learn("my brother has a PS5 and my cousin has one too", None, at=AT, owner="Dara", role="owner", speaker="Dara")
    assert got and not [f for f in got if f.value in ("one too", "one")], got
