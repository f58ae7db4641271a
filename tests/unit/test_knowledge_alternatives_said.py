"""An alternative said after a value under its own condition ("20 euro a year, or free for students") is a
fact of its own and leaves the value (issue 35, not_atomic; alternatives_said.py). Sentences written for these
tests."""
import pytest

from memcore.knowledge.alternatives_said import usual_only
from memcore.knowledge.models import Fact


def card(value, text):
    return Fact("Harbour Books", "price", value, "semantic", 0.8, text)


@pytest.mark.parametrize("value,kept", [
    ("20 euro a year, or free for students", "20 euro a year"),
    ("5 days, or 10 if you paid by cheque", "5 days"),
    ("in the church hall, or the library when it rains", "in the church hall"),
    ("£30 a night, or £25 unless it's August", "£30 a night"),
])
def test_an_excepted_alternative_leaves_the_value_and_the_line(value, kept):
    got = usual_only(card(value, f"Harbour Books: {value}"))
    assert got.value == kept and got.text == f"Harbour Books: {kept}"


@pytest.mark.parametrize("value", [
    "tea or coffee for guests",  # no comma: one choice
    "Mondays, Wednesdays, or Fridays",  # a list with its last comma
    "cash, or card",  # no condition after it
    "the hall, for now",  # no "or"
])
def test_a_choice_or_a_list_stays_whole(value):
    assert usual_only(card(value, value)).value == value
