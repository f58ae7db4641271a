"""What the whole-statement kinds (kinds.py, one_off_events.py, and the team, role, step and rule-list
readings) share: their certainties, a statement without its lead-in (clean), a text with the owner or
the organisation named (named_text), whom a rule said without a named subject belongs to (_holder),
whom a named subject is (_person), and the words of a habit (HABIT). Pure."""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY
from ..extraction.patterns import NAME
from .person import about
from .rule_basics import TurnContext, resolve

PROCESS_CERTAINTY = 0.9
RULE_CERTAINTY = 0.9
EVENT_CERTAINTY = 0.8

_MODAL = re.compile(r"\b(?:would|could|might|may|maybe|will|shall|wish|[a-z]+['’](?:d|ll))\b", re.I)
_FIRST_SINGULAR = re.compile(r"\b(?:I|I['’]m|me|my|mine)\b")
# (and a sentence adverb that says how it is known or meant: "Apparently Tom is allergic to wasps" is about Tom)
_LEAD = re.compile(r"^\s*(?:(?:so|and|but|also|oh|ok|okay|right|yeah|yes|well|plus|btw|fyi|remember|apparently|actually|"
                   r"honestly|basically|obviously|seriously)\b[,:!]?\s*)+", re.I)
HABIT = re.compile(r"\b(?:every|each|usually|always|often|sometimes|never|normally|weekly|daily|birthday|anniversary|"
                    rf"{WEEKDAY}s|mornings|afternoons|evenings|nights|weekends)\b", re.I)


def clean(text: str) -> str:
    """The statement without its discourse lead-in ("so", "ok", "btw") and final punctuation."""
    return _LEAD.sub("", text.strip()).strip().rstrip(".!?")


def named_text(text: str, ctx: TurnContext) -> str:
    """The text with the owner named; "we"/"our" name the organisation when it is known, and stay
    as said otherwise (a team's "we" is not its member)."""
    if ctx.org:
        return about(text, ctx.owner, team=ctx.org)
    kept = re.sub(r"\b([Ww]e|[Oo]ur|[Uu]s)\b", "\x00\\1", text)
    return about(kept, ctx.owner).replace("\x00", "")


def _holder(text: str, ctx: TurnContext) -> str:
    """Whom a rule or process said without a named subject belongs to."""
    if _FIRST_SINGULAR.search(text):
        return ctx.owner
    return ctx.org or ctx.owner


# the people a team serves or employs, as a group: a rule about them is the team's rule
_GROUP = re.compile(r"(?i)(?:all\s+|the\s+|our\s+|new\s+)*(?:visitors?|staff|customers?|clients?|patients?|students?|"
                    r"pupils?|members?|volunteers?|drivers?|guests?|employees?|workers?|riders?|parents?|kids|children|"
                    r"trainees?|interns?|contractors?|delivery drivers?|new starters?|everyone on shift)")


def _person(subj: str, ctx: TurnContext) -> str:
    """The named subject of a rule: "I" the owner, "my sister Ella" Ella; a thing or "we" the holder."""
    s = re.sub(r"['’](?:m|re|ve|d|ll)$|\s+(?:am|is|are)$", "", subj.strip())  # "I'm (not allowed)", "Leo is (not allowed)"
    if s.lower() in ("i", "me"):
        return ctx.owner
    if re.match(r"(?i)(?:he|she)$", s):  # "he can't touch boilers on his own": whoever was named last
        return ctx.last_person or ctx.owner
    if s.lower() in ("we", "you", "it", "they", "everyone", "everybody", "all") or _GROUP.fullmatch(s) or not (
            re.search(r"[A-Z]", s) or re.search(r"\bmy\b", s, re.I)):  # a thing ("patient records")
        return ctx.org or ctx.owner
    if re.match(r"(?i)(?:my|our)\s", s) or re.fullmatch(NAME, s):
        return resolve(s, ctx) or ctx.owner
    return ctx.org or ctx.owner
