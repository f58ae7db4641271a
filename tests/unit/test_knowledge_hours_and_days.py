"""Hours said as a bare range beside their days, without a verb (issue 35, fragments._shift_hours): "office
hours, 8 to 4, Monday to Friday" is one routine with the hours and the days, not the days alone. Sentences
written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Halvard"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def routines(text):
    return [(f.subject, f.value) for f in learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
            if f.type == "routine"]


@pytest.mark.parametrize(("text", "words"), [
    ("I started at the sorting office. Office hours, 8 to 4, Monday to Friday.", {"8", "4", "Monday", "Friday"}),
    ("Tuesday to Saturday, 10 till 6", {"Tuesday", "Saturday", "10", "6"}),
    ("school hours, 9 to 3, mon to fri", {"school", "9", "3", "Monday", "Friday"}),
])
def test_hours_and_their_days_are_one_routine(text, words):
    got = routines(text)
    assert any(s == OWNER and words <= set(v.split()) for s, v in got), got


@pytest.mark.parametrize("text", [
    "from 6 to 10, tomorrow",  # one evening, no habit
    "we won 3 to 1, away at Hull",  # a score, with its verb
])
def test_a_range_without_days_is_no_routine(text):
    assert not routines(text)


def test_hours_said_with_am_or_pm_stay_their_own_card():
    got = routines("Thu to Sat mostly, 6pm till 2am")
    assert (OWNER, "6pm till 2am") in got, got
    assert not any("Sat" in v and "6pm" in v for _, v in got), got
