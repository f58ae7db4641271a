"""A post, a tie or a place said to have ended, kept as the past (issue 35: change over time).

"I'm not a student any more", "Dmitri is no longer my landlord", "Kemal doesn't work at the bank anymore", "my
brother isn't a vegetarian anymore": the readers drop a negated clause (a negation says nothing is), so the turn
gives nothing, though the owner told what changed. The note-taker keeps it as the past, never as now: a card
`used_to` (a post, a status, a workplace, a home) or `former_<tie>` (a tie between people), its line saying the end
("Sam is no longer a student", "Dmitri is no longer Sam's landlord").

Only a clause that says the end reads so: "no longer", or a negation with "any more"/"anymore" in the same clause;
its subject must be named ("I", "we", a name, "my"/"our" kin): "she's no longer my boss" names nobody, and a card of
"she" would be no fact. Near misses that give nothing: "I'm not a student" (no end said), "I'm not a fan of it any
more" (a liking: ended_states and likes own those), "Yuki isn't coming any more" (a plan, no state), a question
("Are you not a student anymore?"). A card of the turn that already holds the value wins (ended_states made it
past). ended_states.py turns a current card of an ended state into the past; this module says the ended state the
readers did not read at all. Pure: the turn as read and its cards in, cards out.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME_WORD
from .models import Fact
from .person import possessive
from .vocabulary import RELATIONS, content_words

WHO = rf"(?P<who>I|[Ww]e|(?:[Mm]y|[Oo]ur)\s+[a-z]+|{NAME_WORD}(?:\s+{NAME_WORD})?)"
_BE = r"(?:\s+(?:am|is|are)|[’']m|[’']s|[’']re)"
_AN_END = r"(?P<end>\s+any\s?more)"
_THING = r"(?P<det>a|an|my|our|the)\s+(?P<what>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)"
_STOP = r"(?=\s*(?:[.!,;:?]|$|\s+(?:but|and|so|since|because|now)\b))"
# "I'm no longer a nurse", "Dmitri is no longer my landlord"; "I'm not a student any more", "Yuki isn't my flatmate anymore"
START = r"(?:^|(?<=[.!?;,]\s)|(?<=\band\s)|(?<=\bbut\s)|(?<=\bso\s))"
_BEING = (re.compile(rf"{START}{WHO}{_BE}\s+no\s+longer\s+{_THING}(?:{_AN_END})?{_STOP}"),
          re.compile(rf"{START}{WHO}{_BE}(?:\s*n[’']t|\s+not)\s+{_THING}{_AN_END}{_STOP}"))
_PLACE = r"(?P<prep>at|in|for)\s+(?P<what>(?:the\s+)?[\w’'-]+(?:\s+[\w’'-]+){0,3}?)"
_DOING = r"(?P<verb>live|work|study|teach)"
# "I don't work at the bank anymore", "Kemal no longer lives in Lyon"
_DOING_ENDED = (re.compile(rf"{START}{WHO}\s+(?:(?:do|does)\s*n[’']t|(?:do|does)\s+not)\s+{_DOING}\s+{_PLACE}{_AN_END}{_STOP}"),
                re.compile(rf"{START}{WHO}\s+no\s+longer\s+{_DOING}(?:e?s)?\s+{_PLACE}{_STOP}"))
_PLAN_OR_FEELING = frozenset("fan big huge avid massive good bad great coming going doing allowed able sure keen scared afraid "
                              "fond lot bit".split())
_SAID_VERB = {"live": "lives", "work": "works", "study": "studies", "teach": "teaches"}


_NOBODY_NAMED = frozenset("he she they it you this that there who what".split())


def who_named(said: str, owner: str) -> str:
    """Whom the clause names: the owner for "I"/"we", "<owner>'s brother" for "my brother", a name; "" for a pronoun
    ("she's no longer my boss": nobody named)."""
    low = said.lower()
    if low.split()[0] in _NOBODY_NAMED:
        return ""
    if low in ("i", "we"):
        return owner
    if low.startswith(("my ", "our ")):
        kin = said.split()[1]
        return f"{possessive(owner)} {kin}" if kin.lower() in RELATIONS else ""
    return said


def _ended_posts(text: str, owner: str) -> list[Fact]:
    out = []
    for m in (m for p in _BEING for m in p.finditer(text)):
        who, what, det = who_named(m.group("who"), owner), m.group("what"), m.group("det")
        if not who or what.split()[0] in _PLAN_OR_FEELING:
            continue
        if det in ("my", "our"):  # a tie: "Dmitri is no longer my landlord"
            if who == owner or what not in RELATIONS:
                continue
            mine = owner  # "my"/"our": the owner's
            out.append(Fact(mine, f"former_{what.replace(' ', '_')}", who, "relationship", 0.8,
                            f"{who} is no longer {possessive(mine)} {what}"))
        elif det in ("a", "an"):
            out.append(Fact(who, "used_to", what, "identity", 0.8, f"{who} is no longer {det} {what}"))
    return out


def _ended_doings(text: str, owner: str) -> list[Fact]:
    out = []
    for m in (m for p in _DOING_ENDED for m in p.finditer(text)):
        who = who_named(m.group("who"), owner)
        if not who:
            continue
        verb, prep, what = m.group("verb"), m.group("prep"), m.group("what")
        out.append(Fact(who, "used_to", what, "identity", 0.8, f"{who} no longer {_SAID_VERB[verb]} {prep} {what}"))
    return out


def states_ended(facts: list[Fact], text: str, owner: str) -> list[Fact]:
    """The turn's cards with each post, tie, workplace or home the turn says has ended, that no card holds, as the
    past."""
    if not re.search(r"(?i)\bno\s+longer\b|\bany\s?more\b", text) or text.rstrip().endswith("?"):
        return facts
    held = [content_words(f.value) | content_words(f.subject) for f in facts]
    out = list(facts)
    for f in _ended_posts(text, owner) + _ended_doings(text, owner):
        words = content_words(f.value)
        if words and not any(words <= h for h in held):
            out.append(f)
            held.append(words | content_words(f.subject))
    return out


__all__ = ["START", "WHO", "who_named", "states_ended"]
