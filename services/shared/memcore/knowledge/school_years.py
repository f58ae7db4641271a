"""A school year said with or without the school (issue 35): "I'm in year 5 at Oakfield Primary", "in 9th grade
at the lyceum", "year 6 at Hillside Juniors" (a child's answer, no verb), "grade 3". One pattern of how a school
year is said, read by the identity rules (a clause with "I am in") and by the introduction's pieces
(fragments.py), so the two read the same shapes. Pure regex."""
from __future__ import annotations

import re

from .models import Fact

_ORDINAL_WORDS = "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth"
# "year 5", "grade 3", "P4", "9th grade", "first grade", "reception": not "my first year" (a student's, studies)
YEAR_SAID = (rf"(?:(?:year|grade|class|form|p)\s*\d{{1,2}}\b|\d{{1,2}}(?:st|nd|rd|th)\s+(?:grade|year|class|form)\b|"
             rf"(?:{_ORDINAL_WORDS.replace(' ', '|')})\s+(?:grade|class)\b|(?:reception|kindergarten|nursery|preschool)\b)")
_SAID = re.compile(rf"^(?:(?:i['’]?m|i\s+am)\s+)?(?:in\s+)?(?P<year>{YEAR_SAID})(?:\s+(?:at|@)\s+(?P<at>[^,;!?]+?))?\s*[.!]*$",
                   re.I)


def school_year(piece: str) -> tuple[str, str | None] | None:
    """The school year a piece says, and the school it names after "at" ("the lyceum in Varna" as said, without
    "the"); None when the piece says no school year (alone, with at most "I'm in" before it)."""
    m = _SAID.match(piece.strip())
    if not m:
        return None
    at = re.sub(r"(?i)^the\s+", "", m.group("at").strip()) if m.group("at") else None
    return m.group("year"), at or None


def school_year_cards(owner: str, said: tuple[str, str | None]) -> list[Fact]:
    year, at = said
    out = [Fact(owner, "school_year", year, "identity", 0.8, f"{owner} is in {year}")]
    if at:
        out.append(Fact(owner, "school", at, "identity", 0.8, f"{owner} goes to {at}"))
    return out


def years_said_alone(text: str, owner: str, team: bool) -> list[Fact]:
    """A sentence of the turn that is a school year and no more ("year 6 at Hillside Juniors.", a child's answer
    to "what school do you go to?"): the owner's. Not in a team's talk (a "year 6" there is a class it teaches)."""
    if team or not re.search(r"(?i)\b(?:year|grade|class|form|p\s*\d|reception|kindergarten|nursery|preschool)\b", text):
        return []
    return [f for sentence in re.split(r"(?<=[.!])\s+", text) if (said := school_year(sentence))
            for f in school_year_cards(owner, said)]


__all__ = ["YEAR_SAID", "school_year", "school_year_cards", "years_said_alone"]
