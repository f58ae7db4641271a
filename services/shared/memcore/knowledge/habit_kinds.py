"""A card that says how often someone does something is a routine, whatever family read it (issue 35,
docs/formation-spec.md "Types": a routine is what recurs). "my mother comes from the village every second
Saturday", "his dad goes away for three weeks sometimes", "Ola visits twice a term", "he comes home only in December": a verb of the person's
said with how often, which a reader of ties or of plain facts took as a tie ("mother | comes") or a fact
("dad | goes"). The card keeps its words; only its type changes.

Not a tie itself (the predicate a relation word: "Ben is my cousin, we meet every Sunday" keeps the
tie), not a liking or a rule (their own types), not a price or a discount ("£40 a month", "30% off on weekdays") or a one-off ("next week").
Pure.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..calendar_words import MONTH_ALT, SEASON_ALT
from .models import Fact
from .rule_basics import RECURRENCE
from .vocabulary import RELATIONS

# how often, said without a period: "sometimes", "now and then", "once in a while"
_NOW_AND_THEN = re.compile(r"(?i)\b(?:sometimes|occasionally|regularly|now\s+and\s+(?:then|again)|from\s+time\s+to\s+time|"
                           r"every\s+so\s+often|once\s+in\s+a\s+while)\b")
# a time of year said with "only": "he comes home only in December", "she visits only at Christmas" (without
# "only", "my aunt comes in December" is as often this December's plan as a habit)
_ONLY_AT_A_TIME_OF_YEAR = re.compile(rf"(?i)\bonly\s+(?:in|at|during|over)\s+(?:the\s+)?(?:{MONTH_ALT}|{SEASON_ALT}|christmas|"
                                     r"easter|ramadan|holidays|summer\s+holidays|school\s+holidays)\b")
# a one-off, a price or a discount ("30% off on weekdays": what is paid, not what is done)
_NOT_A_HABIT = re.compile(r"(?i)\b(?:next|last|this|tomorrow|yesterday|today|tonight|ago)\b|[£$€]\s*\d|\d\s*%|\bper\s*cent\b")
# how a person is, more than how often ("she always wins", "he usually knows"): no habit by itself
_ADVERBS_ONLY = frozenset("usually normally always often".split())
# a verb's predicate, as the readers write it: "comes", "goes", "visit", "takes" (no relation word, no slot name)
_VERB = re.compile(r"^[a-z]+$")


def as_habit(f: Fact) -> Fact:
    """The card as a routine when it is a person's doing said with how often; else as it was."""
    if f.type not in ("relationship", "semantic") or not _VERB.match(f.predicate) or f.predicate in RELATIONS:
        return f
    often = [m.group(0).lower() for m in RECURRENCE.finditer(f.value)]
    if not (any(w not in _ADVERBS_ONLY for w in often) or _NOW_AND_THEN.search(f.value) or _ONLY_AT_A_TIME_OF_YEAR.search(
            f.value)) or _NOT_A_HABIT.search(f.value):
        return f
    return replace(f, type="routine")


__all__ = ["as_habit"]
