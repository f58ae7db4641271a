"""Kin of kin, said as the owner's own tie (issue 35): "My son Gary lives in Perth with his wife and the two girls,
Ruby and Isla", "my daughter Priya has twins, Arjun and Meera", "my son's daughter Amara is six", "my sister Oksana
and her boy Taras", "my mum Halina and her brother Stefan".

The readers tie each named person to whom the sentence says they belong ("Ruby is Gary's daughter",
"Amara is Rosa's son's daughter"); a careful note-taker writes who they are to the owner (docs/formation-spec.md:
a relationship card is the person and the relation to the owner): Ruby is Doreen's granddaughter, Taras her
nephew, Stefan her uncle. The turn's own tie card for the middle person ("Gary is Doreen's son") stays; the card
that ties the second person to the middle one is said as the owner's tie instead, so each card names one person
and one tie of the owner's.

Only ties whose composition English names without doubt: a child's child (grandson, granddaughter, grandchild), a
sibling's son or daughter (nephew, niece), a parent's parent (grandfather, grandmother), a parent's sibling (uncle,
aunt), an uncle's or aunt's child (cousin: "my uncle Ramiro ... his son Jhonatan"); a spouse's or partner's son or
daughter (stepson, stepdaughter: the owner's own would be "our son"); and the ties of marriage: a child's wife or
husband (daughter-in-law, son-in-law), a sibling's (sister-in-law, brother-in-law), a spouse's sibling or parent
(sister-in-law, mother-in-law, ...), a father's wife or a mother's husband (stepmother, stepfather), an aunt's
husband or an uncle's wife (uncle, aunt).

A step child is said as the owner's tie with the way it was said beside it ("Lucía is Sam's stepdaughter, Sam's
partner's daughter"), as a grandchild is, without the partner's name (a card of its own). A tie of marriage is the
marriage first: said through a named person, the card keeps it and says the owner's word beside it ("Abena is
Kwame's wife, Sam's daughter-in-law", as the labelled sets write "Marcia | husband | Colin" beside "Desmond |
daughter | Marcia"); said through a tie without a name, it is the owner's tie with the way it was said ("Jo is
Sam's sister-in-law, Sam's wife's sister"). A cousin's child, a friend's daughter, a partner's parents, an ex's
anything stay as they are said. Pure.
"""
from __future__ import annotations

from dataclasses import replace

from .models import Fact
from .person import possessive

# the owner's tie to the middle person, by the tie's last word ("big_sister" -> sister)
_CHILD = frozenset("son daughter child kid boy girl".split())
_SIBLING = frozenset("brother sister".split())
_MOTHER = frozenset("mother mum mom mam mama mummy".split())
_FATHER = frozenset("father dad papa daddy".split())
_PARENTS_SIBLING = frozenset("uncle aunt auntie aunty".split())
_SPOUSE = frozenset("wife husband hubby missus wifey".split())
_KINDS = {**{w: "child" for w in _CHILD}, **{w: "sibling" for w in _SIBLING}, **{w: "mother" for w in _MOTHER},
          **{w: "father" for w in _FATHER}, **{w: "parents_sibling" for w in _PARENTS_SIBLING},
          **{w: "spouse" for w in _SPOUSE}, "partner": "partner"}
_PARENT = ("mother", "father")
_IN_LAW = {"mother": "mother-in-law", "mum": "mother-in-law", "mom": "mother-in-law", "father": "father-in-law",
           "dad": "father-in-law", "sister": "sister-in-law", "brother": "brother-in-law"}
_STEP = {"son": "stepson", "boy": "stepson", "daughter": "stepdaughter", "girl": "stepdaughter", "child": "stepchild",
         "kid": "stepchild"}
