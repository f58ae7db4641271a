"""The work one says one does, as who one is (issue 35, docs/formation-spec.md: identity holds one's job).
Pure.

A job is often said as what one does rather than as what one is: "I'm Anahit, I restore old carpets",
"I'm Nayra, I guide treks out of Cusco", "I do the weather on Radio Calder". The clause readers read such
a clause as a plain fact ("Anahit restores old carpets"), unless it says "for a living" (dependency.py). It
is the owner's job when the owner says it in the present simple of themself in the turn that introduces
them (their name card is among the turn's cards); not when the verb says a liking, a want, a having, a
place one lives or a thing one learns, which are read as what they are.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from . import verb_classes as vc
from .models import Fact
from .occupation import town_of
from .parse import Sentence
from .tree import children

_NOT_WORK = vc.LIKE | vc.DISLIKE | vc.WANT | vc.REPORT | vc.RESIDE | vc.LEARN | vc.ORIGIN | vc.ATTEND | frozenset(
    "have has got get go need use speak eat drink play see feel think try hope mean look seem keep miss own "
    "is are am be".split())
_JOBS = frozenset("job occupation role used_to_be".split())


def _said_of_self(verb: str, statement: str) -> bool:
    return bool(re.search(rf"(?i)\bI\s+(?:(?:also|mainly|mostly|just|still|now)\s+)?{re.escape(verb)}\b", statement))


def _town(readings: Sequence[Sentence], verb: str, value: str) -> str | None:
    """The town the work is said to be done in, read from the parse of the clause whose verb it is: "I restore
    old clocks in Ruthin", "I repair bikes out of a shed in Aberystwyth" (a proper noun after "in")."""
    for s in readings:
        kids = None
        for t in s:
            if t.lemma != verb or t.pos != "VERB" or not any(k.lower in value.lower().split() for k in s[t.i + 1:]):
                continue
            kids = kids if kids is not None else children(s)
            heads = [t] + [k for k in kids.get(t.i, []) if k.dep == "dobj"]
            heads += [k for c in kids.get(t.i, []) if c.dep == "prep" and c.lower in ("out", "from")
                      for o in [c, *kids.get(c.i, [])] for k in kids.get(o.i, []) if k.dep == "pobj"]
            if (town := next((w for h in heads if (w := town_of(s, kids, h)) is not None), None)) is not None:
                return town
    return None


def work_said(cards: list[Fact], owner: str, statements: Sequence[str], readings: Sequence[Sentence] = ()) -> list[Fact]:
    """The turn's cards, with the owner's work said as what they do read as their job (and the town it is
    done in, when the parse says one: where one works, a card of its own)."""
    if any(f.subject == owner and f.predicate in _JOBS for f in cards):
        return cards
    if not any(f.subject == owner and f.predicate == "name" for f in cards):
        return cards  # not the turn that introduces the owner
    out = []
    for f in cards:
        verb = f.predicate
        if f.subject == owner and f.type == "semantic" and verb.isalpha() and verb not in _NOT_WORK and any(
                _said_of_self(verb, st) for st in statements):
            if (town := _town(readings, verb, f.value)) is not None and not any(g.predicate == "works_in" for g in cards):
                out.append(Fact(owner, "works_in", town, "identity", f.certainty, f"{owner} works in {town}"))
            f = Fact(owner, "job", f"{verb} {f.value}", "identity", f.certainty, f.text)
        out.append(f)
    return out


__all__ = ["work_said"]
