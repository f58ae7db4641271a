"""Which of an owner's people may be one person (pure): the rule behind merge proposals.

Write time never merges on a guess (memory_api.entity_linking): two entries of one person can be
left behind, e.g. "Sam" known from before the full name was said, or the same full name typed once
as a person and once as something else. A proposal is made for a pair of person entities when
  * same_full_name: both carry the same full name (as name or alias);
  * first_name_and_facet: one is known by a first name alone, the other's full name starts with it,
    and they share a role, an organisation or who they are to the speaker ("cousin", "from sales").
Two people with different full names are never proposed (Tom Baker and Tom Price are two people,
whatever they share), nor are two with conflicting roles. Nothing here merges: a person decides.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Iterable

from ..textnorm import norm_name
from .profiles import Facets


@dataclass(frozen=True)
class Person:
    entity_id: str
    name: str
    aliases: tuple[str, ...] = ()
    facets: Facets = field(default_factory=Facets)
    memories: int = 0  # linked memories: the entry that holds more is the one kept


@dataclass(frozen=True)
class Proposal:
    keep_id: str
    merge_id: str
    rule: str  # "same_full_name" | "first_name_and_facet"
    evidence: dict


def _full_names(p: Person) -> set[str]:
    return {n for n in (norm_name(x) for x in (p.name, *p.aliases)) if len(n.split()) > 1}


def _first_names(p: Person) -> set[str]:
    return {n for n in (norm_name(x) for x in (p.name, *p.aliases)) if n and len(n.split()) == 1}


def _shared(a: Facets, b: Facets) -> dict[str, list[str]]:
    out = {}
    for kind in ("roles", "orgs", "kin"):
        both = sorted({norm_name(x) for x in getattr(a, kind)} & {norm_name(x) for x in getattr(b, kind)} - {""})
        if both:
            out[kind] = both
    return out


def _roles_conflict(a: Facets, b: Facets) -> bool:
    ra, rb = {norm_name(r) for r in a.roles}, {norm_name(r) for r in b.roles}
    return bool(ra and rb and not ra & rb)


def _ordered(a: Person, b: Person) -> tuple[Person, Person]:
    """(kept, merged): the one with a full name, else more memories, else the older id order."""
    ka = (bool(_full_names(a)), a.memories, b.entity_id)
    kb = (bool(_full_names(b)), b.memories, a.entity_id)
    return (a, b) if ka >= kb else (b, a)


def propose(people: Iterable[Person]) -> list[Proposal]:
    """Every pair of the owner's people that the rules say may be one person."""
    out = []
    for a, b in combinations(sorted(people, key=lambda p: p.entity_id), 2):
        fa, fb = _full_names(a), _full_names(b)
        if fa & fb:
            keep, merge = _ordered(a, b)
            out.append(Proposal(keep.entity_id, merge.entity_id, "same_full_name",
                                {"full_name": sorted(fa & fb)[0]}))
            continue
        if fa and fb:
            continue  # two different full names: two people
        if _roles_conflict(a.facets, b.facets):
            continue
        only_first, with_full = (a, b) if not fa else (b, a)
        if not _full_names(with_full):
            continue  # two first-name-only entries: nothing says they are one
        firsts = {n.split()[0] for n in _full_names(with_full)}
        if not _first_names(only_first) & firsts:
            continue
        shared = _shared(a.facets, b.facets)
        if shared:
            out.append(Proposal(with_full.entity_id, only_first.entity_id, "first_name_and_facet", shared))
    return out