# (the middle person's kind, the second person's tie to them) -> the owner's tie to the second person
_THROUGH = {
    ("child", "son"): "grandson", ("child", "daughter"): "granddaughter", ("child", "child"): "grandchild",
    ("child", "boy"): "grandson", ("child", "girl"): "granddaughter", ("child", "kid"): "grandchild",
    ("sibling", "son"): "nephew", ("sibling", "daughter"): "niece", ("sibling", "boy"): "nephew", ("sibling", "girl"): "niece",
    **{(p, "mother"): "grandmother" for p in _PARENT}, **{(p, "father"): "grandfather" for p in _PARENT},
    **{(p, "mum"): "grandmother" for p in _PARENT}, **{(p, "mom"): "grandmother" for p in _PARENT},
    **{(p, "dad"): "grandfather" for p in _PARENT},
    **{(p, "brother"): "uncle" for p in _PARENT}, **{(p, "sister"): "aunt" for p in _PARENT},
    **{("parents_sibling", kid): "cousin" for kid in _CHILD},
}
_STEP_THROUGH = {(whose, rel): tie for rel, tie in _STEP.items() for whose in ("spouse", "partner")}
_MARRIAGE = {
    ("child", "wife"): "daughter-in-law", ("child", "husband"): "son-in-law",
    ("sibling", "wife"): "sister-in-law", ("sibling", "husband"): "brother-in-law",
    **{("spouse", rel): tie for rel, tie in _IN_LAW.items()},
    ("father", "wife"): "stepmother", ("mother", "husband"): "stepfather",
    ("parents_sibling", "husband"): "uncle", ("parents_sibling", "wife"): "aunt",
}


def _last(tie: str) -> str:
    words = tie.replace("_", " ").replace("-", " ").lower().split()
    return "" if not words or "ex" in words or "late" in words and words[-1] in _SPOUSE else words[-1]


def _kind(tie: str) -> str | None:
    return _KINDS.get(_last(tie))  # (an ex's or a late spouse's kin: no tie of the owner's today)


def _through(kind: str | None, tie: str) -> tuple[str, str] | None:
    """The owner's tie, and how it comes: "blood", "step" or "marriage" (see the module's doc)."""
    key = (kind or "", _last(tie))
    for how, table in (("blood", _THROUGH), ("step", _STEP_THROUGH), ("marriage", _MARRIAGE)):
        if key in table:
            return table[key], how
    return None


def _owner_tie_said(subject: str, owner: str) -> str | None:
    """The tie a subject says of the owner without a name ("Rosa's son" -> "son"), or None."""
    mine = possessive(owner) + " "
    return subject[len(mine):] if subject.startswith(mine) and " " not in subject[len(mine):] else None


def kin_through(cards: list[Fact], owner: str) -> list[Fact]:
    """The cards, each tie of a person to the owner's kin said as the owner's own tie or beside it (see the
    module's doc)."""
    middle = {f.value: (_kind(f.predicate), f.predicate) for f in cards
              if f.subject == owner and f.type == "relationship" and _kind(f.predicate)}
    out = []
    for f in cards:
        said = _owner_tie_said(f.subject, owner)
        kind, their = middle.get(f.subject, (None, "")) if f.subject != owner else (None, "")
        named = kind is not None
        if not kind and said and _kind(said):
            kind, their = _kind(said), said
        found = _through(kind, f.predicate) if f.type == "relationship" and kind else None
        if found and f.value and f.value != owner:
            tie, how = found
            rel = f.predicate.replace("_", " ")
            if how == "marriage" and named:  # "Abena is Kwame's wife, Sam's daughter-in-law"
                f = replace(f, text=f"{f.value} is {possessive(f.subject)} {rel}, {possessive(owner)} {tie}")
            else:
                way = f", {possessive(owner)} {their.replace('_', ' ')}'s {rel}" if how != "blood" else ""
                f = replace(f, subject=owner, predicate=tie.replace("-", "_"), text=f"{f.value} is {possessive(owner)} {tie}{way}")
        out.append(f)
    return out


__all__ = ["kin_through"]
