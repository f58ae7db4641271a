"""Where someone the owner knows is, said with "is in" and a town (issue 35).

"my sister is in Toronto", "Mum's in Nairobi", "my son is in Berlin for university", "dad is in Dubai for
work", "my brother Yonas is in Addis now": where that person lives (or works, or studies, when the clause
says what for), a card of who they are. The clause readers read "lives in" as where one lives; "is in" was
read as a bare "is" card or as nothing.

Not so: the owner themself ("I'm in Leeds this week": where one is today, said as a one-off), a visit or a
stay said with its time ("she's in Rome till Friday", "Dad is in Lagos this week", "on holiday"), a thing
("the shop is in Kowloon": the things readers say where things are), a name that is no one's tie ("Paris is
in France"), a negation, a question's or a plan's tense.
"""
from __future__ import annotations

import re

from ..calendar_words import MONTH_SET, WEEKDAY_SET
from .clause_view import Clause
from .models import Fact
from .tree import subtree, text_of
from .vocabulary import RELATIONS

_PEOPLE_PRONOUNS = frozenset(("he", "she", "they"))
# what follows "in" capitalised and is no town: a school's year or class, a group, a hospital's ward
_NOT_TOWNS = frozenset("year grade form class standard group room team ward block unit stage level set "
                       "reception nursery primary secondary".split())
# a stay said with its time or as a trip: "this week", "till Friday", "on holiday", "for the weekend"
_A_STAY = re.compile(r"(?i)\b(?:today|tonight|tomorrow|yesterday|this\s+(?:week|weekend|month|morning|afternoon|evening)|"
                     r"next\s+\w+|last\s+\w+|till|until|for\s+(?:a|the|two|three|few|\d+)\b|on\s+(?:holiday|holidays|"
                     r"vacation|a\s+trip|business)|visiting|at\s+the\s+moment|right\s+now|for\s+now|still|again)\b")
_FOR_WORK = re.compile(r"(?i)\b(?:for\s+work|for\s+(?:his|her|their)\s+job|working|on\s+the\s+\w+\s+picking|on\s+a\s+contract)\b")
_FOR_STUDY = re.compile(r"(?i)\bfor\s+(?:uni|university|college|school|(?:his|her|their)\s+studies|studies)\b")


def _a_person(c: Clause) -> bool:
    """The subject is someone: a pronoun for a person, a tie ("my sister", "Mum"), or a name said with a tie."""
    subj, kids = c.subj, c.kids
    if subj.lower in _PEOPLE_PRONOUNS or subj.lemma.lower() in RELATIONS:
        return True
    return subj.pos == "PROPN" and any(k.lemma.lower() in RELATIONS for k in kids.get(subj.i, [])
                                       if k.dep in ("appos", "compound", "nmod"))


def where_one_is(c: Clause) -> list[Fact] | None:
    """The card of where the person a "be" clause is about is ("my sister is in Toronto"), or None."""
    s, kids, p = c.s, c.kids, c.p
    if p.lemma != "be" or c.neg or c.aux & {"will", "would", "'ll", "’ll", "might", "may", "could", "should"}:
        return None
    if c.obj is not None and c.obj.dep in ("attr", "acomp") or p.tag not in ("VBZ", "VBP"):
        return None  # "she is a nurse in Leeds" is her job's; "she was in Leeds" was
    if not _a_person(c) or c.subj.lower in ("i", "we"):
        return None
    at = next((k for k in kids.get(p.i, []) if k.dep == "prep" and k.lower == "in"), None)
    town = next((k for k in kids.get(at.i, []) if k.dep == "pobj" and k.pos == "PROPN"), None) if at is not None else None
    if town is None or town.text.lower() in MONTH_SET | _NOT_TOWNS or town.text.lower().rstrip("s") in WEEKDAY_SET or any(
            k.dep == "nummod" or k.pos == "NUM" for k in kids.get(town.i, [])) or (town.i + 1 < len(s) and s[town.i + 1].pos == "NUM"):
        return None  # "she's in Year 6", "he's in Form 2B", "she's in May": only a town after "in"
    said = text_of(s, sorted(subtree(kids, p.i)))
    if _A_STAY.search(said) or "?" in said:
        return None
    named = [k.i for k in kids.get(town.i, []) if k.dep == "compound" and k.pos == "PROPN" and k.i < town.i]
    place = text_of(s, range(min([town.i, *named]), town.i + 1))
    who = c.who
    lives = "live" if p.tag == "VBP" else "lives"  # "my parents are in Lagos": they live there
    if _FOR_WORK.search(said):
        return [Fact(who, "works_in", place, "identity", 0.8, f"{who} {lives.replace('live', 'work')} in {place}")]
    if _FOR_STUDY.search(said):
        return [Fact(who, "studies_in", place, "identity", 0.8, f"{who} {'study' if p.tag == 'VBP' else 'studies'} in {place}")]
    return [Fact(who, "lives_in", place, "identity", 0.8, f"{who} {lives} in {place}")]


__all__ = ["where_one_is"]
