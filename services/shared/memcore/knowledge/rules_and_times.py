"""What a clause says of rules and of time (issue 35), for dependency.py: a rule or a ban ("we must
wear gloves", "I'm not allowed sweets"), a habit ("I swim on Tuesdays", "we open at 7") and a dated
event ("I passed my test last week", "my exams start on the 12th"). Each reader takes a clause_view.Clause
and gives its facts, or None when the clause is not of its kind. Pure."""
from __future__ import annotations

import re

from .feast_habits import at_a_feast
from ..calendar_words import WEEKDAY_SET
from . import verb_classes as vc
from .clause_parts import PART_OF_DAY, clock_time, dated, per_period, prep_object, time_words
from .clause_values import noun_value
from .appointments import OCCASIONS
from .clause_view import Clause
from .models import Fact
from .occupation import workplace
from .parse import Sentence, Tok
from .rule_basics import RECURRENCE
from .tree import text_of
from .vocabulary import NUMBER_WORDS


def rule(c: Clause) -> list[Fact] | None:
    """An obligation or a ban on the subject, not dated ("I have to fly to Toronto next month" is a plan).
    A permission ("I'm allowed to ...") or a lifted obligation ("I don't have to ...") loosens: it sets no
    rule, so a child relaying one cannot loosen a parent's (docs/security.md)."""
    s, kids, p, obj = c.s, c.kids, c.p, c.obj
    things = any(s[i].pos in ("NOUN", "PROPN", "NUM") for i in c.idx)  # "I should try it": advice, no rule
    xcomp_to = obj is not None and obj.dep == "xcomp" and any(k.dep == "aux" and k.lower == "to" for k in kids.get(obj.i, []))
    permission = obj is not None and obj.lemma in vc.PERMISSION_ADJ or p.lemma in vc.PERMISSION_ADJ
    have_to = p.lemma == "have" and xcomp_to and p.tag != "VBD"  # "I had to stay late": what happened, no rule
    grant = obj is not None and obj.lemma in vc.GRANTS or p.lemma in vc.GRANTS
    loosens = (grant and not c.neg) or (have_to and c.neg and not c.aux & vc.RULE_MODALS)
    ruled = things and not loosens and (
        bool(c.aux & vc.RULE_MODALS) or have_to or permission
        or (c.neg and c.subj.lower == "we" and c.ctx.org is not None and "never" in {k.lower for k in c.mine}))
    if not ruled or time_words(s, c.idx):
        return None
    pred = "must_avoid" if c.neg or (permission and c.neg) else "rule"
    return [Fact(c.who, pred, c.value, "safety", 0.9, c.line)]


def habit(c: Clause) -> list[Fact] | None:
    """A recurring doing: said with "every", a weekday in the plural, a part of the day with a plain present
    verb ("I ring in the evening"), a rate ("twice a week"), or a team's thing at a clock time ("the kitchen
    closes at 1.30"); and opening hours ("we open at 7")."""
    s, kids, p, idx = c.s, c.kids, c.p, c.idx
    if c.neg or _amount_per_period(c):
        return None
    habitual = p.tag in ("VBP", "VBZ") and not c.aux and PART_OF_DAY.search(text_of(s, idx))
    every = p.tag in ("VBP", "VBZ") and not c.aux and any(  # "before every rehearsal", "after each match"
        s[i].dep == "det" and s[i].lower in ("every", "each") and s[s[i].head].dep in ("pobj", "npadvmod") for i in idx)
    if (RECURRENCE.search(text_of(s, idx)) or per_period(s, kids, idx) or habitual or every or any(
            s[i].lower.rstrip("s") in WEEKDAY_SET and s[i].lower.endswith("s") for i in idx)
            or c.team_thing and p.tag in ("VBZ", "VBP") and clock_time(s, idx) or _at_its_hour(c)
            or at_a_feast(s, kids, p, idx, c.aux)):  # "we visit grandma at Diwali": each year (feast_habits.py)
        where = next((o for k in kids.get(p.i, []) if k.dep == "prep" and k.lower in ("at", "for") for o in kids.get(k.i, [])
                      if o.dep == "pobj" and not _when(o)), None) if p.lemma in vc.WORK and not c.ctx.org else None
        learnt = noun_value(s, kids, c.obj, c.ctx) if p.lemma == "learn" and p.tag == "VBG" and c.obj is not None \
            and c.obj.dep == "dobj" else None  # "I'm learning Portuguese, 20 minutes a day": the skill, and the habit
        return [Fact(c.who, "routine", c.value, "routine", 0.8, c.line)] + (  # "I work at a café on Saturdays": both
            workplace(s, kids, where, c.who) if where is not None else []) + (
            [Fact(c.who, "learning", learnt, "skill", 0.8, f"{c.who} is learning {learnt}")] if learnt else [])
    clock = prep_object(kids, p, ("at",))
    if not c.aux and p.lemma in vc.HOURS and p.tag in ("VBP", "VBZ") and clock is not None and (
            clock.tag == "CD" or clock.lower in ("noon", "midnight")):
        return [Fact(c.who, "routine", c.value, "routine", 0.8, c.line)]  # "we open at 7": opening hours
    return None


