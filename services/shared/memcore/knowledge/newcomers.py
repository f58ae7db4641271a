"""A newcomer's start (issue 35): "Our new hire Dmitri starts Monday", "my new flatmate Oisin moves in on the 3rd",
"Our new intern Haruto joins us next week", "the new chef, Ngozi, starts in March", "my new teacher mr nowak starts
after half term".

A dated event of the newcomer's, worth a card of its own (the spec's episodic: "the investor demo is on the 14th"):
when they start. The readers read the tie ("Oisin is Sam's new flatmate") but often not the start: the small model
reads "starts" after a name as a plural noun ("Dmitri starts Monday"), and "joins us next week" has no event
reader. Only this shape is read: "my/our/the new <post or tie> <Name> <starts|joins (us)|moves in|arrives|begins>
<when>", the when a day, a date or a time word said to the end of the clause; a team's newcomer said with a word
for a new member only ("our new hire Dmitri") also gets the post card the tie readers cannot give ("new hire").
Anything else ("the new season starts Monday", "my course starts on the 3rd": no name; "Dmitri starts Monday"
without "new": the event readers' own) is left to the readers.

Pure regex work on one clause.
"""
from __future__ import annotations

import re

from ..calendar_words import MONTH_OR_ABBREVIATION_ALT, WEEKDAY_ALT
from ..extraction.patterns import NAME
from .models import Fact
from .rule_basics import TurnContext

_WHEN_WORD = (rf"(?:{WEEKDAY_ALT}|{MONTH_OR_ABBREVIATION_ALT}|tomorrow|today|tonight|week|month|term|year|weekend|"
              r"half[- ]term|\d{1,2}(?:st|nd|rd|th)?|first|second|third|fourth|fifth|new\s+year|summer|spring|autumn|winter)")
_NEWCOMER = re.compile(
    rf"\b(?P<mine>(?i:my|our|the))\s+(?i:new)\s+(?P<post>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*,?\s+(?P<name>{NAME})\s*,?\s+"
    r"(?P<verb>(?i:starts|joins(?:\s+us)?|moves\s+in|arrives|begins|comes\s+on\s+board))\s+"
    rf"(?P<when>(?i:(?:on|in|at|from|next|this|after|before|the|early|late|mid)\s+){{0,3}}(?i:{_WHEN_WORD})(?:\s+[\w-]+){{0,2}}?)"
    r"\s*[.!]?\s*$")
# a word for a new member and nothing else: the post card is "new hire" (a team's word for who they are now)
_NEW_MEMBER = frozenset("hire hires starter joiner recruit member employee".split())


def newcomers(clause: str, ctx: TurnContext) -> list[Fact]:
    """The newcomer's start as an event card (and a team's "new hire" as the person's post)."""
    m = _NEWCOMER.search(clause)
    if not m:
        return []
    name, verb, when = m.group("name"), m.group("verb").lower(), m.group("when").strip()
    out = [Fact(name, "event", f"{verb} {when}", "episodic", 0.8, f"{name} {verb} {when}")]
    post = m.group("post").lower()
    if ctx.org and post.split()[-1] in _NEW_MEMBER:
        out.append(Fact(name, "role", f"new {post}", "identity", 0.8, f"{name} is {ctx.org}'s new {post}"))
    return out


__all__ = ["newcomers"]
