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
aunt), an uncle's or aunt's child (cousin: "my uncle Ramiro ... his son Jhonatan"). A partner's child (step-child or own?), a cousin's child or a friend's daughter stay as they are said. Pure.
"""
from __future__ import annotations

from dataclasses import replace

from .models import Fact
from .person import possessive

# the owner's tie to the middle person, by the tie's last word ("big_sister" -> sister)
_CHILD = frozenset("son daughter child kid boy girl".split())
_SIBLING = frozenset("brother sister".split())
_PARENT = frozenset("mother father mum mom dad mam mama papa mummy daddy".split())
_PARENTS_SIBLING = frozenset("uncle aunt auntie aunty".split())
# (the middle person's kind, the second person's tie to them) -> the owner's tie to the second person
_THROUGH = {
    ("child", "son"): "grandson", ("child", "daughter"): "granddaughter", ("child", "child"): "grandchild",
    ("child", "boy"): "grandson", ("child", "girl"): "granddaughter", ("child", "kid"): "grandchild",
    ("sibling", "son"): "nephew", ("sibling", "daughter"): "niece", ("sibling", "boy"): "nephew", ("sibling", "girl"): "niece",
    ("parent", "mother"): "grandmother", ("parent", "father"): "grandfather", ("parent", "mum"): "grandmother",
    ("parent", "mom"): "grandmother", ("parent", "dad"): "grandfather",
    ("parent", "brother"): "uncle", ("parent", "sister"): "aunt",
    **{("parents_sibling", kid): "cousin" for kid in _CHILD},
}


def _kind(tie: str) -> str | None:
    last = tie.replace("_", " ").split()[-1].lower() if tie.strip() else ""
    return "child" if last in _CHILD else "sibling" if last in _SIBLING else "parent" if last in _PARENT else \
        "parents_sibling" if last in _PARENTS_SIBLING else None


def _through(kind: str | None, tie: str) -> str | None:
    last = tie.replace("_", " ").split()[-1].lower() if tie.strip() else ""
    return _THROUGH.get((kind, last)) if kind else None


def _owner_tie_said(subject: str, owner: str) -> str | None:
    """The tie a subject says of the owner without a name ("Rosa's son" -> "son"), or None."""
    mine = possessive(owner) + " "
    return subject[len(mine):] if subject.startswith(mine) and " " not in subject[len(mine):] else None


def kin_through(cards: list[Fact], owner: str) -> list[Fact]:
    """The cards, each tie of a person to the owner's child, sibling or parent said as the owner's own tie (see the
    module's doc)."""
    middle = {f.value: _kind(f.predicate) for f in cards
              if f.subject == owner and f.type == "relationship" and _kind(f.predicate)}
    out = []
    for f in cards:
        said = _owner_tie_said(f.subject, owner)
        kind = middle.get(f.subject) if f.subject != owner else None
        kind = kind or (_kind(said) if said else None)
        tie = _through(kind, f.predicate) if f.type == "relationship" else None
        if tie and f.value and f.value != owner:
            f = replace(f, subject=owner, predicate=tie, text=f"{f.value} is {possessive(owner)} {tie}")
        out.append(f)
    return out


__all__ = ["kin_through"]
