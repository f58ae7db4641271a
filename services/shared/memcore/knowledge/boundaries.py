"""A boundary said as a standing request to the assistant (issue 35: boundaries are knowledge): "please
don't suggest pubs for meetups", "never schedule calls before 10", "don't ever book me on a Monday",
"please don't call me after 8pm"; a subject the owner does not want raised ("please don't ask about my exams, it
stresses me out", "stop bringing up the divorce": a topic is no task at hand); a time kept free ("please nothing over
lunchtime, 12 to 1 is sacred"); or as the owner's own line, with its days or hours ("I don't work Sundays,
ever", "I never answer emails after 6"). What the assistant is asked never to do is the owner's `must_avoid`, a
safety card, kept like "no scary stories". A request about the task at hand ("don't make it too long",
"don't send it yet") is none: a boundary says when, how often or for what, or is said with "never"/"ever".
Pure regular expressions over one clause."""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY
from ..extraction.patterns import NAME
from .models import Fact
from .person import about
from .rule_basics import TurnContext
from .statement_basics import RULE_CERTAINTY

# what an assistant is asked to do for someone, again and again
_SERVICE = (r"suggest|recommend|book|schedule|arrange|call|ring|phone|text|email|message|send|remind|wake|offer|"
            r"plan|put|set\s+up|invite|sign\s+me\s+up\s+for|order")
# a subject one does not want raised: "don't ask about my exams", "please stop bringing up the divorce"; a topic
# is no task at hand, so the line is standing by itself (unless it says "now" or "today")
_TOPIC = r"(?:ask(?:ing)?(?:\s+me)?|talk(?:ing)?|go(?:ing)?\s+on|keep\s+(?:asking|talking)(?:\s+me)?)\s+about|bring(?:ing)?\s+up"
_NEGATED = re.compile(rf"^(?:(?:and|also|so|but|oh|oh,|just)\s+)*(?:(?i:please)\s+)?(?P<how>(?i:do\s+not|don['’]t|never|please\s+never|stop))"
                      rf"\s+(?:(?i:ever)\s+)?(?P<verb>(?i:{_SERVICE}|{_TOPIC}))\s+(?P<what>[^?]+?)\s*(?:,?\s*(?i:please|thanks|thank\s+you|ok|okay))?[.!]*$",
                      re.I)
# a boundary says when, how often or for what; "ever", "never", "again", "any" make it standing by themselves
_STANDING = re.compile(r"(?i)\b(?:ever|never|again|any|anymore|any\s+more|before\s+\d|after\s+\d|(?:before|after)\s+(?:noon|midday|"
                       rf"lunch|school|work)|on\s+(?:a\s+)?{WEEKDAY}s?|weekends?|evenings?|mornings?|"
                       r"nights?|for\s+(?:meetups|meetings|dinner|lunch|drinks|dates|socials|team|work|me))\b")
# the owner's own line: "I don't work Sundays, ever", "I never answer emails after 6", "I don't do meetings on Fridays"
_OWN_LINE = re.compile(r"^(?i:I)\s+(?P<how>(?i:don['’]t|do\s+not|never))\s+(?:(?i:ever)\s+)?(?P<verb>(?i:work|do|take|answer|check|read|"
                       r"reply\s+to|respond\s+to|travel|drive|fly|book|schedule))\s+(?P<what>[^?]+?)\s*[.!]*$")
_NOT_A_LINE = frozenset(("again", "any", "anymore", "any more"))  # "I don't work there anymore": news, no line kept
_TASK = re.compile(r"(?i)^(?:it|that|this|them|those|these|him|her)\b|\b(?:yet|now|today|tonight|this\s+(?:one|time|week))\b")


# "please nothing over lunchtime, 12 to 1 is sacred", "no calls before 10 please": a time kept free, with how much
_TIME_WORD = rf"(?:lunch(?:time)?|noon|midday|\d|mornings?|evenings?|nights?|weekends?|bedtime|dinner(?:time)?|breakfast|{WEEKDAY}s?)"
_KEPT_FREE = re.compile(rf"^(?:(?:and|also|so|but|oh|just)\s+)*(?:(?i:please)\s+)?(?P<what>(?i:nothing|no\s+[a-z]+(?:\s+[a-z]+)?))\s+"
                        rf"(?P<when>(?i:over|during|before|after|on|at|in)\s+[^,;?]{{0,30}}?\b(?i:{_TIME_WORD})[^,;?]{{0,20}}?)"
                        r"(?:\s*,\s*(?P<tail>[^,;?]{2,30}?\s+(?i:is|are)\s+(?i:sacred|off[- ]limits|protected|precious)))?"
                        r"(?:\s*,?\s*(?i:please|thanks|thank\s+you))?\s*[.!]*$")


