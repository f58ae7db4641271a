"""A plan another party made, relayed by the owner, is an event that was decided, not a wish (issue 35,
docs/formation-spec.md "What is not knowledge", "Relayed plans, settled").

"apparently the council wants to close the library in June", "the landlord says he wants to sell the
building", "people say the city wants to move the market": the verb is a wish's ("wants"), but what the
note-taker knows is a plan relayed as hearsay: an episodic card of what was decided, at hearsay certainty.
The owner's own wishes, a wish with no doing in it ("apparently my daughter wants a puppy") and what someone
wants to become ("wants to be a nurse", an aspiration) stay preferences; a plan said plainly, not relayed,
is left as the readers typed it. Pure.
"""
from __future__ import annotations

import re

from .certainty import HEARSAY
from .models import Fact

_WANTS = frozenset("wants want wanting".split())
_DOING = re.compile(r"^(?:wants?\s+)?to\s+(?!be\b|become\b)(?P<plan>[a-z].*)$", re.I)


def as_plan(f: Fact, owner: str) -> Fact:
    """The card as a relayed plan when it is another party's wish to do something, relayed; else as it is."""
    if f.predicate not in _WANTS or f.type not in ("preference", "semantic") or f.subject == owner:
        return f
    if f.certainty > HEARSAY or (m := _DOING.match(f.value.strip())) is None:
        return f
    return Fact(f.subject, "plan", m.group("plan"), "episodic", f.certainty, f.text)


def relayed_plans(cards: list[Fact], owner: str) -> list[Fact]:
    """The turn's cards, another party's relayed wish to do something as the plan it is."""
    return [as_plan(f, owner) for f in cards]


__all__ = ["as_plan", "relayed_plans"]
