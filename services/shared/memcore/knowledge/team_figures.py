"""Plain facts a team states about itself in one clause (issue 35), each card of its own:
- how many it has of what: "we've got 22 riders and 3 vans" (two cards: a question asks of one);
- where one of its things is: "the depot is on Feeder Road", "our stockroom's behind the shop";
- the days it is shut: "we're closed on bank holidays", "we're shut Sundays and Mondays";
- how long a colleague has been with it: "Marta's been with us since 2019", "Joe has been here 12 years";
- whom it buys from or has a service with: "we buy our drugs from Covetrus", "our out-of-hours cover is with Vets Now".
Only in a team's conversation (the organisation is known). Pure regular expressions over a clause.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME
from .models import Fact
from .person import possessive
from .rule_basics import TurnContext
from .statement_basics import EVENT_CERTAINTY, clean
from .team_words import DAYS

_UNITS = frozenset("secs seconds mins minutes hours hrs days weeks months years nights times miles km kilos pounds quid euros "
                   "dollars pence percent problems issues questions complaints".split())
_HOME = frozenset("kid child grandchild grandkid son daughter brother sister cat dog pet rabbit hamster horse chicken goat "
                  "fish bird guinea".split())  # (a member's household, not the team's)
_N = r"\d+|a\s+dozen|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty"
_COUNT = rf"(?P<n>{_N})\s+(?:(?P<adj>[a-z-]+)\s+)?(?P<what>[a-z]+s)\b"
_ONE = r"(?:an?|one)\s+(?:[a-z-]+\s+)?[a-z]+"  # "... and an operating theatre"
_HAVE = re.compile(rf"^(?i:we)\s+(?:have|['’]ve\s+got|have\s+got|run|own|employ|keep)\s+(?:(?i:about|around|roughly|over|nearly|"
                   rf"almost|only|just)\s+)?{_COUNT}(?P<rest>(?:\s*(?:,|and|plus)\s*(?:\s*and\s+)?(?:(?:{_N})\s+(?:[a-z-]+\s+)?[a-z]+s|{_ONE})\b)*)"
                   r"\s*[.!]?$")
_MORE = re.compile(rf"(?P<n>{_N}|an?|one)\s+(?:(?P<adj>[a-z-]+)\s+)?(?P<what>[a-z]+)\b")


def _counts(text: str, org: str) -> list[Fact]:
    m = _HAVE.match(text)
    if not m:
        return []
    found = [m] + list(_MORE.finditer(m.group("rest") or ""))
    out = []
    for c in found:
        if c.group("what").lower() in _UNITS or c.group("what").lower().rstrip("s") in _HOME:
            return []  # "we have 2 weeks", "we've got 3 complaints": a while or a moment, not what it has
        what = f"{c.group('adj')} {c.group('what')}" if c.group("adj") else c.group("what")
        out.append(Fact(org, "has", f"{c.group('n')} {what}", "semantic", EVENT_CERTAINTY, f"{org} has {c.group('n')} {what}"))
    return out


_WHERE = re.compile(rf"^(?P<thing>(?i:the|our)\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*(?:\s(?:is|are)|['’]s)\s+"
                    rf"(?P<prep>on|in|at|behind|next\s+to|opposite|above|below|upstairs|downstairs|round\s+the\s+back\s+of|near)"
                    rf"(?:\s+(?P<place>(?:the\s+)?{NAME}|the\s+[a-z]+(?:\s+[a-z]+)?))?\s*[.!]?$")
_NOT_A_THING = frozenset("weather traffic kettle printer wifi internet coffee boss".split())
_NOT_A_WHERE = re.compile(r"(?i)\b(?:way|moment|phone|holiday|leave|break|lunch|time|fire|list|rota|order|sale|strike|mend)\b")


def _where(text: str, org: str) -> list[Fact]:
    m = _WHERE.match(text)
    if not m or (m.group("prep") in ("on", "in", "at", "near") and not m.group("place")):
        return []
    thing = re.sub(r"(?i)^(?:the|our)\s+", "", m.group("thing"))
    place = f"{m.group('prep')} {m.group('place')}".strip() if m.group("place") else m.group("prep")
    if thing.split()[-1] in _NOT_A_THING or _NOT_A_WHERE.search(place) or DAYS.search(place):
        return []
    return [Fact(org, f"{thing.replace(' ', '_')}_location", place, "semantic", EVENT_CERTAINTY,
                 f"{possessive(org)} {thing} is {place}")]


_SHUT = re.compile(r"^(?i:we)\s+(?:are|['’]re)\s+(?:(?i:always|usually|also)\s+)?(?P<state>closed|shut)\s+(?:(?i:on|at|over)\s+)?"
                   r"(?P<when>.+?)\s*[.!]?$")


def _shut(text: str, org: str) -> list[Fact]:
    m = _SHUT.match(text)
    if not m or not DAYS.search(m.group("when")) or re.search(r"(?i)\b(?:this|next|last|today|tomorrow)\b", m.group("when")):
        return []
    return [Fact(org, "closed", m.group("when"), "routine", EVENT_CERTAINTY, f"{org} is {m.group('state')} on {m.group('when')}")]


_TENURE = re.compile(rf"^(?P<who>{NAME})\s*(?:['’]s|\s+has)\s+(?:(?i:worked|been\s+working|been))\s+(?P<where>here|with\s+us|at\s+{NAME})\s+"
                     r"(?:(?P<since>since\s+(?:(?:19|20)\d\d|[A-Z][a-z]+(?:\s+(?:19|20)\d\d)?))|(?:for\s+)?(?:(?i:about|over|nearly|almost)\s+)?"
                     r"(?P<n>\d+|a|two|three|four|five|six|seven|eight|nine|ten|twenty)\s+(?P<unit>years?|months?))\s*[.!]?$")


def _tenure(text: str, ctx: TurnContext, org: str) -> list[Fact]:
    m = _TENURE.match(text)
    if not m or m.group("who") in (org, ctx.owner):
        return []
    how_long = m.group("since") or f"{m.group('n')} {m.group('unit')}"
    ctx.last_person, ctx.carried = m.group("who"), False
    said = f"{m.group('who')} has been at {org} {how_long}" if m.group("since") else \
        f"{m.group('who')} has been at {org} for {how_long}"
    return [Fact(m.group("who"), "tenure", how_long, "identity", EVENT_CERTAINTY, said)]


# "we buy all our drugs from Covetrus", "we get our flour from Marsh Mill", "our out-of-hours cover is with Vets Now"
_FROM = re.compile(rf"^(?i:we)\s+(?:(?i:usually|always|mostly|also|now)\s+)?(?P<verb>buy|get|order|source|rent|lease|hire)\s+"
                   rf"(?P<what>(?:(?i:all|most)\s+)?(?:(?i:of\s+)?(?i:our|the)\s+)?[a-z][a-z -]{{1,40}}?)\s+from\s+(?P<who>{NAME})\s*[.!]?$")
_WITH = re.compile(rf"^(?i:our)\s+(?P<what>[a-z][a-z -]{{1,40}}?)\s+(?:is|are)\s+(?:(?i:done|handled|provided)\s+by|with|through)\s+"
                   rf"(?P<who>{NAME})(?:\s+in\s+(?P<where>{NAME}))?\s*[.!]?$")
_PAST_TENSE = {"buy": "buys", "get": "gets", "order": "orders", "source": "sources", "rent": "rents", "lease": "leases", "hire": "hires"}


def _supplier(text: str, org: str) -> list[Fact]:
    m = _FROM.match(text)
    if m and m.group("who") != org:
        what = re.sub(r"(?i)^(?:all|most)\s+(?:of\s+)?|(?i:our|the)\s+", "", m.group("what")).strip()
        return [Fact(org, "supplier", m.group("who"), "semantic", EVENT_CERTAINTY,
                     f"{org} {_PAST_TENSE[m.group('verb').lower()]} {what} from {m.group('who')}")]
    m = _WITH.match(text)
    if m and m.group("who") != org:
        where = f" in {m.group('where')}" if m.group("where") else ""
        return [Fact(org, m.group("what").replace(" ", "_"), m.group("who"), "semantic", EVENT_CERTAINTY,
                     f"{possessive(org)} {m.group('what')} is with {m.group('who')}{where}")]
    return []


def figures(clause: str, ctx: TurnContext) -> list[Fact]:
    """What a team's clause states of its counts, its things' places, its closed days or a colleague's
    years with it (see the module's doc); nothing outside a team's conversation."""
    if not ctx.org:
        return []
    text = clean(clause)
    return (_counts(text, ctx.org) or _where(text, ctx.org) or _shut(text, ctx.org) or _tenure(text, ctx, ctx.org)
            or _supplier(text, ctx.org))


__all__ = ["figures"]