def _kept_free(text: str) -> re.Match[str] | None:
    """A time kept free, asked of the assistant: "nothing ...", or "no X ..." said with "please" or what insists on
    it ("no calls before 10 please"); a plain "no homework on Sundays for me" is a rule the rule readers keep."""
    free = _KEPT_FREE.match(text.strip())
    if free is None or at_hand(free.group("when")):
        return None
    asked = free.group("what").lower().startswith("nothing") or free.group("tail") or re.search(r"(?i)\bplease\b", text)
    return free if asked else None


def at_hand(what: str) -> bool:
    """Whether what a request is about is the task at hand ("no onions this time", "not today"), not a standing line."""
    return bool(re.search(r"(?i)\b(?:yet|now|today|tonight|this\s+(?:one|time|week))\b", what))


def standing_request(text: str) -> bool:
    """Whether the clause asks the assistant never to do something, as a standing rule (not the task at hand)."""
    if _kept_free(text):
        return True  # "please nothing over lunchtime": a time kept free
    m = _NEGATED.match(text.strip())
    if m is None or _TASK.search(m.group("what")):
        return False
    if m.group("how").lower() == "stop" and not re.match(r"(?i)ask|keep|bring", m.group("verb")):
        return False  # "stop talking about the weather": the chat at hand; "stop asking about my weight": a line
    return m.group("how").lower().endswith("never") or bool(_STANDING.search(text)) or bool(re.match(rf"(?i){_TOPIC}", m.group("verb")))


def _own_line(clause: str) -> re.Match[str] | None:
    """A line the owner keeps, said of themselves with the days or hours it holds ("I don't work Sundays, ever")."""
    m = _OWN_LINE.match(clause.strip())
    held = _STANDING.search(clause)
    return m if m and not _TASK.search(m.group("what")) and held and held.group(0).lower() not in _NOT_A_LINE else None


def boundaries(clause: str, ctx: TurnContext) -> list[Fact]:
    """The owner's boundary a standing request or the owner's own line says, as a safety card."""
    free = _kept_free(clause)
    if free:  # "please nothing over lunchtime, 12 to 1 is sacred"
        what = " ".join(x for x in (free.group("what").lower(), free.group("when"), free.group("tail")) if x)
        return [Fact(ctx.owner, "must_avoid", what, "safety", RULE_CERTAINTY, f"{ctx.owner}: {what}")]
    m = _NEGATED.match(clause.strip()) if standing_request(clause) else _own_line(clause)
    if m is None:
        return []
    said, *why = _WHY.split(m.group("what").strip(), maxsplit=1)  # "..., she's anaphylactic": why, in the line only
    whom = _FOR_SOMEONE.search(said)  # "never suggest peanuts for Lily": Lily's boundary
    who = whom.group("name") if whom and whom.group("name") != ctx.owner else ctx.owner
    what = about(f"{m.group('verb').lower()} {said}", ctx.owner)
    what = re.sub(r"(?i)^(\w+(?:\s+up)?)\s+ever\s+", r"\1 ", what)
    what = re.sub(r"(?i)^(ask|bring)ing\b", r"\1", what)  # "stop asking about my weight": never ask about it
    what = re.sub(r"(?i),?\s+(?:ever|at\s+all)$", "", what)
    what = what[:1].lower() + what[1:]
    because = f", {about(why[0], ctx.owner)[:1].lower()}{about(why[0], ctx.owner)[1:]}" if why else ""
    return [Fact(who, "must_avoid", what, "safety", RULE_CERTAINTY, f"{ctx.owner}: never {what}{because}")]


_WHY = re.compile(r"\s*,\s*(?=(?:(?i:he|she|they|it)(?:['’](?:s|re)|\s+(?:is|are|has|have|gets?)\b)|(?i:because|as|since)\b))"
                  r"|(?:\s*,\s*|\s+)(?=(?i:it|that|this)\s+[a-z]+s\s+(?:me|us)\b)")  # "..., it stresses me out": why
_FOR_SOMEONE = re.compile(rf"\bfor\s+(?P<name>{NAME})\s*$")


__all__ = ["at_hand", "boundaries", "standing_request"]
