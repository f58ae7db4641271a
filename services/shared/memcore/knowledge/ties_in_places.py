"""A tie said with where they are, "my TIE in PLACE" (issue 35): "my sister in Toronto just had twins", "my aunt in
Mumbai is a teacher", "our cousins from Daegu are staying with us", "my brother Jun in Busan runs a cafe".

The regex families read a capitalised word before the verb as whom the clause is about, so the place took the
card: "Mumbai is a teacher", "Toronto | event | had twins". A place said after "in"/"from"/"near" straight after
a tie (and its name, if said) is where the tie is, never the clause's subject: such a card is the tie's, said as
"<owner>'s sister" or by the name given ("Jun"). Only the owner's ties ("my"/"our"): "his sister in Toronto" has a
holder only the parse knows, so those cards are left as they are. A place that is the subject of its own clause
("my sister lives in Toronto. Toronto is cold") is not said right after the tie and stays.

Pure string work on a clause and its facts.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..extraction.patterns import NAME
from .models import Fact
from .person import possessive
from .vocabulary import RELATIONS

_TIE = "|".join(sorted((re.escape(r) for r in RELATIONS), key=len, reverse=True))
_TIE_IN_PLACE = re.compile(
    rf"\b(?i:my|our)\s+(?P<tie>(?:(?i:big|little|baby|older|younger|eldest|oldest|youngest|twin)\s+)?(?i:{_TIE})s?)"
    rf"(?:\s*,?\s+(?P<name>{NAME}))?,?\s+(?i:(?:who\s+lives\s+)?(?:back\s+|out\s+|over\s+|up\s+|down\s+)?(?:in|from|near))\s+"
    rf"(?:the\s+)?(?P<place>{NAME})")


def tie_for_place(f: Fact, clause: str, owner: str) -> Fact:
    """The fact as the tie's when its subject is the place said right after the tie ("Mumbai is a teacher" from
    "my aunt in Mumbai is a teacher" -> "<owner>'s aunt"); any other fact as it was."""
    for m in _TIE_IN_PLACE.finditer(clause):
        place = m.group("place")
        if f.subject != place and f.subject != place.split()[0]:
            continue
        who = m.group("name") or f"{possessive(owner)} {m.group('tie').lower()}"
        text = f.text.replace(place, who, 1) if f.text.startswith(place) else f.text
        return replace(f, subject=who, text=text)
    return f


__all__ = ["tie_for_place"]
