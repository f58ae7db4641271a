"""A week said as a list, one time and what happens then a piece (issue 35, one card one fact):
"Tuesdays is swimming, Thursdays is Brownies", "Mondays football, Wednesdays piano", "Monday to Wednesday
I'm at the depot, Thursday and Friday I'm at head office", "weekdays I cook, weekends my wife does",
"swimming Tuesdays, karate Thursdays". Each piece is said again as one habit with its time at the end
("swimming on Tuesdays", "I'm at the depot Monday to Wednesday"), for the routines family to read one by one.

A list is two or more pieces, cut at commas or semicolons, each opening or ending with its own time; a piece
that judges its day ("Mondays are the worst") is no habit, and a list with one makes none. Pure regular
expressions over one clause."""
from __future__ import annotations

import re
from collections.abc import Callable

from ..calendar_words import WEEKDAY
from .models import Fact
from .person import about
from .rule_basics import TurnContext

HABIT_CERTAINTY = 0.8  # as the routines family says a habit

_DAY = rf"{WEEKDAY}s?"
# a time a piece opens with: days, a range or pair of days, a part of the week or of the day
_WHEN = (rf"(?:{_DAY}(?:\s*(?:-|–|to|till|and|&|,)\s*{_DAY})*|weekdays|weekends|weeknights|mornings|afternoons|evenings|"
         rf"(?:{_DAY}|weekday|weekend)\s+(?:mornings|afternoons|evenings|nights))")
_LED = re.compile(rf"(?i)^(?P<when>{_WHEN})\s*(?:(?P<be>is|are|=|:)\s*|\s)(?P<what>\S.*)$")
_TRAILED = re.compile(rf"(?i)^(?P<what>[a-z][\w'’-]*(?:\s+[\w'’-]+){{0,3}}?)\s+(?P<when>(?:on\s+)?{_WHEN})$")
_PIECES = re.compile(r"\s*[,;]\s*(?:and\s+)?")
# what judges a day rather than says what happens on it: "Mondays are the worst", "weekends are mad", "Sundays are
# our busiest" (timetable.py asks it too)
_JUDGED = re.compile(r"(?i)^(?:(?:the|our|my)\s+(?:best|worst|busiest|quietest|hardest|longest|favou?rite)|(?:so\s+|really\s+|"
                     r"always\s+|usually\s+)?(?:busy|quiet|dead|slow|mad|crazy|hectic|chaos|chaotic|manic|rubbish|awful|great|fun|"
                     r"boring|long|hard|easy|tough|fine|ok|okay|free|off|best|worst)\b|a\s+(?:nightmare|killer|drag|write-?off))")
_RANGE = re.compile(r"(?i)\s(?:to|till)\s|[-–]")  # "Monday to Wednesday", "mon-thurs": said as a range
_SUBJECT = re.compile(r"(?i)^(?:I|I['’]m|we|we['’]re|he|she|they|my|our)\b")  # a piece that says whose it is


def _plural(when: str) -> str:
    """A day said alone in a week's list is every such day ("Friday I'm in clinic"); a range stays as said."""
    if _RANGE.search(when):
        return when
    return re.sub(rf"(?i)\b({WEEKDAY})\b(?!s|\s+(?:mornings|afternoons|evenings|nights))",
                  r"\1s", when)


def judges_the_day(what: str) -> bool:
    """Does what is said of a day judge it ("the worst", "usually busy") rather than say what happens then?"""
    return bool(_JUDGED.match(what.strip()))


def _piece(part: str) -> str | None:
    """One piece of the list said as a habit with its time at the end, or None when it is no such piece."""
    part = part.strip(" .!")
    led = _LED.match(part)
    if led and not judges_the_day(led.group("what")):
        when, what = _plural(led.group("when")), led.group("what").strip()
        on = re.match(rf"(?i){_DAY}", when) and not _RANGE.search(when)
        return f"{what} on {when}" if on else f"{what} {when}"  # "swimming on Tuesdays", "I'm at the depot Monday to Wednesday"
    trailed = _TRAILED.match(part)
    if trailed and not _SUBJECT.match(part):
        when = _plural(re.sub(r"(?i)^on\s+", "", trailed.group("when")))
        return f"{trailed.group('what')} on {when}" if re.match(rf"(?i){_DAY}", when) else part
    return None


def time_led_pieces(clause: str) -> list[str] | None:
    """The habits of a week said as a list, one a piece; None when the clause is no such list."""
    parts = [p for p in _PIECES.split(clause.strip()) if p.strip(" .!")]
    if len(parts) < 2:
        return None
    pieces = [_piece(p) for p in parts]
    if any(p is None for p in pieces):
        return None
    return [p for p in pieces if p]


def week_list(clause: str, ctx: TurnContext, read: Callable[[str, TurnContext], list[Fact]]) -> list[Fact] | None:
    """The routines of a week said as a list: a piece that says whose it is read by `read` (the routines
    family), a piece without a subject the owner's (or the team's) habit as said; None when no such list."""
    pieces = time_led_pieces(clause)
    if pieces is None:
        return None
    whose = ctx.org or ctx.owner
    return [f for piece in pieces for f in (read(piece, ctx) if _SUBJECT.match(piece) else [
        Fact(whose, "routine", piece, "routine", HABIT_CERTAINTY, f"{whose}: {about(piece, ctx.owner, team=ctx.org)}")])]


__all__ = ["judges_the_day", "time_led_pieces", "week_list"]
