"""How a team's clause is said (issue 35, used by team_things.py): the figures a team keeps (prices,
times, counts), rule words, days and one-off dates, and the marks of chat about the moment (a state,
a verdict, a groan, a laugh); the type a thing's fact takes from them; a team's things by their name.
Pure regular expressions over a clause's text."""
from __future__ import annotations

import re

from ..calendar_words import MONTH_ALT, MONTH_STEM_ALT, SEASON_ALT, WEEKDAY
from .statement_basics import EVENT_CERTAINTY
from .models import Fact
from .rule_basics import TurnContext

# A figure a team keeps: a price, a percentage, a clock time or hours, round the clock, or a count
# of things ("42 rooms"); not a while ("2 secs", "back in 5").
PRICE = re.compile(r"[£$€]\s?\d|\d\s?%|\b\d+\s?(?:p|quid|pounds|euros|dollars)\b", re.I)
FIGURE = re.compile(r"[£$€]\s?\d|\d\s?%|\b\d{1,2}(?:[.:]\d\d)?\s*(?:am|pm)\b|\b24/7\b|\b(?:at|by|from|until|till|after|before)\s+"
                     r"\d{1,2}(?:[.:]\d\d)?\b|\b\d{1,2}(?:[.:]\d\d)?\s*(?:[-–]|to|till)\s*\d{1,2}(?:[.:]\d\d)?\b|\b(?:noon|midnight)\b"
                     r"|\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
                     r"a\s+dozen)\s+(?!(?:secs?|seconds?|mins?|minutes?|hours?|hrs?|days?|weeks?|months?|years?|ago|degrees|miles|km|kilos|kg|"
                     r"steps|calories|pages|emails|messages|texts|calls)\b)[a-z]+s\b", re.I)
# A state of the moment, not a lasting fact: "the printer is jammed again".
PASSING = re.compile(r"\b(?:again|today|tonight|right\s+now|at\s+the\s+moment|currently|still|anymore|any\s+more|already|"
                      r"so\s+far|left|this\s+(?:week|weekend|morning|afternoon|evening)|lol|lmao|haha+|classic|ffs|tbh|"
                      r"keeps?\s+[a-z]+ing)\b", re.I)  # ("night staff keep asking about it": a complaint of the moment)
# What a thing is doing or how it is right now: "on the blink", "stuck on one station", "making that noise".
STATE = re.compile(r"(?i)^(?:(?:only|just|so|really|always)\s+)?(?:on|off|out|down|up|stuck|broken|bust|busy|dead|quiet|packed|"
                    r"rammed|full|empty|[a-z]+ing)\b")
ME = re.compile(r"(?i)\b(?:me|myself)\b")
# How a thing feels today, not what it is: "the new rota is a nightmare".
VERDICT = re.compile(r"\b(?:nightmare|mental|awful|terrible|horrible|rubbish|brilliant|amazing|lovely|great|nice|fine|"
                      r"chaos|chaotic|mad|crazy|insane|pain|joke|disaster|killing|sense|weird|funny)\b", re.I)
# Chat that opens on a groan or a laugh is small talk: "ugh, the printer is jammed".
# words that open a reason said after a fact ("..., because by noon it's too hot", "..., cos the van's small")
REASON_OPENERS = frozenset("because cos coz cause since".split())
GROAN = re.compile(r"^(?:ugh+|urgh+|argh+|omg|lol|haha+|meh|sigh|ffs|oh+|ah+|hmm+|wow|oo+h|oops)\b", re.I)
HEDGE = re.compile(r"\b(?:sure|certain|ish|maybe|probably|think|guess|reckon)\b", re.I)
RULE_FIRST = re.compile(r"^(?:never|always|don['’]?t|do\s+not|no\s+one|nobody|only|no)\b", re.I)
RULE = re.compile(r"\b(?:only|never|must|mustn['’]t|needs?\s+to|have\s+to|has\s+to|not\s+allowed|"
                   r"(?:aren|isn)['’]t\s+allowed|can['’]?t|cannot|non[- ]?refundable|no\s+[a-z]+\s+(?:without|before|unless))\b", re.I)
CLOCK = re.compile(r"\b\d{1,2}(?:[.:]\d\d)?\s*(?:am|pm)\b|\b(?:at|from|by|until|till|after|before)\s+\d{1,2}(?:[.:]\d\d)?\b"
                    r"(?!\s+(?!(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))(?-i:[A-Z])[a-z]+)"  # "at 5 Quay Road": an address
                    r"|\b\d{1,2}(?:[.:]\d\d)?\s*[-–]\s*\d{1,2}(?:[.:]\d\d)?\b"
                    r"|\b\d{1,2}(?:[.:]\d\d)?\s+(?:to|till|until|til)\s+\d{1,2}(?:[.:]\d\d)?\b(?!\s*(?:years?|yrs|months?|weeks?|"
                    r"days?|hours?|people|persons|kids|children|guests|players|kg|kilos|metres|meters|miles|km|cm|mm|%|euros|pounds))"
                    r"|\b(?:at|by|from|until|till|after|before)\s+(?:noon|midday|midnight)\b", re.I)  # "open 9 to 6", "at noon"
# a day said in full or short, in the singular or plural: "Tue", "Thurs", "Saturdays" (opening_hours, team_keep);
# its own short forms, each a prefix of the day's name ("thurs", not "thur" nor "weds")
DAY_WORD = (r"(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)s?"
            r"|weekdays?|weekends?")
DAYS = re.compile(rf"\b(?:{WEEKDAY}s?|weekends?|mornings|afternoons|evenings|nights|"
                  r"bank\s+holidays|quarterly|fortnightly|annually|yearly|"
                   r"daily|weekly|monthly|every\s+[a-z]+|each\s+[a-z]+)\b", re.I)
