"""Lapses taken for habits (issue 35, precision): "we lose track every season", "I always forget birthdays", "we
waste so much food every week", "I keep losing my keys" are what the owner complains of, often as the reason they
ask for help; they recur, but no one does them. A note-taker writes no routine of them.

A habit card (routine) or a loose card (semantic) goes when its doing is a lapse: forgetting, losing track or
losing things, wasting, running late, oversleeping. A lapse that is a health fact or a rule is said in other words
and read by other readers ("she has dementia", "never forget the inhaler" stay), and whatever else the turn says
stays. Pure: cards and the owner's name in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact

# the doing, at the value's start after a frequency or a "keep" ("always forget", "keep losing", "forgets every ...")
_LEAD = r"^(?:(?:always|usually|often|never|still|constantly|sometimes|just|kind of|kinda|keep|keeps)\s+)*"
_LAPSE = re.compile(_LEAD + r"(?:forg[eo]t(?:s|ten|ting)?|los(?:e|es|ing) (?:track|count|\w+'s (?:keys|phone|glasses|wallet)"
                    r"|my \w+|our \w+|the plot)|wast(?:e|es|ing)|run(?:s|ning)? late|overslee(?:p|ps|ping))\b", re.I)
_LAPSE_PREDICATES = frozenset("forget forgets lose loses waste wastes oversleep oversleeps".split())


def lapse(card: Fact) -> bool:
    """Whether the card's doing is a lapse the owner complains of (see the module's docstring)."""
    if card.type not in ("routine", "semantic"):
        return False
    if card.predicate in _LAPSE_PREDICATES:
        return True
    return bool(_LAPSE.match(card.value.strip()))


def without_lapses(cards: list[Fact]) -> list[Fact]:
    """The turn's cards without the lapses said as habits."""
    return [c for c in cards if not lapse(c)]


__all__ = ["lapse", "without_lapses"]
