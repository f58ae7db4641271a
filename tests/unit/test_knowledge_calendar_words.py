"""The calendar's words (memcore.calendar_words): each short form stands for its day or month, and each regex
piece accepts every form it promises and nothing else."""
from __future__ import annotations

import re

import pytest

from memcore import calendar_words as cw


def _whole(piece: str) -> re.Pattern[str]:
    return re.compile(rf"(?i)(?:{piece})")


def test_lists_are_the_calendar_in_order():
    assert cw.WEEKDAYS == ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
    assert len(cw.MONTHS) == 12 and cw.MONTHS[0] == "january" and cw.MONTHS[4] == "may" and cw.MONTHS[-1] == "december"
    assert cw.SEASONS == ("spring", "summer", "autumn", "winter")
    assert cw.WEEKDAY_SET == set(cw.WEEKDAYS) and cw.MONTH_SET == set(cw.MONTHS)


@pytest.mark.parametrize("short", sorted(cw.SHORT_DAYS))
def test_each_short_day_stands_for_the_day_it_opens(short):
    day = cw.SHORT_DAYS[short]
    assert day.lower() in cw.WEEKDAYS and day[0].isupper()
    # "weds" is the one short day that is not the day's opening letters ("wednesday")
    assert day.lower().startswith(short) or short == "weds"


def test_short_days_cover_every_day():
    assert {d.lower() for d in cw.SHORT_DAYS.values()} == set(cw.WEEKDAYS)


def test_month_stems_and_abbreviations():
    assert all(cw.MONTH_OF_STEM[s[:3]].startswith(s) for s in cw.MONTH_STEMS)
    assert {cw.MONTH_OF_STEM[s[:3]] for s in cw.MONTH_STEMS} == set(cw.MONTHS)
    assert "may" in cw.MONTH_STEMS and "may" not in cw.MONTH_ABBREVIATIONS
    assert set(cw.MONTH_ABBREVIATIONS) == set(cw.MONTH_STEMS) - {"may"}
    assert cw.MONTH_OF_STEM["sep"] == "september" and cw.MONTH_OF_STEM["may"] == "may"


@pytest.mark.parametrize(("piece", "accepted"), [
    (cw.WEEKDAY_ALT, set(cw.WEEKDAYS)),
    (cw.WEEKDAYS_PLURAL_ALT, {d + "s" for d in cw.WEEKDAYS}),
    (cw.WEEKDAY, set(cw.WEEKDAYS)),
    (cw.MONTH_ALT, set(cw.MONTHS)),
    (cw.MONTH_ABBREVIATION_ALT, set(cw.MONTH_ABBREVIATIONS)),
    (cw.MONTH_STEM_ALT, set(cw.MONTH_STEMS)),
    (cw.MONTH_OR_ABBREVIATION_ALT, set(cw.MONTHS) | set(cw.MONTH_ABBREVIATIONS)),
    (cw.SEASON_ALT, set(cw.SEASONS)),
    (cw.SHORT_DAY, set(cw.SHORT_DAYS)),
])
def test_each_piece_accepts_what_it_promises_and_no_other_word(piece, accepted):
    pattern = _whole(piece)
    for word in accepted:
        assert pattern.fullmatch(word) and pattern.fullmatch(word.capitalize()), word
    others = (set(cw.WEEKDAYS) | {d + "s" for d in cw.WEEKDAYS} | set(cw.MONTHS) | set(cw.MONTH_STEMS) | set(cw.SEASONS)
              | set(cw.SHORT_DAYS) | {"fall", "mays", "thursd", "wednes", "satur", "tu", "sept.", "mondayss", "day"})
    for word in others - accepted:
        assert not pattern.fullmatch(word), word


def test_pieces_have_no_groups_to_shift_the_callers_groups():
    for piece in (cw.WEEKDAY_ALT, cw.WEEKDAYS_PLURAL_ALT, cw.WEEKDAY, cw.MONTH_ALT, cw.MONTH_ABBREVIATION_ALT,
                  cw.MONTH_STEM_ALT, cw.MONTH_OR_ABBREVIATION_ALT, cw.SEASON_ALT, cw.SHORT_DAY):
        assert re.compile(piece).groups == 0


def test_a_longer_short_day_wins():
    # "thurs" is read whole, not as "thu" and a stray "rs"
    assert re.match(cw.SHORT_DAY, "thurs").group(0) == "thurs"
    assert re.match(cw.SHORT_DAY, "weds").group(0) == "weds"
