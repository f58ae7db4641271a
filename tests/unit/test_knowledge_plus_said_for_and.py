"""A "+" written for "and" between words is read as "and" (issue 35, chat_text.for_reading): chat and
notes join items and clauses with it. Sentences written for these tests in three voices, not taken from
any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.chat_text import for_reading

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, read", [
    ("i like swimming + drawing", "I like swimming and drawing"),
    ("Keiko runs the kitchen + does the ordering", "Keiko runs the kitchen and does the ordering"),
])
def test_a_plus_between_words_is_and(text, read):
    assert for_reading(text) == read


@pytest.mark.parametrize("text", ["I got an A+ in history", "2 + 2 is 4", "ring +44 20 7946 0000", "C++ is hard"])
def test_a_plus_of_a_grade_a_sum_or_a_number_stays(text):
    assert "and" not in for_reading(text)


@pytest.mark.usefixtures("parser_installed")
def test_two_likings_joined_by_a_plus_are_two_cards():
    got = learn("I love mangoes + lychees", None, at=AT, owner="Devi", role="owner", speaker="Devi")
    liked = {f.value for f in got if f.type == "preference"}
    assert {"mangoes", "lychees"} <= liked, liked
