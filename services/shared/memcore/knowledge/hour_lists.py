"""Opening hours and shifts listed in one breath are one card per span (issue 35, docs/formation-spec.md
"Several facts in a turn": lists give one card per item when a question would ask about one at a time).

"open Tuesday 5 to 8 and Saturday 10 to 2", "my shifts are Monday 8 to 4 and Friday 12 to 8": a question asks
about one day ("are they open on Saturday?"), so the note-taker writes one card per day's span, each with the
head the list shares ("open"). A span is a day (or none, for the first) and a time "to" a time; a list is two
or more spans joined by "and" or a comma, every one after the first with its own day. One day's times
("lessons 9:30-12:30 and 13:30-15:30", "three sittings: 12:30, 13:15, 14:00") are asked about together and
stay one card, as do "between 9 and 5", "9 to 5" alone, a list with words after it that might belong to
only one item, and rules and processes. Pure.
"""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY
from .models import Fact
from .vocabulary import content_words

_TIME = r"\d{1,2}(?:[:.]\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?"
_DAY = rf"(?:{WEEKDAY}s?|weekends?)"
_SPAN = (rf"(?:{_DAY}\s+)?{_TIME}\s*(?:to|till|until|-|–)\s*{_TIME}"
         r"(?:\s+(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+night))?")
_JOIN = r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)"
_LIST = re.compile(rf"(?P<spans>{_SPAN}(?:{_JOIN}{_SPAN})+)(?P<tail>[\s.!]*)$", re.I)
_ONE = re.compile(_SPAN, re.I)
_DAY_AT_END = re.compile(rf"\b{_DAY}\s*$", re.I)
_DAY_AT_START = re.compile(rf"^{_DAY}\b", re.I)


def spans(value: str) -> tuple[str, list[str]] | None:
    """The head a value's list of spans shares and each span, or None when it lists no spans."""
    m = _LIST.search(value)
    if m is None:
        return None
    items = [s.group(0).strip() for s in _ONE.finditer(m.group("spans"))]
    if len(items) < 2 or not all(_DAY_AT_START.match(i) for i in items[1:]):
        return None  # "lessons 9:30-12:30 and 13:30-15:30": one day's times, asked about together
    return value[:m.start()], items


def _with_head(head: str, item: str) -> str:
    """The item after the head; a day the head ends on gives way to the item's own ("open Wednesday" + "Friday 2 to 6")."""
    if _DAY_AT_START.match(item):
        head = _DAY_AT_END.sub("", head.rstrip()) + " "
    return f"{head.rstrip()} {item}".strip() if head.strip() else item


def hours_apart(f: Fact) -> list[Fact]:
    """A routine or lasting card listing spans as one card per span; any other card as it is."""
    if f.type not in ("routine", "semantic"):
        return [f]
    found = spans(f.value)
    at = f.text.find(f.value)
    if found is None or at < 0:
        return [f]
    head, items = found
    before, after = f.text[:at], f.text[at + len(f.value):]
    out = []
    for n, item in enumerate(items):
        value = _with_head(head, item) if head.strip() else item
        line_head = before if n == 0 or not _DAY_AT_START.match(value) else _DAY_AT_END.sub("", before.rstrip()) + " "
        subject = f.subject if n == 0 or not _DAY_AT_START.match(item) else _DAY_AT_END.sub("", f.subject).strip() or f.subject
        out.append(Fact(subject if content_words(subject) else f.subject, f.predicate, value, f.type, f.certainty,
                        " ".join(f"{line_head}{value}{after}".split())))
    return out


def each_span_apart(cards: list[Fact]) -> list[Fact]:
    """Every card of a turn, a listed span of hours as a card of its own."""
    return [g for f in cards for g in hours_apart(f)]


__all__ = ["each_span_apart", "hours_apart", "spans"]