ONE_OFF = re.compile(r"\b(?:in\s+(?:19|20)\d\d|(?:on|by|until|till|from)\s+the\s+\d{1,2}(?:st|nd|rd|th)|\d{1,2}(?:st|nd|rd|th)?\s+"
                      rf"(?:{MONTH_STEM_ALT})[a-z]*|(?:in|by|until|from)\s+(?:{MONTH_ALT})|next\s+(?:week|month|year)|(?:end|start|beginning|"
                     rf"middle)\s+of\s+(?:{MONTH_ALT}))\b", re.I)


# "only" that narrows a when ("weekends only", "8:00-8:30 each morning only", "Tuesdays only"): hours,
# not a rule, when no other rule word is said with it
_WHEN_ONLY_RULE = re.compile(r"(?i)^(?!.*\b(?:never|must|mustn['’]t|needs?\s+to|ha(?:ve|s)\s+to|allowed|can['’]?t|cannot|"
                             rf"refundable|without|unless)\b)(?=.*\bonly\b)(?=.*(?:\b{WEEKDAY}s?|"
                             r"weekends?|weekdays?|mornings?|afternoons?|evenings?|nights?|\d{1,2}(?:[.:]\d\d)?\s*(?:am|pm|[-–]\s*\d)))")


# due at a time to come: "due sometime in the spring", "due next month", "due on the 14th" (not "due on collection")
DUE_WHEN = re.compile(rf"(?i)^(?:is\s+|are\s+)?due\b(?=.*\b(?:{SEASON_ALT}|{MONTH_ALT}|"
                      r"next|week|month|year|\d{1,2}(?:st|nd|rd|th)?)\b)"
                      rf"|\bdue\s+(?:(?:in|on|by|at|sometime|around)\s+)*(?:the\s+)?(?:{SEASON_ALT}|{MONTH_ALT}|"
                      r"next|\d{1,2}(?:st|nd|rd|th)?)\b")


def type_of(text: str) -> str:
    if RULE.search(text) and not _WHEN_ONLY_RULE.search(text):
        return "safety"
    if PRICE.search(text):
        return "semantic"
    if CLOCK.search(text) or DAYS.search(text):
        return "routine"
    if ONE_OFF.search(text) or DUE_WHEN.search(text):  # ("the audit is due in the spring")
        return "episodic"
    return "semantic"


# a recurrence said with a period: "every 7 days", "every other week", "fortnightly", "three times a day"
EVERY = re.compile(r"(?i)\bevery\s+(?:\d+\s+|other\s+|second\s+|few\s+|couple\s+of\s+)?(?:days?|weeks?|months?|years?|hours?)\b|"
                   r"\b(?:daily|weekly|fortnightly|monthly|annually|yearly)\b|"
                   r"\b(?:once|twice|three\s+times|four\s+times|\d+\s+times)\s+(?:a|per)\s+(?:day|week|fortnight|month|term|year)\b")


def retyped(f: Fact, org: str | None = None) -> Fact:
    """A plain fact of a team whose value is the days or hours something happens is a routine:
    "Dr Lewis covers Thursdays and Fridays"; what the team "wants" by a date is a deadline, an event
    ("the publisher wants a vertical slice demo by March")."""
    if f.type == "semantic" and (DAYS.search(f.value) or EVERY.search(f.value)) and not PRICE.search(f.value):
        return Fact(f.subject, f.predicate, f.value, "routine", f.certainty, f.text)
    if f.type == "routine" and PRICE.search(f.value) and not (CLOCK.search(f.value) or DAYS.search(f.value)):
        return Fact(f.subject, f.predicate, f.value, "semantic", f.certainty, f.text)  # "£500 a year per person": a price
    if f.type in ("preference", "semantic") and f.subject == org and ONE_OFF.search(f.value) and not DAYS.search(f.value):
        return Fact(f.subject, f.predicate, f.value, "episodic", f.certainty, f.text)
    # a thing of the team's on a date ("the reading challenge launches 12 July") or due ("the inspection is due in
    # the spring"): an event; not when it was founded
    dated_thing = ONE_OFF.search(f.value) and len(f.value.split()) <= 4 and f.predicate not in ("founded", "since")
    if f.type == "semantic" and not DAYS.search(f.value) and (dated_thing or DUE_WHEN.match(f.value)):
        return Fact(f.subject, f.predicate, f.value, "episodic", f.certainty, f.text)
    return f





# "we're 14 people making a cosy farming game called Hollowmere": a thing of the team's, by its name
_CALLED = re.compile(r"\b(?:an?|our|the)\s+(?P<what>(?:[a-z-]+\s+){0,3}?[a-z-]+)\s+(?:called|named)\s+(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)")


def named_things(statement: str, ctx: TurnContext) -> list[Fact]:
    """What a team makes or runs, said with its name ("a podcast called Shoptalk"), one fact each."""
    if not ctx.org or not re.search(r"(?i)\b(?:we|we['’]re|our|us)\b", statement):
        return []
    out = []
    for m in _CALLED.finditer(statement):
        kind = m.group("what").split()[-1]
        out.append(Fact(ctx.org, kind, m.group("name"), "semantic", EVENT_CERTAINTY,
                        f"{ctx.org}: {m.group(0)}"))
    return out


__all__ = ["CLOCK", "DAYS", "FIGURE", "GROAN", "HEDGE", "ME", "ONE_OFF", "PASSING", "PRICE", "RULE", "RULE_FIRST", "STATE",
           "VERDICT", "named_things", "retyped", "type_of"]
