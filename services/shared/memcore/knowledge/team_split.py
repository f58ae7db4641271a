"""A team's schedule said in one breath, cut into the cards a question asks of one at a time (issue 35):
"we open 9 to 4 Tue-Sun, closed Mondays" is the opening hours and the day it is shut; "we meet
Tuesdays 6 till 9 in the scout hut on Mill Road" is when it meets and where; "lunch 12-2 in the
canteen" is when lunch is and where. Day names written short ("Tue-Sun", "Mon to Fri") are written
out, so the card says the days as a question names them. Pure regular expressions over a fact's value.

Only a routine (or a plain fact whose value holds a day or a clock time) of a team's conversation is
cut, and only where the time comes first and the rest is a place (a preposition and a noun phrase
that is no time of day) or a second schedule ("closed Sundays").
"""
from __future__ import annotations

import re

from ..calendar_words import MONTH_ALT, SEASON_ALT, SHORT_DAY, SHORT_DAYS
from .models import Fact
from .person import possessive
from .rule_basics import TurnContext
from .team_words import CLOCK, DAYS

# "Mon-Sat", "mon to fri", "Tue–Sun": a range of days written short (lower case only in a range:
# "sat" alone is a verb); "Mon", "Fri" alone only capitalised (so _SHORT_ONE spells them itself, case-sensitively).
_SHORT_RANGE = re.compile(rf"(?i)\b(?P<a>{SHORT_DAY})\.?\s*(?:-|–|to|till|until)\s*(?P<b>{SHORT_DAY})\b\.?")
_SHORT_ONE = re.compile(r"\b(?P<d>Mon|Tues?|Weds?|Thu(?:rs?)?|Fri|Sat|Sun)\b\.?(?!['’])")


def days_written_out(text: str) -> str:
    """Short day names as words: "8-5 Mon-Sat" -> "8-5 Monday to Saturday"."""
    text = _SHORT_RANGE.sub(lambda m: f"{SHORT_DAYS[m.group('a').lower()]} to {SHORT_DAYS[m.group('b').lower()]}", text)
    return _SHORT_ONE.sub(lambda m: SHORT_DAYS[m.group("d").lower()], text)


# the second schedule of the same breath: ", closed Sundays", ", shut on bank holidays"
_CLOSED = re.compile(r"(?i)(?:\s*(?:,|;|\band\b|\bbut\b)\s*|\s+)(?:(?:we['’]re|we\s+are|it['’]s)\s+)?(?P<state>closed|shut)\s+"
                     r"(?:on\s+)?(?P<when>.+)$")
# where it happens: "in the church hall on Vicarage Lane", "at the Old Mill", "in the Lorne Room"
_PLACE = re.compile(r"(?i)\s+(?P<prep>in|at)\s+(?P<place>(?:the\s+|our\s+)?(?!the\s+(?:morning|afternoon|evening|week)\b)"
                    r"[\w'’&-]+(?:\s+(?!(?:every|each|from|till|until|to|and|but|so|because|if|when|for)\b)[\w'’&-]+){0,6})\s*$")
_NOT_A_PLACE = re.compile(r"(?i)\b(?:morning|mornings|afternoon|afternoons|evening|evenings|night|nights|week|weekend|"
                          rf"month|year|{SEASON_ALT}|term|holidays?|advance|total|person|{MONTH_ALT}|\d+|time|turn|rota|"
                          r"writing|person|a\s+row|the\s+end|the\s+start|charge|general|least|most|latest|earliest|once|case|order)\b")


_PLUS = re.compile(r"(?i)\s*,?\s+(?:plus|and\s+also|as\s+well\s+as)\s+(?P<more>.+)$")


def _when_first(value: str) -> bool:
    return bool(CLOCK.search(value) or DAYS.search(value))


def _place_split(value: str) -> tuple[str, str, str] | None:
    """(when, preposition, place) when a value ends on a place after its time: "Mondays 7 till 10 in the
    church hall on Vicarage Lane"."""
    m = _PLACE.search(value)
    if not m or _NOT_A_PLACE.search(m.group("place")) or DAYS.search(m.group("place")):
        return None
    when = value[:m.start()].strip(" ,")
    if not _when_first(when) or CLOCK.search(m.group("place")):
        return None
    return when, m.group("prep").lower(), m.group("place")


def _cut(text: str, tail: str) -> str:
    """The line without the tail its value lost (the line names the subject as the fact did)."""
    at = text.rfind(tail.strip())
    return text[:at].strip(" ,;") if at > 0 else text


def split_schedule(f: Fact, ctx: TurnContext) -> list[Fact]:
    """A team's schedule card cut into its cards (see the module's doc); any other fact as it is."""
    if not ctx.org or f.type not in ("routine", "semantic") or not _when_first(f.value):
        return [f]
    value, text = days_written_out(f.value), days_written_out(f.text)
    f = Fact(f.subject, f.predicate, value, f.type, f.certainty, text)
    out: list[Fact] = []
    shut = _CLOSED.search(value)
    if shut and DAYS.search(shut.group("when")) and _when_first(value[:shut.start()]):
        when = shut.group("when").strip(" .")
        out.append(Fact(f.subject, "closed", when, "routine", f.certainty, f"{f.subject} is {shut.group('state').lower()} on {when}"))
        cut = value[:shut.start()].strip(" ,")
        f = Fact(f.subject, f.predicate, cut, "routine", f.certainty, _cut(f.text, value[shut.start():]))
        value = cut
    plus = _PLUS.search(value)
    if plus and _when_first(value[:plus.start()]) and _when_first(plus.group("more")):
        # "Saturday and Sunday mornings from 7, plus Wednesday evenings in summer": two schedules
        more = plus.group("more").strip(" .")
        head = f.text[:f.text.find(value[:plus.start()].split()[0])].strip() if value[:plus.start()].split() else ""
        out.append(Fact(f.subject, f.predicate, more, "routine", f.certainty, f"{head} {more}".strip() if head else more))
        f = Fact(f.subject, f.predicate, value[:plus.start()].strip(" ,"), f.type, f.certainty, _cut(f.text, value[plus.start():]))
        value = f.value
    parts = _place_split(value)
    if parts:
        when, prep, place = parts
        said = _cut(f.text, f"{prep} {place}")
        first = min((m.start() for rx in (CLOCK, DAYS) if (m := rx.search(said))), default=0)
        head = re.sub(r"(?i)\s+(?:is|are)$", "", said[:first].strip(" ,:"))  # "Harbourview: Breakfast"
        if ":" in head and f.predicate != "is":  # "Library: the knit and natter group meets": without its verb
            head = re.sub(r"\s+[a-z]+s$", "", head)
        # (not the verb of the schedule's card: that word is the other card's)
        line = f"{head} is {prep} {place}" if ":" in head else f"{possessive(f.subject)} venue is {place}"
        out.append(Fact(f.subject, "venue", place, "semantic", f.certainty, line))
        f = Fact(f.subject, f.predicate, when, "routine", f.certainty, said)
    return [f, *out]


def split_schedules(facts: list[Fact], ctx: TurnContext) -> list[Fact]:
    return [g for f in facts for g in split_schedule(f, ctx)]


__all__ = ["days_written_out", "split_schedule", "split_schedules"]
