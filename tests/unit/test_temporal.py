"""Relative time expressions resolve by the calendar against the moment they were said.

Each expression the module knows is checked on several reference dates, among them month ends,
29 February and the turn of a year. A past expression never lands after the moment it was said;
a period ("last week", "last May", "this month") resolves to its first day.
"""
from datetime import date, datetime, timezone

import pytest

from memcore.extraction.temporal import event_date, find_time_expressions

WED_10_JAN_2024 = date(2024, 1, 10)
SUN_31_MAR_2024 = date(2024, 3, 31)  # leap year
FRI_31_MAR_2023 = date(2023, 3, 31)
THU_29_FEB_2024 = date(2024, 2, 29)
TUE_31_DEC_2024 = date(2024, 12, 31)
MON_1_JAN_2024 = date(2024, 1, 1)
FRI_1_MAR_2024 = date(2024, 3, 1)


def only(text: str, today: date):
    found = find_time_expressions(text, today)
    assert len(found) == 1, f"{text!r}: {found}"
    return found[0].resolved, found[0].future


PAST = [
    # yesterday, last night, the day before yesterday
    ("yesterday", WED_10_JAN_2024, date(2024, 1, 9)),
    ("yesterday", FRI_1_MAR_2024, date(2024, 2, 29)),
    ("yesterday", MON_1_JAN_2024, date(2023, 12, 31)),
    ("last night", FRI_1_MAR_2024, date(2024, 2, 29)),
    ("the day before yesterday", WED_10_JAN_2024, date(2024, 1, 8)),
    ("the day before yesterday", FRI_1_MAR_2024, date(2024, 2, 28)),
    ("the day before yesterday", date(2023, 3, 1), date(2023, 2, 27)),
    ("day before yesterday", MON_1_JAN_2024, date(2023, 12, 30)),
    # today and its parts
    ("today", THU_29_FEB_2024, THU_29_FEB_2024),
    ("this morning", THU_29_FEB_2024, THU_29_FEB_2024),
    ("this afternoon", TUE_31_DEC_2024, TUE_31_DEC_2024),
    ("this evening", MON_1_JAN_2024, MON_1_JAN_2024),
    ("tonight", WED_10_JAN_2024, WED_10_JAN_2024),
    # N units ago: days and weeks by the day, months and years by the calendar
    ("3 days ago", date(2024, 3, 2), date(2024, 2, 28)),
    ("a couple of days ago", MON_1_JAN_2024, date(2023, 12, 30)),
    ("two weeks ago", WED_10_JAN_2024, date(2023, 12, 27)),
    ("a few weeks ago", WED_10_JAN_2024, date(2023, 12, 20)),
    ("a month ago", SUN_31_MAR_2024, date(2024, 2, 29)),
    ("a month ago", FRI_31_MAR_2023, date(2023, 2, 28)),
    ("one month ago", WED_10_JAN_2024, date(2023, 12, 10)),
    ("six months ago", date(2024, 8, 31), date(2024, 2, 29)),
    ("2 months ago", TUE_31_DEC_2024, date(2024, 10, 31)),
    ("twelve months ago", THU_29_FEB_2024, date(2023, 2, 28)),
    ("a year ago", THU_29_FEB_2024, date(2023, 2, 28)),
    ("two years ago", WED_10_JAN_2024, date(2022, 1, 10)),
    ("4 years ago", THU_29_FEB_2024, date(2020, 2, 29)),
    # last week / weekend / month / year: the first day of that period
    ("last week", WED_10_JAN_2024, date(2024, 1, 1)),
    ("last week", MON_1_JAN_2024, date(2023, 12, 25)),
    ("last weekend", WED_10_JAN_2024, date(2024, 1, 6)),
    ("last weekend", SUN_31_MAR_2024, date(2024, 3, 23)),
    ("last month", SUN_31_MAR_2024, date(2024, 2, 1)),
    ("last month", WED_10_JAN_2024, date(2023, 12, 1)),
    ("last year", THU_29_FEB_2024, date(2023, 1, 1)),
    # this week / weekend (once begun) / month / year
    ("this week", WED_10_JAN_2024, date(2024, 1, 8)),
    ("this week", SUN_31_MAR_2024, date(2024, 3, 25)),
    ("this weekend", SUN_31_MAR_2024, date(2024, 3, 30)),
    ("this month", THU_29_FEB_2024, date(2024, 2, 1)),
    ("this year", TUE_31_DEC_2024, date(2024, 1, 1)),
    # weekdays: bare, "on", "last" (strictly before today), "this" (this week, once past)
    ("Monday", WED_10_JAN_2024, date(2024, 1, 8)),
    ("on Friday", FRI_31_MAR_2023, FRI_31_MAR_2023),
    ("last Friday", WED_10_JAN_2024, date(2024, 1, 5)),
    ("last Friday", FRI_31_MAR_2023, date(2023, 3, 24)),
    ("last Thursday", FRI_1_MAR_2024, date(2024, 2, 29)),
    ("last Sunday", FRI_1_MAR_2024, date(2024, 2, 25)),
    ("last Tuesday", MON_1_JAN_2024, date(2023, 12, 26)),
    ("this Monday", WED_10_JAN_2024, date(2024, 1, 8)),
    # months: "last May" and "since March" never lie ahead
    ("last May", WED_10_JAN_2024, date(2023, 5, 1)),
    ("last May", date(2024, 5, 20), date(2023, 5, 1)),
    ("last March", date(2024, 4, 2), date(2024, 3, 1)),
    ("last December", TUE_31_DEC_2024, date(2023, 12, 1)),
    ("since March", WED_10_JAN_2024, date(2023, 3, 1)),
    ("since March", SUN_31_MAR_2024, date(2024, 3, 1)),
    ("since Dec", TUE_31_DEC_2024, date(2024, 12, 1)),
    ("since January", MON_1_JAN_2024, date(2024, 1, 1)),
    ("in March", date(2024, 4, 1), date(2024, 3, 1)),
    ("in January", WED_10_JAN_2024, date(2024, 1, 1)),
    # explicit dates
    ("2023-05-08", WED_10_JAN_2024, date(2023, 5, 8)),
    ("3rd of March 2021", WED_10_JAN_2024, date(2021, 3, 3)),
    ("Feb 29, 2024", TUE_31_DEC_2024, date(2024, 2, 29)),
]

