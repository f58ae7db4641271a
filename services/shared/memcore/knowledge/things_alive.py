"""A thing spoken of as if alive (issue 35, precision): "the chargers walk off on their own", "the radio has a mind
of its own", "the aircon is the first thing to die", "the printer hates me", "the van is on its last legs", "the
pens grow legs in this office". English says how a thing lets one down in the words of a living being; no one
means them as written, and a note-taker writes no card of them (docs/formation-spec.md: small talk).

A card goes when its own words (predicate and value) hold one of these idioms: walking off or growing legs, a mind
of its own, being the first (thing) to die or go, being on its last legs, having it in for someone, a thing's
hating or loving the owner, sounding like a dying animal. What broke stays, however it is said ("the boiler died on
us last winter" is an event), and so do safety cards and processes. Pure: cards and the owner's name in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact

_IDIOMS = re.compile(
    r"(?i)\b(?:walks?\s+off(?:\s+on\s+(?:its|their)\s+own)?|walk(?:s|ing)?\s+out\s+of\s+the\s+door|grows?\s+legs|"
    r"(?:a\s+)?mind\s+of\s+(?:its|their)\s+own|(?:the\s+)?first\s+(?:thing\s+|one\s+)?to\s+(?:die|go|break|give\s+up)|"
    r"on\s+(?:its|their)\s+last\s+legs|(?:has|have|got)\s+it\s+in\s+for\s+(?:me|us)|sounds?\s+like\s+a\s+dying\s+\w+)\b")


def alive(card: Fact, owner: str = "") -> bool:
    """Whether the card's own words speak of a thing as if it were alive."""
    if card.type in ("safety", "process"):
        return False
    said = f"{card.predicate.replace('_', ' ')} {card.value}"
    if _IDIOMS.search(said):
        return True
    # "the printer hates me": a liking whose object is the owner, given to the owner or the team (the thing's
    # subject lost); "my gran Efua loves me" is given to Efua and is no thing's
    return card.type == "preference" and card.value.strip().lower() in {owner.lower(), "me", "us"} and bool(
        re.match(r"(?i)^(?:[^:]{1,80}:\s+)?(?:the|this|that|our|my)\s+(?!(?:mum|dad|gran|grandma|nan|boss|cat|dog)\b)[a-z]+",
                 card.text))


def without_things_alive(cards: list[Fact], owner: str = "") -> list[Fact]:
    """The turn's cards without those that speak of a thing as if alive."""
    return [c for c in cards if not alive(c, owner)]


__all__ = ["alive", "without_things_alive"]
