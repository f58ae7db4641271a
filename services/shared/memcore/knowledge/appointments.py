"""Appointments and other dated occasions said as "X is on <when>" (issue 35), and the requests to be
reminded of one ("remind me about my scan on the 9th", "set a reminder for Ola's dentist, Tuesday at
4:15", "put the school play in the calendar for Friday the 12th"): one episodic card each, the
occasion with its day, said of whose occasion it is.

- **Said as a statement:** a noun phrase of up to six words ("my retirement do at the depot", "Sam's
  parents' evening"), "is/'s" (with "on", "at", "due", "booked for" ...), then only a time. A date
  ("the 9th", "3 May", "next month") dates it; a weekday or a clock time alone does so only for an
  occasion ("an appointment on Tuesday"; "bin day is Tuesday" is a habit, which the routines read).
- **Said in a request to be reminded:** a request carries the occasion it names (formation spec: "a
  question or request that carries a fact is labelled with that fact"). The request is said again
  as the statement above ("my scan is on the 9th"), which the fact families then read; a reminder is
  of something to come, so a weekday dates it.

Whose occasion: "Greer's dentist appointment" is Greer's, "my mum's hospital appointment" the
owner's mum's, "my ..." the owner's, "our/the ..." the team's in a team's conversation. Pure regex work over one clause."""
from __future__ import annotations

import re

from ..calendar_words import MONTH_ALT, MONTH_STEM_ALT, WEEKDAY, WEEKDAY_ALT
from ..extraction.lexicon import IRREGULAR_PAST
from ..extraction.patterns import NAME, NAME_WORD
from ..extraction.temporal import find_time_expressions
from .models import Fact
from .one_off_events import _DATE, _EVENT_SV, dated
from .rule_basics import TurnContext, resolve
from .statement_basics import EVENT_CERTAINTY, HABIT

# the head nouns of an occasion: a weekday or an hour alone dates these
OCCASIONS = frozenset("""appointment appt check-up checkup interview exam exams test mock mocks wedding party do
trip match game concert recital performance play show operation op surgery scan x-ray xray jab jabs vaccination
injection meeting funeral christening baptism graduation ceremony assembly evening hearing review assessment
inspection audit deadline flight viva fitting consultation induction launch opening fair fete festival tournament
race marathon gig dentist doctor doctors dentists optician hairdresser haircut physio session lesson class
course visit viewing completion delivery service mot reunion sleepover playdate recording rehearsal gala prom disco
panto pantomime carnival parade conference
""".split())
_CLOCK = re.compile(r"(?i)\b\d{1,2}(?:[.:]\d{2})?\s*(?:am|pm)?\b|\b(?:noon|midday|midnight|lunchtime|teatime)\b")
_FILLERS = re.compile(r"(?i)\b(?:on|at|the|of|from|in|by|till|until|to|and|this|next|coming|for|around|about|half|past|due|"
                      r"quarter|o['’]clock|st|nd|rd|th)\b|[-–,]")
_WEEKDAY = re.compile(rf"(?i)\b(?:{WEEKDAY_ALT}|tomorrow|tonight)\b")
_MONTH = re.compile(rf"(?i)\b(?:{MONTH_ALT}|{MONTH_STEM_ALT})\b")
_POSSESSOR = re.compile(rf"^(?:(?P<name>{NAME})|(?P<tie>(?i:my|our)\s+[a-z]+))['’]s\s+(?P<rest>.+)$")
_THING = rf"(?:(?i:my|our|the|his|her)\s+|{NAME_WORD}['’]s\s+|(?i:my|our)\s+[a-z]+['’]s\s+)?(?:[\w'’-]+\s+){{0,5}}?[\w'’-]+"
_THING_ONLY = re.compile(rf"^{_THING}$")
_IS = re.compile(r"\s(?:is|are)\s+|['’]s\s+(?=(?:on|at|due|set|booked|scheduled|planned|coming|next|this|in|the|\d|"
                 rf"{WEEKDAY}|tomorrow|tonight)\b)", re.I)
_ON = re.compile(r"(?i)^(?:on|at|due|set\s+for|booked\s+for|scheduled\s+for|planned\s+for|coming\s+up\s+on)\s+")
_REMINDER = re.compile(r"^(?:(?:yes|yeah|ok|okay|and|also|oh|so|right)[,!]?\s+)*(?:(?:can|could|would|will)\s+you\s+"
                       r"(?:please\s+)?|please\s+)?(?:remind\s+me\s+(?:about|of)|set\s+(?:up\s+)?(?:a\s+|me\s+a\s+)?reminder\s+"
                       r"(?:for|about)|don['’]t\s+let\s+me\s+forget(?:\s+about)?|(?:put|pop|stick|add)(?=.*\b(?:in|into|on|to)\s+"
                       r"(?:my|the|our)\s+(?:calendar|diary|planner|schedule)\b))\s+(?P<what>.+?)[?.!\s]*$", re.I)
