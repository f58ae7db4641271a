"""Relation queries (pure): "Peter's manager", "who works with Dave", "who does Tom report to".

A query that names a relation is turned into graph paths over entity edges (at most two hops),
followed from the entity it names; e.g. colleagues are linked by works_with (one hop) or share an
organisation (belongs_to out, then belongs_to in: two hops). Also finds the possessive relation
statements the extraction rules leave out ("Sarah is Peter's manager").
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..extraction.patterns import NAME

MEMBER = ("belongs_to", "works_for", "works_at", "member_of")
LEADS = ("manages", "leads", "heads", "oversees", "runs", "supervises", "manager_of")
# direction: "out" (src is the known entity), "in" (dst is the known entity), "both"
Hop = tuple[str, tuple[str, ...]]
Path = tuple[Hop, ...]

_KINDS: dict[str, tuple[Path, ...]] = {
    "manager": ((("in", LEADS),), (("out", ("reports_to",)),)),
    "team": ((("out", LEADS),), (("in", ("reports_to",)),)),
    "colleague": ((("both", ("works_with",)),), (("out", MEMBER), ("in", MEMBER))),
    "organisation": ((("out", MEMBER),),),
    "member": ((("in", MEMBER),),),
    "client": ((("in", ("client_of",)),), (("out", ("has_client",)),)),
    "partner": ((("both", ("married_to", "partner_of")),),),
    "owner": ((("in", ("owns", "founded")),),),
}
_NOUNS = {
    "manager": "manager", "boss": "manager", "supervisor": "manager", "lead": "manager", "head": "manager",
    "team": "team", "reports": "team", "staff": "team", "direct reports": "team", "people": "team",
    "colleague": "colleague", "colleagues": "colleague", "coworker": "colleague", "coworkers": "colleague",
    "co-workers": "colleague", "teammates": "colleague", "teammate": "colleague",
    "company": "organisation", "employer": "organisation", "organisation": "organisation",
    "organization": "organisation", "firm": "organisation", "agency": "organisation",
    "employees": "member", "writers": "member", "members": "member",
    "client": "client", "clients": "client", "customers": "client",
    "wife": "partner", "husband": "partner", "partner": "partner", "spouse": "partner",
    "owner": "owner", "founder": "owner",
}
_NOUN_ALT = "|".join(sorted((re.escape(n) for n in _NOUNS), key=len, reverse=True))
_POSSESSIVE = re.compile(rf"(?P<name>{NAME})['’]s\s+(?:\w+\s+)?(?P<noun>{_NOUN_ALT})\b")
_OF = re.compile(rf"\b(?:the\s+)?(?P<noun>{_NOUN_ALT})\s+of\s+(?P<name>{NAME})")
_VERBS = [
    (re.compile(rf"\bwho\s+(?:else\s+)?(?:works|worked|is\s+working)\s+with\s+(?P<name>{NAME})", re.I), "colleague"),
    (re.compile(rf"\bwho\s+(?:does|did)\s+(?P<name>{NAME})\s+work\s+with\b", re.I), "colleague"),
    (re.compile(rf"\bwho\s+(?:manages|leads|supervises|is\s+in\s+charge\s+of)\s+(?P<name>{NAME})", re.I), "manager"),
    (re.compile(rf"\bwho\s+(?:does|did)\s+(?P<name>{NAME})\s+(?:report|answer)\s+to\b", re.I), "manager"),
    (re.compile(rf"\bwho\s+(?:reports|report)\s+to\s+(?P<name>{NAME})", re.I), "team"),
    (re.compile(rf"\bwho\s+(?:does|did)\s+(?P<name>{NAME})\s+(?:manage|lead|supervise)\b", re.I), "team"),
    (re.compile(rf"\bwho\s+(?:works|worked)\s+(?:for|at)\s+(?P<name>{NAME})", re.I), "member"),
    (re.compile(rf"\b(?:where|who)\s+(?:does|did)\s+(?P<name>{NAME})\s+work\s+(?:for|at)?", re.I), "organisation"),
]


@dataclass(frozen=True)
class RelationQuery:
    name: str  # the entity the relation starts from, as written
    kind: str  # manager, team, colleague, ...
    paths: tuple[Path, ...]


def relation_queries(text: str) -> list[RelationQuery]:
    found: list[RelationQuery] = []
    for pattern, kind in _VERBS:
        for m in pattern.finditer(text):
            found.append(RelationQuery(m.group("name"), kind, _KINDS[kind]))
    for pattern in (_POSSESSIVE, _OF):
        for m in pattern.finditer(text):
            kind = _NOUNS[m.group("noun").lower()]
            found.append(RelationQuery(m.group("name"), kind, _KINDS[kind]))
    out, seen = [], set()
    for q in found:
        if (q.name, q.kind) not in seen:
            seen.add((q.name, q.kind))
            out.append(q)
    return out


# "Sarah is Peter's manager", "Sarah, Peter's manager, ..." -> (Peter, reports_to, Sarah)
_IS_POSSESSIVE_ROLE = re.compile(
    rf"(?P<x>{NAME})(?:\s+is|\s+was|,)\s+(?P<y>{NAME})['’]s\s+(?:new\s+|old\s+|former\s+)?(?P<noun>{_NOUN_ALT})\b")
_WRITE_PREDICATE = {"manager": ("y", "reports_to", "x"), "team": ("x", "reports_to", "y"),
                    "colleague": ("x", "works_with", "y"), "partner": ("x", "married_to", "y"),
                    "client": ("x", "client_of", "y"), "owner": ("x", "owns", "y"),
                    "organisation": ("y", "belongs_to", "x")}


def possessive_relations(text: str) -> list[tuple[str, str, str]]:
    out = []
    for m in _IS_POSSESSIVE_ROLE.finditer(text):
        kind = _NOUNS[m.group("noun").lower()]
        if kind in _WRITE_PREDICATE:
            a, pred, b = _WRITE_PREDICATE[kind]
            out.append((m.group(a), pred, m.group(b)))
    return out
