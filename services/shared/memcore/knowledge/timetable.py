"""When the owner's activities happen, said of the activity (issue 35): "swimming is on Tuesdays",
"my violin lessons are on Thursdays after school", "footie is every Wednesday at the leisure centre".
The activity is the owner's (whose else would a child's or a person's own timetable be), so the card
is the owner's routine, not a fact about "swimming".

Not in a team's conversation (there "deliveries are on Mondays" is the team's, team.py reads it);
not of a person ("my dad is away on Mondays"), a pronoun or a thing pointed at; only with a
recurrence (a weekday in the plural, "every ...", "on <weekday>s"), never a date.
Pure regex work on one clause.
"""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY
from .models import Fact
from .rule_basics import RECURRENCE, TurnContext
from .routine_rules import routines
from .statement_basics import named_text
from .time_lists import _DAY, judges_the_day, week_list
from .vocabulary import PETS, RELATIONS

# a time of the week said bare, with no "on" or "every", that recurs by its form: days in the plural ("Wednesdays"),
# two days or more ("tuesday and thursday"), a part of a day in the plural ("Saturday mornings"); one day alone
# ("the match is Saturday") is one day's
# (_DAY[:-1]: a day in the plural only, "days" without its optional "s")
_WEEK_TIME = (rf"(?i:(?:{_DAY[:-1]}|weekends|weekdays|weeknights)\b|{_DAY}(?:\s*(?:,|and|&)\s*{_DAY})+\b|"
              rf"{_DAY}\s+(?:mornings|afternoons|evenings|nights)\b)")
# (sentence case: "Choir practice is ...", "Outings are ..."; a name alone is no activity: "Sam is Mondays")
_ACTIVITY_IS = re.compile(r"^(?:(?i:my|our)\s+)?(?P<what>(?:[A-Z][a-z-]+\s+(?=[a-z]))?[a-z][a-z'’-]*(?:\s+[a-z][a-z'’-]*){0,2}"
                          r"|[A-Z][a-z]+s(?=\s+are\s))\s+(?i:is|are)\s+"
                          r"(?:(?i:always|usually|normally|now)\s+)?(?P<when>(?i:on|every|each|once|twice|at|after)\b.+"
                          rf"|{_WEEK_TIME}.*)$")
_NOT_AN_ACTIVITY = frozenset("it this that these those he she they we you i there everything everyone nothing "
                             "today tomorrow tonight birthday party".split())


# the days said first: "Fridays are court work", "Sundays are for sea swimming at the cove"
_DAYS_ARE = re.compile(rf"^(?P<days>(?i:{WEEKDAY}s|weekends)(?:\s*(?:,|and|&)\s*"
                       rf"(?i:{WEEKDAY}s|weekends))*)\s+(?i:are|is)\s+(?P<what>(?i:for\s+)?[a-z].{{2,80}})$")


def timetable(clause: str, ctx: TurnContext) -> list[Fact]:
    """The owner's routine, from when an activity of theirs is; the days said first are the team's
    in a team's conversation ("Fridays are stocktake")."""
    if (listed := week_list(clause, ctx, routines)) is not None:  # "Fridays are court work, Mondays admin"
        return listed
    d = _DAYS_ARE.match(clause.strip().rstrip(".!"))
    if d and not judges_the_day(d.group("what")):
        who, what, days = ctx.org or ctx.owner, d.group("what"), d.group("days")
        return [Fact(who, "routine", f"{what} on {days}", "routine", 0.8, f"{who}: {days} are {what[:1].lower()}{named_text(what, ctx)[1:]}")]
    m = _ACTIVITY_IS.match(clause.strip())
    if ctx.org or not m or not (RECURRENCE.search(m.group("when")) or re.match(_WEEK_TIME, m.group("when"))):
        return []
    what, when = m.group("what").strip(), m.group("when").strip().rstrip(".!")
    words = what.lower().split()
    if words[0] in _NOT_AN_ACTIVITY or words[-1] in _NOT_AN_ACTIVITY or words[-1] in RELATIONS or words[-1] in PETS:
        return []
    o = ctx.owner
    return [Fact(o, "routine", f"{what} {when}", "routine", 0.8, f"{o}: {what} {when}")]


__all__ = ["timetable"]
