"""Pets said without their names (issue 35): "I have a dog", "we've got a cat and a rabbit", "I have two
guinea pigs". One card a kind of animal, a relationship like a named pet's; a named one ("a dog
called Max") is the relationship family's, so nothing here is read when a name follows. In a
household "we" is the owner's family, so its pets are the owner's; a team's "we" is not read here.
Pure regex work on one clause.
"""
from __future__ import annotations

import re

from .models import Fact
from .rule_basics import _PET, TurnContext

_COUNT = r"(?:a|an|one|two|three|four|five|six|\d+|some|lots\s+of|loads\s+of)"
_ADJ = r"(?:(?:little|big|new|old|baby|fluffy|black|white|brown|ginger|grey|gray|tabby|pet|rescue)\s+)*"
_KIND = rf"(?:guinea\s+pig|{_PET})"  # vocabulary.PETS holds "guinea" and "pig" apart
_ONE = rf"{_COUNT}\s+{_ADJ}{_KIND}(?:s|es)?"
_HAVE = re.compile(rf"^(?i:I|we)\s+(?i:have|have\s+got|'ve\s+got|got|own)\s+(?P<list>(?i:{_ONE}(?:\s*,\s*{_ONE})*"
                   rf"(?:,?\s+and\s+{_ONE})?))\s*$")
_ITEM = re.compile(rf"(?i:{_COUNT})\s+{_ADJ}(?P<pet>(?i:{_KIND}))(?:s|es)?\b", re.I)


def unnamed_pets(clause: str, ctx: TurnContext) -> list[Fact]:
    """One card a kind of pet the owner says they have, when no name is given."""
    m = _HAVE.match(clause.strip())
    if ctx.org or not m:
        return []
    o = ctx.owner
    out = []
    for item in _ITEM.finditer(m.group("list")):
        said = item.group(0).strip()
        out.append(Fact(o, "pet", item.group("pet").lower(), "relationship", 0.8, f"{o} has {said}"))
    return out


__all__ = ["unnamed_pets"]
