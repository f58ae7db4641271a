"""Gapped clauses as one card per doer (issue 35, docs/formation-spec.md "Matching", rule 5).

English leaves a verb out when a second doer does the same: "Ingrid has the van and Sadia the car",
"Bilal runs the bar and Chiara the kitchen", "my brother plays the drums and my sister the violin", and in
the passive "the Heron is coached by Tomasz; the younger crew, the Kingfishers, by Aroha". A reader that
takes the verb's object to the clause's end keeps both doers in one card, so neither fact is atomic. The
second doer is a name (or "my" and a relation word) right after "and", a comma or a semicolon and right
before a determiner that opens the left-out verb's object; it gets the first card's predicate, type and
verb. "fish and chips", "Romeo and Juliet", "Marks and Spencer", "between 9 and 5" have no doer before an
object and stay whole. Pure.
"""
from __future__ import annotations

import re

from ..calendar_words import MONTH_SET, WEEKDAY_SET
from .models import Fact
from .vocabulary import RELATIONS, content_words

_NAME = r"[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2}"
_KIN = "|".join(sorted((re.escape(w) for w in RELATIONS if " " not in w), key=len, reverse=True))
_DET = r"(?:the|a|an|his|her|their|its|our|my|your)"
# "<first object> and <doer> <second object>": the doer a name or "my sister"
_GAP = re.compile(rf"^(?P<x>.+?\S)(?:\s*[,;]\s*(?:and\s+)?|\s+and\s+)(?P<who>{_NAME}|(?i:my)\s+(?:{_KIN}))\s+"
                  rf"(?P<y>{_DET}\s+\S.*)$")
# "<verb>ed by <first doer>; <second thing>, by <second doer>"
_PASSIVE = re.compile(rf"^(?P<verb>[a-z]+(?:ed|en|n))\s+by\s+(?P<a>{_NAME})\s*[,;]\s*(?P<mid>[^;]+?),?\s+by\s+"
                      rf"(?P<b>{_NAME})$")
_NOT_A_DOER = frozenset("the a an i we you he she they it this that there here my our his her their on in at "
                        "and or but so then".split()) | WEEKDAY_SET | MONTH_SET
# "... and Kofi the next day", "... and Ama the other week": a time, no object
_TIME_AFTER = re.compile(rf"^{_DET}\s+(?:(?:next|last|other|same|following|previous|whole|first)\s+)?"
                         r"(?:day|days|week|weeks|weekend|month|year|morning|afternoon|evening|night|time)\b", re.I)
_SOME = re.compile(r"^a\s+(?:few|lot|couple|bit|little)\b", re.I)  # "..., a few from Skopje": how many, no object
_LEADING_VERB = re.compile(rf"^(?P<verb>(?:[a-z]+\s+){{1,2}}?)(?={_DET}\b)", re.I)


def _doer(who: str, owner: str) -> str | None:
    """The second doer's name for a card, or None when the word is no doer ("The", "Monday")."""
    if who.split()[0].lower() in _NOT_A_DOER and not who.lower().startswith("my "):
        return None
    return f"{owner}'s {who.split(None, 1)[1]}" if who.lower().startswith("my ") else who


def _last_name(mid: str) -> str:
    """What the second clause is about: its last name ("the younger crew, the Kingfishers"), else its words."""
    names = [n for n in re.findall(_NAME, mid) if n.split()[0].lower() not in _NOT_A_DOER]
    return names[-1] if names else re.sub(rf"^{_DET}\s+", "", mid.strip(" ,"), flags=re.I)


def _gapped(f: Fact, owner: str) -> list[Fact] | None:
    said_value = f.value if f.value in f.text else re.sub(r"\b[Mm]y\s+", f"{owner}'s ", f.value)  # the line says "Maya's sister"
    at = f.text.find(said_value)
    head = f.text[:at] if at >= 0 else None
    m = _GAP.match(f.value)
    if m is not None and (who := _doer(m.group("who"), owner)) is not None and who != f.subject:
        x, y = m.group("x"), m.group("y")
        if _TIME_AFTER.match(y) or _SOME.match(y) or x[:1].isupper() or x.split()[-1][:1].isupper():
            return None  # "met Ana and Pedro the plumber", "from Razlog and Sofia, a few from ...": names listed, no gap
        verb = v.group("verb") if (v := _LEADING_VERB.match(x)) else ""  # "drives the minibus": "drives" is left out after
        if not content_words(y) or not content_words(x[len(verb):]) or head is None or f.subject not in head:
            return None
        said = f.text[at + len(said_value):]
        line = head.replace(f.subject, who, 1)
        if not verb and re.search(rf"\b{_DET}\s+$", line, re.I):  # "plays the drums": the line says "the"; the value not
            line, y = re.sub(rf"\b{_DET}\s+$", "", line, flags=re.I), y
            value = re.sub(rf"^{_DET}\s+", "", y, flags=re.I)
        else:
            value = f"{verb}{y}"
        return [Fact(f.subject, f.predicate, x, f.type, f.certainty, f"{head}{x}{said}".strip()),
                Fact(who, f.predicate, value, f.type, f.certainty, f"{line}{verb}{y}{said}".strip())]
    p = _PASSIVE.match(f.value)
    if p is not None and head is not None:
        verb, second = p.group("verb"), _last_name(p.group("mid"))
        if not content_words(second) or second == f.subject:
            return None
        first = f"{verb} by {p.group('a')}"
        line = head.replace(f.subject, second, 1) if f.subject in head else f"{second} is "
        return [Fact(f.subject, f.predicate, first, f.type, f.certainty, f"{head}{first}"),
                Fact(second, f.predicate, f"{verb} by {p.group('b')}", f.type, f.certainty,
                     f"{line}{verb} by {p.group('b')}")]
    return None


def gaps_filled(cards: list[Fact], owner: str) -> list[Fact]:
    """The turn's cards, each card that gapped a second doer's clause in as two; processes and rules stay whole."""
    said = {(h.subject.lower(), h.value.lower()) for h in cards}
    out: list[Fact] = []
    for f in cards:
        two = None if f.type in ("process", "safety") else _gapped(f, owner)
        if two is None:
            out.append(f)
            continue
        out.append(two[0])
        if (two[1].subject.lower(), two[1].value.lower()) not in said:  # a card of the turn says it already
            out.append(two[1])
    return out


__all__ = ["gaps_filled"]