_ONE_DAY = vc.EVENT_TIME | {"next", "last", "this"}  # "today", "tomorrow", "next week": one day's


def _at_its_hour(c: Clause) -> bool:
    """A doing said in the plain present at a clock time ("I start work at 7", "the kids go to bed at eight",
    "we eat at six"): done at that hour as a rule. Not a state ("the party is at 8"), nor a day it is set for
    ("my train leaves at 6 tomorrow", "... on Friday", "... on the 12th"): a one-off."""
    return not c.aux and at_an_hour(c.s, c.p, c.idx)


def at_an_hour(s: Sentence, p: Tok, idx: set[int]) -> bool:
    """`_at_its_hour` for a verb with no auxiliary: its clause (token indices `idx`) says a plain-present doing at a
    clock time and no day. Read also of a thing or a pet said with "the" ("the baby naps at 1": a habit, no event)."""
    return p.tag in ("VBP", "VBZ") and p.lemma != "be" and clock_time(s, idx) and not dated(s, idx) \
        and not any(s[i].lower in _ONE_DAY or s[i].lower in WEEKDAY_SET for i in idx) and any(_an_hour(s, i) for i in idx)


def _an_hour(s: Sentence, i: int) -> bool:
    """A number that can be an hour of the clock where it is said: "at 7", "at six", "at 7:30", "at 6am", "at noon"
    (not "at 79", an age)."""
    t, after = s[i], s[i + 1].lower if i + 1 < len(s) else ""
    if t.lower in ("noon", "midnight") or after in ("am", "pm") or re.fullmatch(r"\d{1,2}[:.]\d\d|\d{1,2}(?:am|pm)", t.lower):
        return True
    n = int(t.text) if t.text.isdigit() else NUMBER_WORDS.get(t.lower)
    counted = i + 1 < len(s) and s[i + 1].pos in ("NOUN", "PROPN")  # "from 2 stations": a count
    return t.tag == "CD" and isinstance(n, int) and 0 < n <= 24 and not counted


def _when(t: Tok) -> bool:
    """A time, not a workplace: "at weekends", "at night", "for the summer", "at 7", "on Mondays"."""
    return t.tag == "CD" or t.lemma in vc.EVENT_TIME_HEADS or t.lower in vc.PARTS_OF_WEEK or t.lower.rstrip("s") in WEEKDAY_SET


def _amount_per_period(c: Clause) -> bool:
    """"the fee is 40 pounds a month", "membership is 25 euros a year": with "be", an amount per period is what
    the subject is (a price, a rate), no habit of anyone's; "we meet twice a week", "I spend 50 pounds a month
    on fares" are done, "practice is every Tuesday" and "it's 3 times a week" say when."""
    s, kids, obj = c.s, c.kids, c.obj
    if c.p.lemma != "be" or obj is None or obj.dep != "attr" or obj.lemma in ("time", "hour", "minute", "day", "session"):
        return False
    counted = any(k.dep == "nummod" and k.tag == "CD" for k in kids.get(obj.i, []))
    per = any(s[i].lemma in ("day", "week", "month", "night", "year", "term", "season") and any(
        k.lower in ("a", "an", "per") for k in kids.get(i, [])) for i in c.idx)  # "a month", not "weekdays"
    return counted and per and not any(s[i].lower in ("every", "each") or s[i].lower.rstrip("s") in WEEKDAY_SET for i in c.idx)


def event(c: Clause) -> list[Fact] | None:
    """Something that happened or will, said with its time ("I passed my test last week", "I'm flying to
    Oslo on Friday", "my exams start on the 12th"); not a mood ("I was so tired yesterday")."""
    s, kids, p, obj, mine = c.s, c.kids, c.p, c.obj, c.mine
    past = p.tag == "VBD" or any(k.dep in ("aux", "auxpass") and k.tag == "VBD" for k in mine)
    ongoing = p.tag == "VBG" or any(k.dep in ("aux", "auxpass") and k.tag == "VBG" for k in mine)
    got = obj is not None and (p.lemma in ("have", "get") and p.tag == "VBN" and any(k.lower in ("have", "'ve", "’ve", "has", "'s")
                                                                                        for k in mine)  # "I've got a dentist appointment on Friday"
                               or p.lemma == "have" and p.tag in ("VBP", "VBZ") and obj.lemma in OCCASIONS)  # "I have an interview next Monday"
    dated_event = (past and time_words(s, c.idx) or (c.aux & vc.FUTURE or "going" in {k.lower for k in mine} or ongoing or got)
                   and time_words(s, c.idx, past=False)) or got and any(s[i].lower in WEEKDAY_SET for i in c.idx) or (
        dated(s, c.idx) and p.tag in ("VBP", "VBZ") and p.lemma != "be")  # "my exams start on the 12th"
    said = obj is not None and obj.dep != "acomp" or prep_object(kids, p, ("to", "in", "at", "for", "from", "with"))
    acted = p.pos == "VERB" and p.lemma not in vc.LIGHT  # "Gloria passed last spring": an act, dated
    if dated_event and not c.neg and (said or not past or acted):
        return [Fact(c.who, "event", c.value, "episodic", 0.8, c.line)]
    return None


__all__ = ["event", "habit", "rule"]
