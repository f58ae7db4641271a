"""A week said as a list, one time and what happens then a piece (issue 35, memcore/knowledge/time_lists.py):
one routine a piece, of whom the piece says or of the owner. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn
from memcore.knowledge.time_lists import time_led_pieces

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Tamsin"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def routines(text):
    return [f for f in learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER) if f.type == "routine"]


@pytest.mark.parametrize(("text", "habits"), [
    ("Mondays is gymnastics, Wednesdays is Scouts.", [("gymnastics", "mondays"), ("scouts", "wednesdays")]),
    ("Judo Tuesdays, drama Saturdays.", [("judo", "tuesdays"), ("drama", "saturdays")]),
    ("Monday to Thursday I'm on the wards, Friday I'm in clinic.", [("wards", "monday to thursday"), ("clinic", "friday")]),
])
def test_a_week_said_as_a_list_is_one_routine_a_piece(text, habits):
    got = routines(text)
    assert len(got) == len(habits), got
    for what, when in habits:
        [one] = [f for f in got if what in f.value.lower()]
        assert when in one.value.lower() and one.subject == OWNER
        assert not any(other in one.value.lower() for other, _ in habits if other != what)  # atomic


@pytest.mark.parametrize("text", ["Mondays are the worst, Fridays are the best.", "Tuesdays are busy, Thursdays quiet.",
                                  "Swimming was fun, karate was hard."])
def test_days_judged_or_a_list_without_times_is_no_week(text):
    assert time_led_pieces(text) is None


@pytest.mark.parametrize("text", ["Fridays are usually mad.", "Saturdays are our busiest.", "Sundays are best."])
def test_a_day_judged_is_no_routine_said_alone_either(text):
    assert not routines(text)
