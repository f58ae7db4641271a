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

from ..calendar_words import FESTIVAL_ALT, MONTH_ALT, WEEKDAY
from . import verb_classes as vc
from .models import Fact
from .occupation import town_of
from .parse import Sentence, Tok
from .tree import Kids, children, text_of
from .vocabulary import LANGUAGES, WORKPLACES

_NOT_WORK = vc.LIKE | vc.DISLIKE | vc.WANT | vc.REPORT | vc.RESIDE | vc.LEARN | vc.ORIGIN | vc.ATTEND | frozenset(
    "have has got get go need use speak eat drink play see feel think try hope mean look seem keep miss own "
    "is are am be".split())
_JOBS = frozenset("job occupation role used_to_be".split())


def _said_of_self(verb: str, statement: str) -> bool:
    return bool(re.search(rf"(?i)\bI\s+(?:(?:also|mainly|mostly|just|still|now)\s+)?{re.escape(verb)}\b", statement))


_WHERE_PREPS = frozenset(("in", "on", "near", "outside", "around"))
_WAY_PREPS = _WHERE_PREPS | frozenset(("at", "out", "of", "from", "for", "with"))
_NOT_A_TOWN = re.compile(rf"(?i)^(?:{WEEKDAY}s?|{MONTH_ALT}|{FESTIVAL_ALT}|{'|'.join(sorted(LANGUAGES))})$")


def _town_under(s: Sentence, kids: Kids, head: Tok, depth: int = 3) -> tuple[str, str] | None:
    """The first proper noun said after "in"/"on"/"near" down the chain of places hung on `head`: "drive the
    14 bus in Esch-sur-Alzette", "fix bikes in a shop in Tamale", "farm pearls in the lagoon on Manihiki",
    "guide treks out of Cusco" (a day, a month or a language is no town); with the word it was said after
    ("on Radio Calder" is no town one lives in)."""
    for c in kids.get(head.i, []):
        if c.dep != "prep" or c.lower not in _WAY_PREPS:
            continue
        inner = [(c, k) for k in kids.get(c.i, []) if k.dep == "pobj"]  # "in Tamale"; "out of Cusco": of's object
        inner += [(p, k) for p in kids.get(c.i, []) if p.dep == "prep" for k in kids.get(p.i, []) if k.dep == "pobj"]
        for p, o in inner:
            where = p.lower in _WHERE_PREPS or (c.lower == "out" and p.lower == "of")
            if o.pos == "PROPN" and where and not _NOT_A_TOWN.match(o.text):
                named, todo = [o.i], [o]  # the whole name: "Esch-sur-Alzette", "Le Carbet", "San José"
                while todo:
                    more = [k for k in kids.get(todo.pop().i, []) if k.dep == "compound" and k.pos == "PROPN" and k.i < o.i]
                    named += [k.i for k in more]
                    todo += more
                return ("out of" if c.lower == "out" else p.lower), text_of(s, range(min(named), o.i + 1))
            if depth > 1 and (town := _town_under(s, kids, o, depth - 1)) is not None:
                return town
    return None


def _town(readings: Sequence[Sentence], verb: str, value: str) -> tuple[str, str] | None:
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
            if (town := next((w for h in heads if (w := _town_under(s, kids, h)) is not None), None)) is not None:
                return town
            if (bare := next((x for h in heads if (x := town_of(s, kids, h)) is not None), None)) is not None:
                return "in", bare
    return None


def _towns_of_work(cards: list[Fact], owner: str, readings: Sequence[Sentence]) -> list[Fact]:
    """Where the owner's work said as a doing is done, when the job card says the doing without it ("I drive
    the 14 bus in Esch-sur-Alzette": the job "drive the 14 bus", and a card that works in Esch-sur-Alzette)."""
    said = " ".join(f.value.lower() for f in cards)
    out: list[Fact] = []
    for f in cards:
        words = f.value.split()
        if f.subject != owner or f.predicate != "job" or len(words) < 2 or any(g.predicate in WORKPLACES | {"lives_in"}
                                                                              for g in cards + out):
            continue
        where = _town(readings, words[0].lower(), " ".join(words[1:]))
        if where is not None and not set(re.findall(r"[a-z0-9]+", where[1].lower())) <= set(re.findall(r"[a-z0-9]+", said)):
            out.append(Fact(owner, "works_in", where[1], "identity", f.certainty, f"{owner} works {where[0]} {where[1]}"))
    return cards + out


def work_said(cards: list[Fact], owner: str, statements: Sequence[str], readings: Sequence[Sentence] = ()) -> list[Fact]:
    """The turn's cards, with the owner's work said as what they do read as their job (and the town it is
    done in, when the parse says one: where one works, a card of its own)."""
    if any(f.subject == owner and f.predicate in _JOBS for f in cards):
        return _towns_of_work(cards, owner, readings)
    if not any(f.subject == owner and f.predicate == "name" for f in cards):
        return cards  # not the turn that introduces the owner
    out = []
    for f in cards:
        verb = f.predicate
        if f.subject == owner and f.type == "semantic" and verb.isalpha() and verb not in _NOT_WORK and any(
                _said_of_self(verb, st) for st in statements):
            if (where := _town(readings, verb, f.value)) is not None and not any(g.predicate == "works_in" for g in cards):
                out.append(Fact(owner, "works_in", where[1], "identity", f.certainty, f"{owner} works {where[0]} {where[1]}"))
            f = Fact(owner, "job", f"{verb} {f.value}", "identity", f.certainty, f.text)
        out.append(f)
    return out


__all__ = ["work_said"]
