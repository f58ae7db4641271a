"""A headed list whose items each carry their own detail in brackets (issue 35, one card one fact).

"Four artists: me (blackwork), Kertu (fine line) and Siim (traditional)", "We have 3 groups: Robins
(2-3 yrs), Owls (3-5) and Foxes (5-7)", "the room leaders are Gemma (babies) and Sanjay (toddlers)": each bracket says something of the item before it and of no
other, so each item is a card of its own holding its detail ("Kertu (artist): fine line"); a person listed
under a post's heading without a detail holds that post. Read as one process or one list, every card
would hold every item's words. Pure regular expressions over one statement.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME
from .models import Fact
from .post_words import is_post, role_card, singular
from .rule_basics import TurnContext
from .vocabulary import RELATIONS

_HEAD = re.compile(r"^(?:(?i:we\s+have|we['’]ve\s+got|there\s+are|our)\s+)?(?:(?P<n>\d+|[a-z]+)\s+)?(?P<head>[A-Za-z][a-z]+(?:\s+[a-z]+)?)\s*:\s*(?P<body>.+)$")
# the same list said with "are": "The room leaders are Gemma (babies), Sanjay (toddlers) and Chloe (pre-school)"
_HEAD_ARE = re.compile(r"^(?i:the|our)\s+(?P<head>[a-z]+(?:\s+[a-z]+)?)\s+(?i:are)\s+(?P<body>[^:]+)$")
_ITEM = re.compile(rf"^(?P<item>(?i:me|myself|I)|{NAME}|[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)(?:\s*\((?P<detail>[^()]{{1,40}})\))?$")
_KIN = frozenset("kid child children grandkid grandchildren boy girl pet".split())
_STAFF = frozenset("staff people member person employee colleague volunteer".split())
_GROUPS = frozenset("group team class room shift site branch".split())
_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_AGES = re.compile(r"^(?P<a>[\d.]+\s*(?:-|to)\s*[\d.]+)\s*(?:yrs?|years?)?(?:\s+old)?$", re.I)


def listed_details(statement: str, ctx: TurnContext) -> list[Fact]:
    """One card an item of a headed list with at least two bracketed details; none otherwise."""
    m = _HEAD.match(statement.strip().rstrip(".!")) or _HEAD_ARE.match(statement.strip().rstrip(".!"))
    if not m:
        return []
    items = [_ITEM.match(i.strip()) for i in _SPLIT.split(m.group("body")) if i.strip()]
    if len(items) < 2 or not all(items) or sum(1 for i in items if i and i.group("detail")) < 2:
        return []
    head = singular(m.group("head").split()[-1])
    if head in RELATIONS or head in _KIN or all((i.group("detail") or "0").strip().isdigit() for i in items if i):
        return []  # "Kids: Leo (9) and Mia (6)": a family's ages (group_ties.kin_headed)
    staff = head in _STAFF or (head not in _GROUPS and is_post(head))  # "artists", "staff"; not "groups"
    post = head not in _STAFF  # "Three staff: ...": people of the team, no post named
    out: list[Fact] = []
    for i in items:
        if i is None:
            continue
        said, detail = i.group("item"), (i.group("detail") or "").strip()
        who = ctx.owner if said.lower() in ("me", "myself", "i") else said
        person = who == ctx.owner or (staff and who[:1].isupper())
        if person and staff and post and not detail:  # with a detail, the detail's line names the post
            out.append(role_card(who, head, ctx, f"{who} is {'an' if head[:1] in 'aeiou' else 'a'} {head}"))
        if detail:
            ages = _AGES.match(detail)
            value = ages.group("a") if ages else detail
            out.append(Fact(who, "age_group" if ages else head.replace(" ", "_"), value, "identity" if person else "semantic",
                            0.8, f"{who} ({head}): {detail}" if not ages else f"{who} ({head}): ages {value}"))
    return out


__all__ = ["listed_details"]
