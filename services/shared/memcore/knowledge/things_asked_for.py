"""What the owner asks the assistant to make, taken for a habit (issue 35, precision): "a weekly plan please",
"A daily schedule. Meals, gym and the dog's walks", "a monthly budget for the shop" name the thing the owner wants
made; the frequency word in them ("weekly", "daily") is no habit of anyone's. A note-taker writes no card of a
request.

A routine card goes when its value is only such a thing: an article or none, frequency words, at most two more
words, one of the things one asks to have made (plan, list, schedule, timetable, reminder, summary, budget,
checklist, menu, routine, rota), perhaps whom it is for ("for the shop") and "please". A habit with a doing stays ("we do a weekly plan on Sundays",
"Wiremu makes the rota every month"). Pure: cards in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact

_THINGS = r"(?:plan|planner|list|schedule|timetable|reminder|reminders|summary|budget|checklist|menu|routine|rota)"
_ASKED = re.compile(r"^(?:(?:a|an|the|my|our|some)\s+)?(?:(?:daily|weekly|monthly|yearly|nightly|fortnightly|morning|"
                    r"evening|bedtime|new|simple|quick|proper)\s+)+(?:[a-z'-]+\s+){0,2}" + _THINGS +
                    r"(?:\s+for\s+[\w'-]+(?:\s+[\w'-]+){0,3})?(?:\s+(?:please|pls|plz))?\W*$", re.I)


def asked_for(card: Fact) -> bool:
    """Whether the card is a routine whose value only names a thing the owner asks to have made."""
    return card.type == "routine" and bool(_ASKED.match(card.value.strip()))


def without_things_asked_for(cards: list[Fact]) -> list[Fact]:
    """The turn's cards without the things asked for read as habits."""
    return [c for c in cards if not asked_for(c)]


__all__ = ["asked_for", "without_things_asked_for"]
