"""What is done from one month to another is a season's habit, not a one-off event (issue 35, routines):
"in July and August we start at 5", "we close from November to February", "March to August for nesting" come back
every year, so the event card the dated readers made of them is a routine. Only a span of two months with no year
and no "next", "this" or "last" before it, told in the present: "I'll be in Lisbon from June to August", "we moved
in July and August 2019", "next March to May we renovate" and "the roof was fixed in May and June" stay events, and so does an occasion said with its months ("GCSEs in May
and June").
A next stage said after it with its own month is not the span's ("March to August for nesting, then the hatchlings
come out till October": the routine ends before "then"). Pure regex work over the cards' text.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..calendar_words import MONTH_ABBREVIATION_ALT, MONTH_ALT
from ..extraction.lexicon import IRREGULAR_PAST
from .models import Fact

_MONTH = rf"(?:{MONTH_ALT}|(?:{MONTH_ABBREVIATION_ALT})\.?)"
_SPAN = re.compile(rf"(?i)\b(?P<before>(?:next|this|last|coming)\s+(?:(?:from|between)\s+)?)?(?:(?:early|mid|late|end\s+of)\s+)?"
                   rf"{_MONTH}\s+(?:and|to|till|til|until|through|-|–)\s+(?:(?:early|mid|late|end\s+of)\s+)?{_MONTH}\b"
                   r"(?P<year>,?\s+(?:19|20)\d\d)?")
_NOT_NOW = re.compile(r"(?i)\b(?:will|won['’]t|shall|going\s+to|planning|plan\s+to|hope\s+to|was|were|had|did|used\s+to|ago)\b"
                      r"|['’]ll\b|\b(?:19|20)\d\d\b")


# where the next stage of the year begins: "..., then the hatchlings come out till about October"
_NEXT_STAGE = re.compile(rf"(?i)\s*,?\s+then\s+(?=[^,.;]*\b(?:till|til|until|to|through|in|from)\s+(?:about\s+|around\s+|early\s+|"
                         rf"mid\s+|late\s+)?{_MONTH}\b)")


def _own_span(said: str) -> str:
    """What is said of the span alone, up to where the next stage of the year begins with a month of its own."""
    return _NEXT_STAGE.split(said, maxsplit=1)[0]


def _past(word: str) -> bool:
    w = word.lower()
    return w in IRREGULAR_PAST or (w.endswith("ed") and len(w) > 4)


def as_seasons(cards: list[Fact]) -> list[Fact]:
    """The cards, each event said over a span of months in the present made a routine."""
    out = []
    for f in cards:
        m = _SPAN.search(f.text) if f.type == "episodic" and f.predicate == "event" else None  # (an occasion's months, "GCSEs
        # in May and June", or a deadline's are its dates)
        words = re.findall(r"[A-Za-z]+", f.value)
        if m is None or m.group("before") or m.group("year") or _NOT_NOW.search(f.text) or any(_past(w) for w in words):
            out.append(f)
            continue
        out.append(replace(f, type="routine", predicate="routine", value=_own_span(f.value), text=_own_span(f.text)))
    return out


__all__ = ["as_seasons"]
