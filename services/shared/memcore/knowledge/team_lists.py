"""A team's things listed under a heading (issue 35): "Big clients: the hospital labs and a few law
firms.", "Invoices: net 14 for private customers, net 30 for fleet accounts.", "Suppliers: Brakes for
frozen, Bidfood for dry goods."

Each item is one fact of the team's, named by the heading ("Kerbside Motors' invoices: net 14 for
private customers"), so a question about one item gets that item alone. An item is a noun phrase;
a list of verbs under a heading is a procedure (kinds.py keeps it whole), and a remark in brackets
is no part of its item ("the hospital labs (samples, insulated boxes only)"). Pure.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME
from .models import Fact
from .parse import Sentence
from .person import possessive, third_person_verb
from .post_words import is_post
from .rule_basics import TurnContext
from .statement_basics import EVENT_CERTAINTY
from .team_when import when_only
from .team_words import CLOCK, DAYS, type_of
from .vocabulary import EMPHATIC

_HEADED = re.compile(r"^(?P<head>(?!(?i:we|i|our|my|they|you|there|it|this|that|so|and|but|ok|okay|yes|no|note|"
                     r"important|fyi|btw|remember|ps)\b)(?:[A-Z]{2,5}|[A-Za-z][a-z'-]*)(?:\s+[a-z][a-z'-]*){0,2})\s*:\s*(?P<body>\S.*)$")
_BRACKETS = re.compile(r"\s*\([^)]*\)")
_ITEM_BREAK = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_ALWAYS = re.compile(rf"(?i)(?:,\s*|\s+)(?:always|at\s+all\s+times|{EMPHATIC})\s*$")
_HOLDER = re.compile(rf"(?i:me|myself)|{NAME}")
# an item that says who does what: a name, then a verb in -s ("cuts", "does embroidery", "runs the markets")
_DOER = re.compile(rf"^(?P<who>I|{NAME})\s+(?P<what>(?:does\s+|handles\s+|runs\s+|looks\s+after\s+)?[a-z][\w'’ -]*)$")
_NOUN_TAGS = ("NOUN", "PROPN", "NUM", "DET", "ADJ")  # not a pronoun: "rule of thumb: we always ring ..." is told in clauses


def _noun_phrases(items: list[str], s: Sentence | None) -> bool:
    """Whether every item starts with a word of a noun phrase (by the parse; without one, by its form)."""
    if s is None:
        return all(re.match(r"(?:the|a|an|some|two|three|few|net|\d|[A-Z])", i) for i in items)
    first = {t.text: t.pos for t in s}
    return all(first.get(i.split()[0], "NOUN") in _NOUN_TAGS for i in items)


def _timed_items(body: str) -> list[str]:
    """The items of a list under a heading when two or more say their own when ("early 6-2, late 2-10,
    nights on the 101 only"); a piece that is only a when goes with the item before it ("Thursdays, 8pm")."""
    items: list[str] = []
    for piece in (p.strip() for p in re.split(r"\s*[,;]\s*(?:and\s+)?", body) if p.strip()):
        if items and when_only(piece) and not (CLOCK.search(piece) and CLOCK.search(items[-1])):
            items[-1] = f"{items[-1]}, {piece}"  # (but "morning 8-12, evening 5-7" are two)
        else:
            items.append(piece)
    return items if sum(bool(DAYS.search(i) or CLOCK.search(i)) for i in items) >= 2 else []


def headed_items(statement: str, ctx: TurnContext, s: Sentence | None = None) -> list[Fact]:
    """One fact per item listed under a heading in a team's statement; nothing for anything else."""
    if not ctx.org:
        return []
    m = _HEADED.match(statement.strip().rstrip(".!"))
    if not m:
        return []
    head, body = m.group("head"), m.group("body").strip().rstrip(".!")
    holder = _HOLDER.fullmatch(body.rstrip(" ."))
    if holder and is_post(head, staff=True):  # "Captain: Rodrigo Vera", "Treasurer: me"
        who = ctx.owner if holder.group(0).lower() in ("me", "myself") else holder.group(0)
        return [Fact(who, "role", head.lower(), "identity", EVENT_CERTAINTY, f"{who} is the {head.lower()}")]
    plain = _BRACKETS.sub("", body)  # (a remark in brackets is no part of it)
    if _ALWAYS.search(plain):  # "PPE: masks in the spawn room, always": a rule under its heading
        said = head if head.isupper() else head.lower()  # ("PPE" stays an acronym)
        return [Fact(ctx.org, "rule", f"{said}: {body}", "safety", EVENT_CERTAINTY, f"{ctx.org}: {head}: {body}")]
    if DAYS.search(plain) or CLOCK.search(plain):  # "Drills: every Thursday 20:00 at the hall": when, one card;
        # "Shifts: early 6-2, late 2-10": a card an item that says its own when
        typed = [(item, "routine" if DAYS.search(item) or CLOCK.search(item) else type_of(item)) for item in _timed_items(plain)]
        return [Fact(ctx.org, "routine" if kind == "routine" else re.sub(r"\W+", "_", head.lower()).strip("_"), f"{head.lower()} {item}",
                     kind, EVENT_CERTAINTY, f"{ctx.org}: {head.lower()} {item}") for item, kind in typed or [(body, "routine")]]
    items = [i.strip(" ,;") for i in _ITEM_BREAK.split(_BRACKETS.sub("", body)) if i.strip(" ,;")]
    parts = [i.strip(" ,;") for i in re.split(r"\s*[,;]\s*(?:and\s+)?", _BRACKETS.sub("", body)) if i.strip(" ,;")]
    doers = [_DOER.match(i) for i in parts]
    if len(parts) > 1 and all(doers):  # "Staff: Pape cuts, Khady does embroidery, I do the books": who does what
        out = []
        for d in doers:
            if d is None:
                continue
            who = ctx.owner if d.group("who") == "I" else d.group("who")
            said = f"{who} {third_person_verb(d.group('what').split()[0])}{d.group('what')[len(d.group('what').split()[0]):]}" \
                if d.group("who") == "I" else d.group(0)
            out.append(Fact(who, "role", re.sub(r"^(?:do|does)\s+", "", d.group("what")), "identity", EVENT_CERTAINTY, said))
        return out
    if len(items) < 2 and not head.lower().endswith("s") or not items or not _noun_phrases(items, s):
        return []
    predicate = re.sub(r"\W+", "_", head.lower()).strip("_")
    return [Fact(ctx.org, predicate, item, "semantic", EVENT_CERTAINTY, f"{possessive(ctx.org)} {head.lower()}: {item}")
            for item in items]


__all__ = ["headed_items"]
