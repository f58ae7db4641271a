"""Figures of speech taken for facts (issue 35, precision): "my dad is going to kill me", "my sister drives me
crazy", "my inbox is a nightmare", "my life is chaos", "I'm so done with this week", "my mum is the best mum in the
world" say how the owner feels right now, in words no one means as written. A note-taker writes no card of them.

A card goes when what it says (its predicate and value, the owner's name read back as "me") is one of these
figures: a threat of killing or a "killing me", a "drives me crazy/mad/up the wall", a thing that "is a nightmare",
"chaos", "a mess", "a zoo", "fried", "so done with", a "best/worst ... ever" or "in the world". The figure must be
the card's own words: a fact said beside one stays ("my sister Noor is 12 and she drives me crazy" keeps the age
and the tie). Safety cards stay whatever their words ("never leave the kettle on, it'll kill us all" is a rule).
Pure: cards and the owner's name in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact

_WHO = r"(?:me|us|you|him|her|them|everyone|everybody|\bmy (?:\w+ )?\w+)"
_FIGURES = re.compile(
    r"\b(?:"
    rf"(?:going to|gonna|will|'ll|would|'d) kill {_WHO}"  # "my dad is going to kill me"
    rf"|kill(?:s|ing)? {_WHO}\b(?! (?:with|by|in|on|at)\b)"  # "these exams are killing me"
    rf"|driv(?:e|es|ing) {_WHO} (?:crazy|mad|nuts|insane|bananas|bonkers|up the wall|round the bend|around the bend)"
    r"|(?:is|are|was|were|been) (?:such |a |an |total |complete |absolute |utter )*(?:nightmare|chaos|mess|zoo|"
    r"madhouse|circus|disaster|fried|toast)\b"
    r"|(?:so|totally|completely|absolutely) done with"
    r")", re.I)
# praise or blame beyond measure as the whole value ("the best mum in the world"; said after a fact it stays with it)
_SUPERLATIVE = re.compile(r"^(?:the |a )?(?:best|worst)\b[\w' ]{0,30}\b(?:ever|in the world|of all time|on the planet)\b",
                          re.I)
# a figure's own word standing alone as the value ("Maitén | life | chaos": "is chaos" was said)
_FIGURE_VALUES = frozenset("nightmare chaos mess zoo madhouse circus disaster fried toast".split())


def _said(card: Fact, owner: str) -> str:
    line = f"{card.predicate.replace('_', ' ')} {card.value}"
    if owner:
        line = re.sub(rf"\b{re.escape(owner)}(?:'s)?\b", "me", line)
    return line


def figure_of_speech(card: Fact, owner: str) -> bool:
    """Whether the card's own words are a figure of speech of how one feels (see the module's docstring)."""
    if card.type in ("safety", "process"):
        return False
    said = _said(card, owner)
    if _FIGURES.search(said) or _SUPERLATIVE.match(card.value.strip()):
        return True
    value = re.sub(r"^(?:an?|such an?|total|complete|absolute)\s+", "", card.value.strip().lower())
    return value in _FIGURE_VALUES and card.predicate not in ("business_kind", "job", "role", "name")


def without_figures(cards: list[Fact], owner: str) -> list[Fact]:
    """The turn's cards without those that are figures of speech."""
    return [c for c in cards if not figure_of_speech(c, owner)]


__all__ = ["figure_of_speech", "without_figures"]
