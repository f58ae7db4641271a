"""A grumble said in a rule's shape (issue 35, precision): "nobody listens to the announcements anyway", "the
paperwork never ends", "kids these days never put their phones down", "nobody ever wants the hedge trimmer,
weirdly", "we never hear the end of it". A "never" or a "nobody" says how things go, with a shrug; no one set it,
no one is held to it, and a note-taker writes no rule of it (docs/formation-spec.md: small talk).

A safety card is a grumble when its line says
- a word of the shrug: "anyway", "weirdly", "oddly", "funnily enough", "these days", "nowadays", "as usual",
  "typical", or an eye-roll;
- or a "never" of what goes on and on: "never ends", "never stops", "never listens", "never learns", "never shuts
  up", "never hear the end of it", "never works", "never lets up".
A rule said with its force stays ("nobody goes in the cold store alone", "we never take cheques", "staff never
leave the till open"). Pure: the turn's cards in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact

_SHRUG = re.compile(r"(?i)\b(?:anyway|weirdly|oddly|strangely|funnily\s+enough|these\s+days|nowadays|as\s+usual|typical|"
                    r"as\s+always)\b|\U0001F644")  # (a laugh alone does not: "no phone after 10, she takes it off me lol" is a rule)
_ON_AND_ON = re.compile(r"(?i)\b(?:never|nobody|no\s+one|no-one)\s+(?:ever\s+|really\s+)?(?:ends?|stops?|listens?|learns?|"
                        r"shuts?\s+up|hears?\s+the\s+end|works?(?=\s*(?:properly|right|[,.!]|$))|lets?\s+up|changes?(?=\s*[,.!]|$)|"
                        r"gets?\s+(?:easier|better|old))\b|\bnever\s+hear\s+the\s+end\b")


def grumble(card: Fact) -> bool:
    """Whether a safety card's line is a grumble, not a rule."""
    if card.type != "safety" or card.predicate not in ("must_avoid", "rule"):
        return False
    said = f"{card.value} {card.text}"
    return bool(_SHRUG.search(said) or _ON_AND_ON.search(said))


def without_grumbles(cards: list[Fact]) -> list[Fact]:
    """The turn's cards without the grumbles said in a rule's shape."""
    return [c for c in cards if not grumble(c)]


__all__ = ["grumble", "without_grumbles"]