_CALENDAR = re.compile(r"(?i)\s*,?\s*\b(?:in|into|on|to)\s+(?:my|the|our)\s+(?:calendar|diary|planner|schedule)\b(?:\s+for\b)?")
_PLEASE = re.compile(r"(?i)[,\s]*\b(?:please|pls|thanks|thank\s+you|for\s+me)\b[,\s]*")


def _time_only(when: str) -> bool:
    """Whether the words are a time and nothing else ("on the 28th of November", "Tuesday at 4:15")."""
    rest = _DATE.sub(" ", when)
    for e in find_time_expressions(when):
        rest = rest.replace(e.text, " ")
    rest = _FILLERS.sub(" ", _CLOCK.sub(" ", _MONTH.sub(" ", _WEEKDAY.sub(" ", rest))))
    return not rest.split() and any(c.isalnum() for c in when)


def _whose(thing: str, ctx: TurnContext) -> tuple[str, str]:
    """Whose occasion, and the occasion without the possessive: "Greer's dentist" -> (Greer, dentist)."""
    m = _POSSESSOR.match(thing)
    if m and (who := resolve(m.group("name") or m.group("tie"), ctx)):
        return who, m.group("rest")
    mine = re.match(r"(?i)my\b", thing)  # "my scan" is the owner's; "the/our launch" a team's in a team's conversation
    return (ctx.owner if mine else ctx.org or ctx.owner), re.sub(r"(?i)^(?:my|our|the)\s+", "", thing)


def _occasion(thing: str) -> bool:
    words = re.findall(r"[a-z][a-z'’-]*", thing.lower())
    return bool(words) and (words[-1] in OCCASIONS or any(w in OCCASIONS for w in words[:3]))


# where an occasion is held, said after its time: "... on 14 December at St Anne's church", "... in the village hall"
# (and its street or other name after a comma or dash: "at the community centre, Hill Road", "at St Mary's - St Marija")
_VENUE = re.compile(r"\s+(?:at|in)\s+(?:the\s+|[A-Z0-9])[^,;:]{2,40}(?:(?:,|\s[-–])\s+(?:the\s+|[A-Z])[^,;:]{1,30})?$")
# an occasion said without a verb, as chat does: "Christmas concert on 14 December", "open day on 5 May at the depot"
_SAID_ON = re.compile(rf"\s+(?=on\s+(?:the\s+)?\d|in\s+(?:{MONTH_ALT}|sept)\b)", re.I)  # ("piano exam in March")


# what is said of an occasion's time after it: ", before the season opens", ", after we close"
_TIME_AFTER = re.compile(r"(?i)\s*,\s*(?:just\s+|right\s+)?(?:before|after|once|until|till|when)\s+[^,]{2,60}$")


def _without_venue(said: str) -> tuple[str, str]:
    """The clause without the place its time is followed by ("... is 20 October at the Italian place"), and the place;
    a clause on when that is ("..., before the season opens") is neither."""
    said = _TIME_AFTER.sub("", said)
    venue = _VENUE.search(said)
    return (said[:venue.start()], venue.group(0)) if venue and dated(said[:venue.start()], one_off=True) else (said, "")


_VERB_WORD = re.compile(r"(?i)\b(?:will|would|shall|is|are|was|were|am|has|have|had|can|could|do|does|did|gonna|going)\b|['’]ll\b")


def _verbless(said: str) -> tuple[str, str] | None:
    """A noun phrase and its date with no verb between ("sports day on the 9th"): a date, not a weekday
    or an hour alone, and a noun phrase with no verb ("Kemi has her exam on the 3rd", "Arrived on the 3rd")."""
    cut = _SAID_ON.search(said)
    if cut is None or _EVENT_SV.match(said) or not _THING_ONLY.match(said[:cut.start()]) or not _time_only(said[cut.end():]) \
            or not dated(said[cut.end():], one_off=True):
        return None
    if _VERB_WORD.search(said[:cut.start()]):
        return None  # "my sister will run the marathon in October": a plan said with its verb (one_off_events)
    first = said.split()[0].lower()
    named = bool(re.match(r"[A-Z]{2,}s?\b", said))  # a named one in capitals: "SATs in May", "NAPLAN online in March"
    if first in IRREGULAR_PAST or re.fullmatch(r"[a-z]+(?:ed|ing)", first) and not _occasion(first) \
            or len(said[:cut.start()].split()) < 2 and not named:
        return None  # ("Home on the 14th", "Back in March": where one is, no occasion named)
    if said[cut.end():].lower().startswith("in") and not _occasion(said[:cut.start()]) and not named:
        return None  # a month alone dates an occasion ("piano exam in March"), not anything ("the heat in August")
    return said[:cut.start()].strip(), said[cut.end():].strip()


