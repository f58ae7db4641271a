"""How many of what a team has, said as a list of counts (issue 35): "12 nurses, 4 vets", "30 kids, 6 staff",
"we run 40 vans on 12 routes, with about 60 drivers", "3 paid staff and about 40 volunteers". Each count
is a card of its own ("Fernside has 4 vets": a question asks of one), said of the team (or of the thing
the clause before was about), even with no verb: a team member lists its figures the way a note-taker
would. A while ("3 weeks"), a price or a member's household ("2 kids") is no count of the team's.
Pure regular expressions over a piece's text; the words of a count are shared with team_figures.py.
"""
from __future__ import annotations

import re

from .models import Fact

# what is a while, an amount or a moment rather than what a team has ("we have 2 weeks", "3 complaints")
UNITS = frozenset("secs seconds mins minutes hours hrs days weeks months years nights times miles km kilos pounds quid euros "
                  "dollars pence percent problems issues questions complaints".split())
# a member's household, not the team's ("I've got 2 kids")
HOME = frozenset("kid child grandchild grandkid son daughter brother sister cat dog pet rabbit hamster horse chicken goat "
                 "fish bird guinea".split())
N = r"\d{1,3}(?:,\d{3})+|\d+|a\s+dozen|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty"
PLURAL = r"[a-z]+s|staff|people|children|men|women|sheep|personnel|crew|kit"
_HEDGE = r"(?:about|around|roughly|over|nearly|almost|some|under|up\s+to|more\s+than|just\s+(?:over|under))"
_NOT_A_NOUN = r"(?!(?:across|plus|as|is|was|has|does|this|us|its|his|hers)\b)"  # ("8 surgeries across ...")
_ONE = re.compile(rf"(?i)(?:{_HEDGE}\s+)?(?P<n>{N})\s+(?:(?P<adj>[a-z-]+)\s+)?{_NOT_A_NOUN}(?P<what>{PLURAL})\b")
_JOIN = re.compile(r"(?i)\s*(?:,\s*(?:and\s+|plus\s+|with\s+)?|\s+(?:and|plus|with|on|across|and\s+also)\s+)")


def counts_said(text: str) -> list[str]:
    """The counts a piece opens with, each as said ("about 60 drivers"): none when it opens with no
    count, or when one of them is a while, a price or a member's household."""
    text = re.sub(r"(?i)^(?:with|and|plus)\s+", "", text.strip())
    out, at = [], 0
    while True:
        m = _ONE.match(text, at)
        if not m:
            break
        what = m.group("what").lower()
        if what in UNITS or what.rstrip("s") in HOME or (m.group("adj") or "").lower() in UNITS:
            return []
        out.append(m.group(0))
        j = _JOIN.match(text, m.end())
        if not j:
            break
        at = j.end()
    return out


# a count of people and the range of their ages after it: "around 70 kids, 8 to 17", "40 residents aged 62-101"
_AGED = re.compile(rf"^(?P<count>(?:{_HEDGE}\s+)?(?:{N})\s+(?:[a-z-]+\s+)?(?P<what>{PLURAL}))\s*,?\s*(?:(?:aged|ages?)\s+)?"
                   r"(?P<lo>\d{1,3})\s*(?:to|-|–)\s*(?P<hi>\d{1,3})(?:\s+(?:years?(?:\s+old)?|yrs?))?\s*$", re.I)


def counts_aged(text: str) -> tuple[str, str] | None:
    """A piece that is one count and an age range, nothing else ("about 30 kids, 5 to 11": the count, and
    "5 to 11" is how old they are, no clock time): the count as said and the range, or None."""
    m = _AGED.match(text.strip(" .;"))
    if not m or m.group("what").lower() in UNITS or int(m.group("lo")) >= int(m.group("hi")) or int(m.group("hi")) > 110:
        return None
    return m.group("count"), f"{m.group('lo')} to {m.group('hi')}"


def counts_apart(f: Fact) -> list[Fact]:
    """A team's fact whose value is two or more counts ("96 buses on 14 lines", "3 doctors and 2
    nurses"), one fact a count, each line holding only its own; any other fact as it is."""
    counts = counts_said(f.value) if f.type == "semantic" else []
    rest = f.value
    for c in counts:
        rest = rest.replace(c, " ", 1)
    if len(counts) < 2 or _JOIN.sub(" ", rest).strip(" .,;") or f.predicate not in ("has", "is", "run", "runs", "size"):
        return [f]
    verb = "runs" if f.predicate.startswith("run") else "has"  # ("runs 8 surgeries across 3 towns": and has 3 towns)
    return [Fact(f.subject, f.predicate if n == 0 and verb == "runs" else "has", c, f.type, f.certainty,
                 f"{f.subject} {verb if n == 0 else 'has'} {c}") for n, c in enumerate(counts)]


__all__ = ["HOME", "N", "PLURAL", "UNITS", "counts_aged", "counts_apart", "counts_said"]
