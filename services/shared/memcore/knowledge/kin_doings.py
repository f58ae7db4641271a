"""What someone of the owner's does is not the tie (issue 35; docs/formation-spec.md "Types": relationship is a person
and their relation to the owner, "my cat Biscuit", "Uncle Ben"; identity holds a job).

Some readers give a card of the owner's relative ("Mia's dad | makes | terrible coffee", "Nashat's baba | makes |
mosaics in the shop") the tie's type because its subject is a tie. The tie is its own card; the doing is a plain
fact, or the relative's job when it is said with where work is done or for whom ("baba makes mosaics in the shop
next to the church", "mama makes embroidery and sells it to the tourists", "my mom cooks in our little
restaurant"): a shop, a market, a restaurant, customers or tourists. Only cards of a verb said in the present
simple ("makes", "cooks", "takes"; not "is", "has", a relation word or a slot name such as "lives_with"); a
one-off ("made ... yesterday") is left to the readers of events. Pure.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .models import Fact
from .person import possessive
from .vocabulary import RELATIONS

# where work is done, or for whom: a doing said with one of these is a trade
_AT_WORK = re.compile(r"(?i)\b(?:shop|store|stall|market|bazaar|restaurant|caf[eé]|bakery|hotel|factory|workshop|"
                      r"studio|office|clinic|hospital|garage|salon|tourists?|customers?|clients?|for\s+a\s+living|"
                      r"(?:reed\s+|fishing\s+|tour\s+)?boat)\b")
_ONE_OFF = re.compile(r"(?i)\b(?:yesterday|today|tonight|tomorrow|ago|next|last|this\s+(?:week|month|year|morning))\b")
_NOT_DOINGS = frozenset("is has was does goes lives".split())


def as_kin_doing(f: Fact, owner: str) -> Fact:
    """A relative's doing typed as the tie, as a plain fact or their job; else the card as it was."""
    verb = f.predicate.lower()
    if (f.type != "relationship" or not f.subject.startswith(f"{possessive(owner)} ") or not re.fullmatch(r"[a-z]+s", verb)
            or verb in _NOT_DOINGS or verb in RELATIONS or verb.rstrip("s") in RELATIONS):
        return f
    if _AT_WORK.search(f.value) and not _ONE_OFF.search(f.text):
        return replace(f, predicate="job", value=f"{verb} {f.value}", type="identity")
    return replace(f, type="semantic")


__all__ = ["as_kin_doing"]