# an occasion said as what there is: "there's a sleepover at Lily's on Saturday", "tomorrow there's a long hearing"
_THERE_IS = re.compile(r"(?i)^(?:(?P<lead>tomorrow|tonight|on\s+[a-z]+day|next\s+[a-z]+|this\s+[a-z]+)\s*,?\s+)?"
                       r"there(?:['’]s|\s+is|\s+are)\s+(?:also\s+)?(?:an?|the|our|my)\s+(?P<what>.+)$")


def _there_is(said: str) -> str | None:
    """"there's a sleepover at Lily's on Saturday" said as "sleepover at Lily's is on Saturday"; None when
    the clause is no such line or says no time."""
    m = _THERE_IS.match(said)
    if not m:
        return None
    what = m.group("what").split(",")[0]  # "a long hearing, a tourist who was hit by a car": what the hearing is about
    if m.group("lead"):
        return f"{what} is {m.group('lead').lower()}" if _split_at_time(what) is None else None
    split = _split_at_time(what)
    return f"{split[0]} is {split[1]}" if split else None


def occasion(clause: str, ctx: TurnContext, reminded: bool = False) -> list[Fact]:
    """The dated occasion a clause says, as an episodic card ([] when it says none). `reminded`: the
    clause is a request to be reminded, said again as a statement (a weekday dates it)."""
    said = clause.strip().rstrip(".!")
    said, venue = _without_venue(_there_is(said) or said)
    cut = next((m for m in _IS.finditer(said) if _THING_ONLY.match(said[:m.start()].strip())
                and _time_only(said[m.end():])), None)  # "my sister's hen do is on ...": the "is" the time follows
    if cut is None:
        bare = None if reminded else _verbless(said)
        if bare is None:
            return []
        thing, when = bare[0], _ON.sub("", bare[1])
    else:
        thing, when = said[:cut.start()].strip(), _ON.sub("", said[cut.end():].strip())
    if HABIT.search(when) or HABIT.search(re.sub(r"(?i)\b(?:birthday|anniversary)\s+(?=\w)", "", thing)):  # (a "birthday party" is one)
        return []  # "every other Friday", "my son's birthday is the 3rd of June": a habit, a birthday (birthdays.py)
    if re.match(r"(?i)(?:it|that|this|there|he|she|they|we|i|what|which|who)\b", thing) or re.search(r"(?i)\b(?:one|ones)$", thing):
        return []  # "the next one is 12 March": what it is was said before
    who, what = _whose(thing, ctx)
    due = cut is not None and said[cut.end():].strip().lower().startswith("due")  # a deadline is one day's
    one_off = dated(when, one_off=True) or ((reminded or due or _occasion(what)) and bool(_WEEKDAY.search(when) or _CLOCK.search(when)))
    if not one_off:
        return []
    if due:  # "my homework is due on Friday": a deadline, said as one
        return [Fact(who, "deadline", f"{what} due {when}{venue}", "episodic", EVENT_CERTAINTY, f"{who}'s {what} is due {when}{venue}")]
    return [Fact(who, "occasion", f"{what} {when}{venue}", "episodic", EVENT_CERTAINTY, f"{who}'s {what} is {when}{venue}")]


def _split_at_time(what: str) -> tuple[str, str] | None:
    """The occasion and its time in a reminder's object: "my scan on the 9th" -> ("my scan", "on the 9th")."""
    starts = [m.start() for m in (_DATE.search(what), _WEEKDAY.search(what)) if m]
    starts += [what.find(e.text) for e in find_time_expressions(what) if e.text in what]
    starts = [s for s in starts if s > 0]
    if not starts:
        return None
    at = min(starts)
    thing = re.sub(r"(?i)[\s,]+(?:on|at|for|this|next)?\s*$", "", what[:at]).strip()
    return (thing, what[at:].strip(" ,")) if thing else None


def reminded(text: str) -> str | None:
    """A request to be reminded of an occasion, said as the statement it carries ("remind me about my
    scan on the 9th" -> "my scan is on the 9th"); None when the text is no such request."""
    m = _REMINDER.match(text.strip())
    if not m:
        return None
    what = _PLEASE.sub(" ", _CALENDAR.sub(" ", m.group("what"))).strip(" ,")
    split = _split_at_time(what)
    if split is None:
        return None
    thing, when = split
    return f"{thing} is {when}"


__all__ = ["OCCASIONS", "occasion", "reminded"]
