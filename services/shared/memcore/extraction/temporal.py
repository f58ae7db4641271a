"""Time expressions and their resolution against the moment an utterance was made.

"yesterday", "the day before yesterday", "Friday", "last week", "3 days ago", "last May",
"since March", "on 8 May 2023", "next Tuesday", "by Friday", "due end of July". Past expressions
make a statement episodic and give it an event date; future ones ("due", "by Friday", "deadline")
signal urgency. "every Sunday" is a routine, no date.

Resolution is calendar arithmetic: a month back from 31 March is the last day of February (the
29th in a leap year), a year back from 29 February is the 28th; a period resolves to its first day
("last week" to that week's Monday, "last May" to 1 May of the latest May before this month); a past
expression never lands after the moment it was said.
"""

from __future__ import annotations

import calendar
import re

from ..calendar_words import MONTHS, WEEKDAYS, WEEKDAY_ALT
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import lru_cache


# each month and its first three letters: its own list ("sep", never "sept", as the dates below have always read)
_MON = "|".join(MONTHS + tuple(m[:3] for m in MONTHS))
_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20, "couple of": 2, "few": 3,
}
_COUNT = r"\d+|" + "|".join(sorted((k.replace(" ", r"\s+") for k in _NUMBER_WORDS), key=len, reverse=True))

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("iso", re.compile(r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b")),
    ("dmy", re.compile(rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{_MON})\.?,?\s+(?P<y>\d{{4}})\b", re.I)),
    ("mdy", re.compile(rf"\b(?P<mon>{_MON})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y>\d{{4}})\b", re.I)),
    ("ago", re.compile(rf"\b(?P<n>{_COUNT})\s+(?P<unit>minute|hour|day|week|month|year)s?\s+ago\b", re.I)),
    ("day_before_yesterday", re.compile(r"\b(?:the\s+)?day\s+before\s+yesterday\b", re.I)),
    ("day_after_tomorrow", re.compile(r"\b(?:the\s+)?day\s+after\s+tomorrow\b", re.I)),
    ("yesterday", re.compile(r"\b(?:yesterday|last\s+night)\b", re.I)),
    ("today", re.compile(r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening))\b", re.I)),
    ("tomorrow", re.compile(r"\btomorrow\b", re.I)),
    ("last_unit", re.compile(r"\blast\s+(?P<unit>week|month|year|weekend)\b", re.I)),
    ("this_unit", re.compile(r"\bthis\s+(?P<unit>week|month|year|weekend)\b", re.I)),
    ("next_unit", re.compile(r"\bnext\s+(?P<unit>week|month|year|weekend)\b", re.I)),
    ("recurring", re.compile(rf"\b(?:every\s+(?:{WEEKDAY_ALT}|day|week|month|year|weekend|morning|night)\b|"
                             rf"(?:on\s+)?(?:{WEEKDAY_ALT})s\b)", re.I)),
    ("weekday", re.compile(rf"\b(?P<rel>last|next|this|on|by|until|before)?\s*(?P<wd>{WEEKDAY_ALT})\b", re.I)),
    ("month", re.compile(rf"\b(?P<rel>end\s+of|in|by|since|last|next)\s+(?P<mon>{_MON})\b", re.I)),
)
_FUTURE_CUES = re.compile(
    r"\b(?:due|deadline|by\s+(?:the\s+)?(?:end|" + WEEKDAY_ALT + r"|tomorrow|tonight|noon|monday|next)|"
    r"before\s+(?:" + WEEKDAY_ALT + r"|tomorrow|the\s+end)|until|asap|urgent|urgently|overdue|late|expires?|"
    r"tomorrow|next\s+(?:week|month|" + WEEKDAY_ALT + r"))\b",
    re.I,
)


@dataclass(frozen=True)
class TimeExpression:
    text: str
    start: int
    end: int
    kind: str
    resolved: date | None
    future: bool


def _month_number(name: str) -> int:
    key = name.lower()[:3]
    return [m[:3] for m in MONTHS].index(key) + 1


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


def add_months(day: date, months: int) -> date:
    """`day` moved by whole calendar months, the day of the month kept or clamped to the month's
    last day (31 March - 1 month = 29 February 2024; 29 February 2024 - 12 months = 28 February 2023)."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def _count(raw: str) -> int:
    raw = re.sub(r"\s+", " ", raw.lower())
    return int(raw) if raw.isdigit() else _NUMBER_WORDS.get(raw, 1)


def _ago(n: int, unit: str, today: date, moment: datetime | None) -> date:
    if unit in ("minute", "hour"):
        return (moment - timedelta(**{unit + "s": n})).date() if moment else today
    if unit in ("day", "week"):
        return today - timedelta(**{unit + "s": n})
    return add_months(today, -n * (12 if unit == "year" else 1))


def _period_start(unit: str, today: date, offset: int) -> date:
    """First day of the week (Monday), weekend (Saturday), month or year `offset` periods from today's."""
    if unit in ("week", "weekend"):
        monday = today - timedelta(days=today.weekday()) + timedelta(weeks=offset)
        return monday + timedelta(days=5) if unit == "weekend" else monday
    if unit == "month":
        return add_months(today.replace(day=1), offset)
    return date(today.year + offset, 1, 1)


def _weekday(rel: str, target: int, today: date) -> tuple[date, bool]:
    if rel == "next":
        return today + timedelta(days=(target - today.weekday()) % 7 or 7), True
    if rel in ("by", "until", "before"):
        return today + timedelta(days=(target - today.weekday()) % 7), True
    if rel == "this":
        day = today + timedelta(days=target - today.weekday())
        return day, day > today
    back = (today.weekday() - target) % 7
    return today - timedelta(days=back or (7 if rel == "last" else 0)), False


def _month(rel: str, month: int, today: date) -> tuple[date, bool]:
    """'last May': the latest May before this month; 'since March': the latest March not ahead;
    'next May': the first May after this month; 'by June', 'end of June': this June or the coming one;
    'in March': this year's (ahead of today it is taken as planned, so future)."""
    year = today.year
    if rel == "last":
        return date(year - (month >= today.month), month, 1), False
    if rel == "since":
        return date(year - (month > today.month), month, 1), False
    if rel == "next":
        return date(year + (month <= today.month), month, 1), True
    if rel == "in":
        return date(year, month, 1), month > today.month
    year += month < today.month
    day = calendar.monthrange(year, month)[1] if rel.startswith("end") else 1
    return date(year, month, day), True


def _resolve(kind: str, m: re.Match[str], today: date, moment: datetime | None) -> tuple[date | None, bool]:
    if kind in ("iso", "dmy", "mdy"):
        month = int(m["m"]) if kind == "iso" else _month_number(m["mon"])
        day = _safe_date(int(m["y"]), month, int(m["d"]))
        return day, day is not None and day > today
    if kind == "ago":
        return _ago(_count(m["n"]), m["unit"].lower(), today, moment), False
    fixed = {"day_before_yesterday": (-2, False), "yesterday": (-1, False), "today": (0, False),
             "tomorrow": (1, True), "day_after_tomorrow": (2, True)}
    if kind in fixed:
        days, future = fixed[kind]
        return today + timedelta(days=days), future
    if kind in ("last_unit", "this_unit", "next_unit"):
        offset = {"last_unit": -1, "this_unit": 0, "next_unit": 1}[kind]
        start = _period_start(m["unit"].lower(), today, offset)
        return start, start > today
    if kind == "weekday":
        return _weekday((m["rel"] or "").lower(), WEEKDAYS.index(m["wd"].lower()), today)
    if kind == "month":
        return _month(re.sub(r"\s+", " ", m["rel"].lower()), _month_number(m["mon"]), today)
    return None, False


@lru_cache(maxsize=1024)
def _said(text: str) -> tuple[tuple[str, re.Match[str]], ...]:
    """The time expressions of `text` as matched, each with its kind, the first pattern's where two
    overlap. Remembered for the last texts (a pure function of the text): a statement is searched by
    the extraction (classify, event_date) and again by the knowledge readers, against other dates."""
    found: list[tuple[str, re.Match[str]]] = []
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            if not any(m.start() < t.end() and t.start() < m.end() for _, t in found):
                found.append((kind, m))
    return tuple(found)


def find_time_expressions(text: str, at: datetime | date | None = None) -> list[TimeExpression]:
    """Every time expression of `text`, resolved against `at` (default: now)."""
    moment = at if isinstance(at, datetime) else None
    today = (at.date() if isinstance(at, datetime) else at) or date.today()
    found: list[TimeExpression] = []
    for kind, m in _said(text):
        try:
            resolved, future = _resolve(kind, m, today, moment)
        except (ValueError, OverflowError):  # beyond the calendar: "3000 years ago"
            resolved, future = None, False
        found.append(TimeExpression(m.group(0).strip(), m.start(), m.end(), kind, resolved, future))
    return sorted(found, key=lambda t: t.start)


def event_date(text: str, at: datetime | date | None) -> date | None:
    """The date a past event happened, when the text places it in time."""
    for expr in find_time_expressions(text, at):
        if not expr.future and expr.resolved is not None:
            return expr.resolved
    return None


def has_urgency(text: str) -> bool:
    """Deadlines and urgency: "due end of July", "by Friday", "ASAP", "late"."""
    return bool(_FUTURE_CUES.search(text))