FUTURE = [
    ("tomorrow", date(2024, 2, 28), date(2024, 2, 29)),
    ("tomorrow", TUE_31_DEC_2024, date(2025, 1, 1)),
    ("the day after tomorrow", date(2024, 2, 28), FRI_1_MAR_2024),
    ("next week", TUE_31_DEC_2024, date(2025, 1, 6)),
    ("next week", SUN_31_MAR_2024, date(2024, 4, 1)),
    ("next weekend", WED_10_JAN_2024, date(2024, 1, 20)),
    ("next month", date(2024, 1, 31), date(2024, 2, 1)),
    ("next month", TUE_31_DEC_2024, date(2025, 1, 1)),
    ("next year", THU_29_FEB_2024, date(2025, 1, 1)),
    ("this weekend", WED_10_JAN_2024, date(2024, 1, 13)),
    ("this Friday", WED_10_JAN_2024, date(2024, 1, 12)),
    ("next Tuesday", TUE_31_DEC_2024, date(2025, 1, 7)),
    ("next Friday", THU_29_FEB_2024, FRI_1_MAR_2024),
    ("by Friday", date(2024, 2, 28), FRI_1_MAR_2024),
    ("by Friday", FRI_31_MAR_2023, FRI_31_MAR_2023),
    ("until Monday", SUN_31_MAR_2024, date(2024, 4, 1)),
    ("before Wednesday", WED_10_JAN_2024, WED_10_JAN_2024),
    ("next May", WED_10_JAN_2024, date(2024, 5, 1)),
    ("next January", WED_10_JAN_2024, date(2025, 1, 1)),
    ("next March", SUN_31_MAR_2024, date(2025, 3, 1)),
    ("by June", TUE_31_DEC_2024, date(2025, 6, 1)),
    ("by June", date(2024, 6, 15), date(2024, 6, 1)),
    ("in March", WED_10_JAN_2024, date(2024, 3, 1)),
    ("end of February", WED_10_JAN_2024, THU_29_FEB_2024),
    ("end of February", date(2023, 1, 10), date(2023, 2, 28)),
    ("end of January", TUE_31_DEC_2024, date(2025, 1, 31)),
    ("on 8 May 2024", WED_10_JAN_2024, date(2024, 5, 8)),
    ("2025-01-01", TUE_31_DEC_2024, date(2025, 1, 1)),
]


@pytest.mark.parametrize(("text", "today", "expected"), PAST)
def test_past_expression_resolves_by_the_calendar(text, today, expected):
    assert only(text, today) == (expected, False)


@pytest.mark.parametrize(("text", "today", "expected"), FUTURE)
def test_future_expression_resolves_to_the_coming_date(text, today, expected):
    assert only(text, today) == (expected, True)


REFERENCES = [WED_10_JAN_2024, SUN_31_MAR_2024, FRI_31_MAR_2023, THU_29_FEB_2024, TUE_31_DEC_2024,
              MON_1_JAN_2024, FRI_1_MAR_2024]


@pytest.mark.parametrize("today", REFERENCES)
def test_past_never_lies_ahead_and_future_never_behind(today):
    texts = {t for t, _, _ in PAST + FUTURE}
    for text in texts:
        for e in find_time_expressions(text, today):
            assert e.resolved is not None, (text, today, e)
            assert e.resolved >= today if e.future else e.resolved <= today, (text, today, e)
    for word in ("last", "since"):
        for month in ("January", "February", "May", "August", "December"):
            (e,) = find_time_expressions(f"{word} {month}", today)
            assert not e.future and e.resolved <= today, (word, month, today, e)


def test_recurring_days_are_no_date():
    found = find_time_expressions("We ride bikes every Sunday after lunch.", WED_10_JAN_2024)
    assert [(e.kind, e.resolved, e.future) for e in found] == [("recurring", None, False)]
    assert event_date("We ride bikes every Sunday after lunch.", WED_10_JAN_2024) is None
    assert event_date("On Saturdays we go swimming.", WED_10_JAN_2024) is None


def test_counts_in_words_and_digits():
    at = date(2024, 7, 31)
    assert only("ten days ago", at)[0] == date(2024, 7, 21)
    assert only("eleven months ago", at)[0] == date(2023, 8, 31)
    assert only("an hour ago", at) == (at, False)


def test_an_impossible_date_resolves_to_nothing():
    assert only("29 February 2023", WED_10_JAN_2024) == (None, False)
    assert only("3000 years ago", WED_10_JAN_2024) == (None, False)
    assert only("1000000 days ago", WED_10_JAN_2024) == (None, False)


def test_event_date_reads_the_first_past_expression_of_a_sentence():
    at = datetime(2024, 1, 10, 9, 30, tzinfo=timezone.utc)
    assert event_date("We moved here last May.", at) == date(2023, 5, 1)
    assert event_date("I've been learning the piano since March.", at) == date(2023, 3, 1)
    assert event_date("Grandma visited the day before yesterday.", at) == date(2024, 1, 8)
    assert event_date("The report is due next week, we started it last week.", at) == date(2024, 1, 1)
    assert event_date("The report is due end of February.", at) is None
