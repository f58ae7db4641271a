"""A person named with where they work (issue 35, docs/formation-spec.md: identity holds where one works):
"Dylan at Greenway Garage sorted my brakes", "my physio, Anwen at Core Clinic, says ...", "ask Priya at
Lantern Dental". The parse hangs "at" and a named body on the person's name itself (said of the verb, "I saw
Mia at Tesco", it is where something happened, not a workplace). Not a time ("Tom at Christmas"), a home
("Gran at Nan's") or a place said in lower case ("Mia at the park"). Pure."""
from __future__ import annotations

import re
from collections.abc import Sequence

from ..calendar_words import FESTIVALS, MONTH_OR_ABBREVIATION_ALT, WEEKDAY_SET
from .models import Fact
from .parse import Sentence, Tok
from .tree import Kids, children, subtree, text_of

_FEASTS = frozenset(f for f in FESTIVALS if " " not in f) | {"new", "weekend"}  # ("New Year", "the weekend")
_MONTH = re.compile(rf"(?i)^(?:{MONTH_OR_ABBREVIATION_ALT})$")
_HELD = frozenset("nsubj nsubjpass appos attr dobj pobj ROOT npadvmod conj dep".split())


def _body(s: Sentence, kids: Kids, name: Tok) -> str | None:
    """The named body an "at" on the name says, or None."""
    at = next((c for c in kids.get(name.i, []) if c.dep == "prep" and c.lower == "at"), None)
    where = next((k for k in kids.get(at.i, []) if k.dep == "pobj"), None) if at is not None else None
    if where is None or where.pos != "PROPN" or not where.text[:1].isupper():
        return None
    idx = sorted(subtree(kids, where.i))
    words = [s[i] for i in idx]
    if any(w.dep in ("poss", "case", "prep") or w.tag == "POS" for w in words) or any(
            w.lower in _FEASTS or w.lower in WEEKDAY_SET or _MONTH.match(w.text) for w in words):
        return None
    return text_of(s, [i for i in idx if s[i].dep != "det"])


def named_at(cards: list[Fact], readings: Sequence[Sentence]) -> list[Fact]:
    """The turn's cards, with a workplace card for each person named with "at" and a named body."""
    out = list(cards)
    for s in readings:
        if not any(t.lower == "at" for t in s):
            continue  # (cheap gate: most sentences say no "at")
        kids = children(s)
        for t in s:
            if t.pos != "PROPN" or t.dep not in _HELD or not t.text[:1].isupper() or (body := _body(s, kids, t)) is None:
                continue
            who = text_of(s, [k.i for k in kids.get(t.i, []) if k.dep == "compound" and k.pos == "PROPN" and k.i < t.i] + [t.i])
            if any(f.subject == who and f.predicate in ("works_at", "works_for") for f in out) or who == body:
                continue
            out.append(Fact(who, "works_at", body, "identity", 0.8, f"{who} works at {body}"))
    return out


__all__ = ["named_at"]
