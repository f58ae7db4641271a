"""The days someone can be there are a routine of theirs, not a skill (issue 35, routines): "Aldwin can only do
Fridays", "my brother can only do Saturdays", "I can make Tuesdays and Thursdays" say when one is available, as a
rota needs it, so the "can" card the skill readers made of them is a routine ("available"). Only "do", "make",
"manage" or "work" with days of the week (or weekends, mornings, evenings) as all it takes: "I can do the Sunday
crossword in ten minutes" and "Femi can do 50 push-ups" stay skills. Pure regex work over the cards' values."""
from __future__ import annotations

import re
from dataclasses import replace

from ..calendar_words import WEEKDAY_ALT
from .models import Fact

# (its short days are its own: not "weds" nor "thur", which it has never read as days)
_DAY = rf"(?:(?:{WEEKDAY_ALT}|mon|tues?|wed|thu|thurs|fri|sat|sun)s?|weekends?|weekdays|mornings|afternoons|evenings|nights)"
_DAYS_ONLY = re.compile(rf"(?i)^(?:only\s+|just\s+)?(?:do|make|manage|work)\s+(?:on\s+)?(?:the\s+)?{_DAY}"
                        rf"(?:\s*(?:,|and|or|&|to)\s*(?:on\s+)?{_DAY})*(?:\s+(?:this|next)\s+(?:term|month|year|season))?$")


def as_available(cards: list[Fact]) -> list[Fact]:
    """The cards, each "can do Fridays" card made the routine of when its subject is available."""
    return [replace(f, type="routine", predicate="available") if f.type == "skill" and f.predicate == "can"
            and _DAYS_ONLY.match(f.value.strip()) else f for f in cards]


__all__ = ["as_available"]
