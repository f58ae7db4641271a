"""memcore.knowledge.hour_lists: hours or shifts of several days listed in one breath are one card per day's
span, each with the head the list shares ("open Tuesdays 5 to 8, Saturdays 10-2"). Sentences written for these
tests; near misses (one day's times, "between 9 and 5", one span, a list with a tail) that must not change."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.hour_lists import hours_apart, spans
from memcore.knowledge.models import Fact
from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def card(subject, predicate, value, text, type_="routine"):
    return Fact(subject, predicate, value, type_, 0.8, text)


@pytest.mark.parametrize("value, want", [
    ("Monday 8 to 4 and Friday 12 to 8", ("", ["Monday 8 to 4", "Friday 12 to 8"])),
    ("two shifts 6 to 2 and 2 to 10", None),  # one day's times: asked about together
    ("classes 9:30-11:30 and 14:00-16:00", None),
    ("open 9 to 1 and Friday 2 to 6", ("open ", ["9 to 1", "Friday 2 to 6"])),  # the first day said before
    ("open Tuesdays 5 to 8 in the evening, Saturdays 10-2", ("open ", ["Tuesdays 5 to 8 in the evening", "Saturdays 10-2"])),
    ("between 9 and 5", None),
    ("9 to 5", None),
    ("fish and chips 5 to 7", None),
    ("7 to 3 and 3 to 11 at the hospital in Kumasi", None),  # words after the list: not cut
])
def test_a_value_lists_its_spans(value, want):
    assert spans(value) == want


@pytest.mark.parametrize("f, want", [
    (card("Tavita", "shifts", "Monday 8 to 4 and Friday 12 to 8", "Tavita's shifts are Monday 8 to 4 and Friday 12 to 8",
          "semantic"),
     [("Tavita", "Monday 8 to 4", "Tavita's shifts are Monday 8 to 4"),
      ("Tavita", "Friday 12 to 8", "Tavita's shifts are Friday 12 to 8")]),
    (card("Sari-Sari Lending Library", "routine", "open Wednesdays 4 to 7 and Sundays 10 to 12",
          "Sari-Sari Lending Library: open Wednesdays 4 to 7 and Sundays 10 to 12"),
     [("Sari-Sari Lending Library", "open Wednesdays 4 to 7", "Sari-Sari Lending Library: open Wednesdays 4 to 7"),
      ("Sari-Sari Lending Library", "open Sundays 10 to 12", "Sari-Sari Lending Library: open Sundays 10 to 12")]),
])
def test_each_span_is_a_card_with_the_shared_head(f, want):
    assert [(g.subject, g.value, g.text) for g in hours_apart(f)] == want


@pytest.mark.parametrize("type_", ["safety", "process", "preference"])
def test_rules_processes_and_likings_stay_whole(type_):
    f = card("Oksana", "rule", "Monday 8 to 4 and Friday 12 to 8", "Oksana: Monday 8 to 4 and Friday 12 to 8", type_)
    assert hours_apart(f) == [f]


@pytest.mark.usefixtures("parser_installed")
def test_a_turn_listing_two_days_hours_gives_a_card_per_day():
    got = learn("my shifts are Monday 8 to 4 and Friday 12 to 8", None, at=AT, owner="Wiremu", role="owner",
                speaker="Wiremu")
    values = [f.value for f in got]
    assert any("Monday 8 to 4" in v and "Friday" not in v for v in values)
    assert any("Friday 12 to 8" in v and "Monday" not in v for v in values)
