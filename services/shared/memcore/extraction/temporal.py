"""Time expressions and their resolution against the moment an utterance was made.

"yesterday", "Friday", "last week", "3 days ago", "on 8 May 2023", "next Tuesday",
"by Friday", "due end of July". Past expressions make a statement episodic and give it
an event date; future ones ("due", "by Friday", "deadline") signal urgency.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from .lexicon import MONTHS, WEEKDAYS

_WD = "|".join(WEEKDAYS)
_MON = "|".join(MONTHS + tuple(m[:3] for m in MONTHS))
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twenty": 20, "couple of": 2, "few": 3,
}

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("iso", re.compile(r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b")),
    ("dmy", re.compile(rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{_MON})\.?,?\s+(?P<y>\d{{4}})\b", re.I)),
    ("mdy", re.compile(rf"\b(?P<mon>{_MON})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y>\d{{4}})\b", re.I)),
    ("ago", re.compile(r"\b(?P<n>\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twenty|couple\s+of|few)\s+"
                       r"(?P<unit>day|week|month|year)s?\s+ago\b", re.I)),
    ("yesterday", re.compile(r"\b(?:yesterday|last\s+night)\b", re.I)),
    ("today", re.compile(r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening))\b", re.I)),
    ("tomorrow", re.compile(r"\btomorrow\b", re.I)),
    ("last_unit", re.compile(r"\blast\s+(?P<unit>week|month|year|weekend)\b", re.I)),
    ("this_unit", re.compile(r"\bthis\s+(?P<unit>week|month|year|weekend)\b", re.I)),
    ("next_unit", re.compile(r"\bnext\s+(?P<unit>week|month|year|weekend)\b", re.I)),
    ("weekday", re.compile(rf"\b(?P<rel>last|next|this|on|by|until|before)?\s*(?P<wd>{_WD})\b", re.I)),
    ("month", re.compile(rf"\b(?P<rel>end\s+of|in|by|since|last|next)\s+(?P<mon>{_MON})\b", re.I)),
)
_FUTURE_CUES = re.compile(
    r"\b(?:due|deadline|by\s+(?:the\s+)?(?:end|" + _WD + r"|tomorrow|tonight|noon|monday|next)|"
    r"before\s+(?:" + _WD + r"|tomorrow|the\s+end)|until|asap|urgent|urgently|overdue|late|expires?|"
    r"tomorrow|next\s+(?:week|month|" + _WD + r"))\b",
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


def _resolve(kind: str, m: re.Match[str], today: date) -> tuple[date | None, bool]:
    if kind == "iso":
        return _safe_date(int(m["y"]), int(m["m"]), int(m["d"])), False
    if kind in ("dmy", "mdy"):
        return _safe_date(int(m["y"]), _month_number(m["mon"]), int(m["d"])), False
    if kind == "ago":
        raw = m["n"].lower()
        n = int(raw) if raw.isdigit() else _NUMBER_WORDS.get(re.sub(r"\s+", " ", raw), 1)
        return today - timedelta(days=n * _UNIT_DAYS[m["unit"].lower()]), False
    if kind == "yesterday":
        return today - timedelta(days=1), False
    if kind == "today":
        return today, False
    if kind == "tomorrow":
        return today + timedelta(days=1), True
    if kind in ("last_unit", "this_unit", "next_unit"):
        unit = m["unit"].lower()
        days = 7 if unit in ("week", "weekend") else _UNIT_DAYS[unit]
        sign = {"last_unit": -1, "this_unit": 0, "next_unit": 1}[kind]
        return today + timedelta(days=sign * days), sign > 0
    if kind == "weekday":
        target = WEEKDAYS.index(m["wd"].lower())
        rel = (m["rel"] or "").lower()
        if rel in ("next", "by", "until", "before"):
            ahead = (target - today.weekday()) % 7 or 7
            return today + timedelta(days=ahead), True
        back = (today.weekday() - target) % 7
        if rel == "last" and back == 0:
            back = 7
        return today - timedelta(days=back), False
    if kind == "month":
        rel = m["rel"].lower()
        month = _month_number(m["mon"])
        future = rel in ("by", "next") or rel.startswith("end") or month > today.month and rel == "in"
        year = today.year + (1 if future and month < today.month else 0)
        return None if future else _safe_date(year, month, 1), future
    return None, False


def find_time_expressions(text: str, at: datetime | date | None = None) -> list[TimeExpression]:
    today = (at.date() if isinstance(at, datetime) else at) or date.today()
    found: list[TimeExpression] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            resolved, future = _resolve(kind, m, today)
            found.append(TimeExpression(m.group(0).strip(), m.start(), m.end(), kind, resolved, future))
            taken.append((m.start(), m.end()))
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
