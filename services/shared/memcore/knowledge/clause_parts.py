"""Parts of a parsed clause that the dependency path (dependency.py) reads: its object, a
prepositional object, the company it is done in, a rate, a named pet, a date, a ban, words to the
assistant. Pure: token tuples in, tokens or flags out."""
from __future__ import annotations

from . import verb_classes as vc
from .parse import Sentence, Tok
from .tree import Kids, subtree, text_of
from .vocabulary import PETS, RELATIONS

_OBJECTS = ("dobj", "attr", "oprd")


def company(s: Sentence, kids: Kids, p: Tok) -> set[int]:
    """"with my cousin Zara": who one does it with is a fact of its own, not part of this one."""
    out: set[int] = set()
    for c in kids.get(p.i, []):
        if c.dep == "prep" and c.lower == "with":
            pobj = [k for k in kids.get(c.i, []) if k.dep == "pobj"]
            if pobj and (pobj[0].pos == "PROPN" or any(k.dep == "poss" for k in kids.get(pobj[0].i, []))):
                out |= subtree(kids, c.i)
    return out


def object_of(s: Sentence, kids: Kids, p: Tok) -> Tok | None:
    mine = kids.get(p.i, [])
    for dep in (*_OBJECTS, "xcomp", "acomp"):
        for c in mine:
            if c.dep == dep:
                return c
    for c in mine:
        if c.dep == "prep":
            pobj = [k for k in kids.get(c.i, []) if k.dep in ("pobj", "pcomp")]
            if pobj:
                return pobj[0]
    return None


def prep_object(kids: Kids, t: Tok, preps: tuple[str, ...]) -> Tok | None:
    for c in kids.get(t.i, []):
        if c.dep == "prep" and c.lower in preps:
            pobj = [k for k in kids.get(c.i, []) if k.dep in ("pobj", "pcomp")]
            if pobj:
                return pobj[0]
    return None






def per_period(s: Sentence, kids: Kids, idx: set[int]) -> bool:
    """"two walks a day", "three times per week": a rate is a routine."""
    return any(s[i].lemma in ("day", "week", "month", "night", "year") and s[i].dep != "compound" and any(
        k.lower in ("a", "per", "every", "each") for k in kids.get(i, [])) for i in idx)


def named_pet(s: Sentence, kids: Kids, obj: Tok) -> str | None:
    """The name in "a cat called Mochi", "a tortoise named Shelly" when the noun is a pet or a person."""
    if obj.lemma not in PETS and obj.lemma not in RELATIONS:
        return None
    for c in kids.get(obj.i, []):
        if c.dep == "acl" and c.lemma in ("call", "name"):
            names = [k for k in kids.get(c.i, []) if k.dep in ("oprd", "attr", "dobj") and k.pos == "PROPN"]
            if names:
                return text_of(s, subtree(kids, names[0].i))
    return None


def dated(s: Sentence, idx: set[int]) -> bool:
    """A calendar date: a month's name or an ordinal day ("the 12th")."""
    return any(s[i].lower in vc.MONTHS - {"may"} or (s[i].lower in vc.MONTH_ABBREVIATIONS and i and s[i - 1].lower.isdigit()) or (s[i].lower[:-2].isdigit() and s[i].lower[-2:] in ("th", "st", "nd", "rd"))
               for i in idx)


def to_the_assistant(kids: Kids, p: Tok) -> bool:
    """Whether the clause, or the clause it governs, is addressed to "you"."""
    near = kids.get(p.i, []) + [k for c in kids.get(p.i, []) if c.dep in ("xcomp", "ccomp") for k in kids.get(c.i, [])]
    return any(t.lower in ("you", "your", "yourself") for t in near)


def a_ban(kids: Kids, p: Tok) -> Tok | None:
    for c in kids.get(p.i, []):
        if c.dep == "dobj" and any(k.dep == "det" and k.lower == "no" for k in kids.get(c.i, [])):
            return c
    return None


__all__ = ["company", "object_of", "prep_object", "per_period", "named_pet", "dated", "to_the_assistant", "a_ban"]
