"""Two habits said in one breath, each with its own time, are two routines (issue 35, one card one
fact): "my son has football on Tuesdays and piano on Fridays", "we open 8 till 6 on weekdays and 9
till 1 on Saturdays", "the bins go out Thursday night and the recycling every other Friday".

A routine's value is cut where "and", "but" or a comma joins two parts that each say when. A part
that is only a time or opens with a day ("deliveries come Tuesdays and Fridays", "practice every
Tuesday and Thursday after school") or says no time ("swim, cycle and run on Mondays") stays with the
part before it: one habit on two days, or several things at one time,
is one card. A later part without a verb of its own ("piano on Fridays", "9 till 1 on Saturdays")
takes the verb the first part opened with. Pure regular expressions over a fact's value.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME_WORD
from .models import Fact
from .person import about
from .rule_basics import RECURRENCE
from .team_words import DAY_WORD, DAYS
from .vocabulary import content_words

_WHEN = re.compile(rf"(?i)\b(?:{DAY_WORD})\b|{DAYS.pattern}|{RECURRENCE.pattern}")
_JOIN = re.compile(r"\s*[,;]\s*(?:and\s+|but\s+)?|\s+(?:and|but)\s+")
# a part that says who does it: "every evening I read to the kids", "Saturdays Dana does the market"
_OWN_SUBJECT = re.compile(rf"\b(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey)\b|\b{NAME_WORD}\s+(?:[a-z]+s|do|go|has|is|[a-z]+ed)\b")
_NOUN_OPENING = re.compile(r"(?i)^(?:the|a|an|my|our|his|her|their|this|that|these|those)\b")
_TIME_WORDS = frozenset("on at in from till until to every each other and the".split())
# a part that opens with a day goes on the list of days before it: "every Tuesday and Thursday after school"
_STARTS_WITH_TIME = re.compile(rf"(?i)^(?:(?:on|every|each|and)\s+)*(?:{DAY_WORD})\b")


# a part whose time ends on its hours ("classes Tuesday and Thursday 16:00-18:00"): its time is whole, so a part
# after it that opens with another day and says more than a time is a habit of its own ("Saturday morning for the
# little ones"), not more days of the first
_CLOCK_LAST = re.compile(r"(?i)\d(?:[.:]\d\d)?\s*(?:am|pm)?(?:\s*(?:-|–|to|till|until)\s*\d{1,2}(?:[.:]\d\d)?\s*(?:am|pm)?)?$")


def _only_time(part: str) -> bool:
    """A part that says a time and nothing else ("Fridays", "every other Monday")."""
    rest = _WHEN.sub(" ", part)
    return not (content_words(rest) - _TIME_WORDS)


def _parts(value: str) -> list[str]:
    pieces = [p for p in _JOIN.split(value) if p and p.strip()]
    parts: list[str] = []
    for piece in pieces:
        alone = _only_time(piece)
        if parts and (not _WHEN.search(parts[-1]) or alone or _STARTS_WITH_TIME.match(piece) and not (
                _CLOCK_LAST.search(parts[-1]) and not _only_time(piece))):
            parts[-1] = f"{parts[-1]} and {piece}" if alone else f"{parts[-1]}, {piece}"
        else:
            parts.append(piece)
    return parts if len(parts) > 1 and all(_WHEN.search(p) for p in parts) else [value]


def split_routine(f: Fact, owner: str, team: str | None = None) -> list[Fact]:
    """The routine as one card per habit with its own time; any other fact as it is."""
    if f.type != "routine" or not _WHEN.search(f.value):
        return [f]
    parts = _parts(f.value)
    if len(parts) == 1:
        return [f]
    verb = f.value.split()[0] if f.value[:1].islower() and not _NOUN_OPENING.match(f.value) else ""
    tail = f.value.split(" ", 1)[-1] if verb else f.value  # the line may say the verb otherwise ("opens")
    out = []
    for n, part in enumerate(parts):
        borrowed = n and verb and not _OWN_SUBJECT.search(part) and not _NOUN_OPENING.match(part) \
            and not part.split()[0].lower() == verb.lower()
        said = f"{verb} {part}" if borrowed else part
        if tail in f.text and (n == 0 or borrowed):
            said_tail = said.split(" ", 1)[-1] if verb else said
            text = f.text.replace(tail, said_tail)  # "Dana's son has piano on Fridays", "Ferncliff Brewing opens 9 till 1 ..."
        else:
            text = f"{f.subject}: {about(said, owner, team=team)}"  # "Ferncliff Brewing: the recycling every other Friday"
        out.append(Fact(f.subject, f.predicate, said, f.type, f.certainty, text))
    return out


__all__ = ["split_routine"]
