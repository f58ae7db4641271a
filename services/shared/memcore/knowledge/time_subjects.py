"""A time taken for whom a fact is about (issue 35, precision): "Sunday is the quiz in the back room" is no fact
about Sunday, "the show is 9 May at the Guildhall" makes no one called May work at the Guildhall, "June to
September is mad, four gigs a week" says nothing of June. A note-taker keeps what happens then, of whom it happens.

A weekday is never a person; a month is one only when the turn never says it as a date: beside a day's number
("9 May", "May 9th"), in a span ("June to September", "mid March") or after "in"/"since"/"until". Pure.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from ..calendar_words import MONTH_ALT, WEEKDAY_ALT

_SEASON = "spring|summer|autumn|fall|winter"
_TIME_SUBJECT = re.compile(rf"(?i)^(?:(?:mid|early|late|the|every|each|on)[\s-]+)?(?:(?P<day>(?:{WEEKDAY_ALT})s?)|(?P<season>{_SEASON})|"
                           rf"(?P<month>{MONTH_ALT}))$")
_SPAN = r"\s*(?:to|till|until|through|-|–)\s*"


def time_for_subject(subject: str, turn: Sequence[str]) -> bool:
    """Whether the fact's subject is a day, a season or a month the turn says as a date, no one of whom it is."""
    m = _TIME_SUBJECT.match(subject.strip())
    if m is None:
        return False
    if not m.group("month"):
        return True
    month = m.group("month")
    as_date = re.compile(rf"(?i)(?:\b\d{{1,2}}(?:st|nd|rd|th)?(?:\s+of)?\s+{month}\b|\b{month}\s+\d{{1,2}}(?:st|nd|rd|th)?\b|"
                         rf"\b(?:mid|early|late|in|since|until|till|from)[\s-]+{month}\b|\b{month}{_SPAN}(?:(?:mid|early|late)\s+)?"
                         rf"(?:{MONTH_ALT})\b|\b(?:{MONTH_ALT}){_SPAN}(?:(?:mid|early|late)\s+)?{month}\b)")
    return any(as_date.search(said) for said in turn)


__all__ = ["time_for_subject"]
