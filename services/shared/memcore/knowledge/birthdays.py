"""A birthday and an age to come (docs/knowledge.md, "Birthdays and ages"). Pure.

- "My birthday is on the 3rd of March", "I was born on <DOB>", "my birthday's in March": one
  identity card `birthday` whose value is the date as the write gate left it. A date of birth is
  PII (docs/pii-eval-spec.md: any date beside a birth word, with or without a year), so under the
  household's default rules the turn arrives with "<DOB>" in its place: the card then says that the
  owner told their birthday, the date itself stays with the sealed original where the household
  keeps one, and under the strictest rule (drop, under 8) nothing of the turn is stored at all.
- "I turn eight next week", "I'm turning 8 on Saturday": identity `turns` with the age as digits,
  and no date beside it: with the day it was said, "next week" would give the date of birth the
  policy redacts everywhere else.
"""
from __future__ import annotations

import re

from .models import Fact
from .person import possessive
from .vocabulary import NUMBER_WORDS

MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|December|"
          "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec")
_ORDINAL = r"\d{1,2}(?:st|nd|rd|th)?"
# the date as said or as redacted (a placeholder of the policy); a year may follow
DATE = (rf"(?:<DOB>|<DATE_TIME>|(?:the\s+)?{_ORDINAL}(?:\s+of)?\s+(?i:{MONTHS})\b|(?i:{MONTHS})\b(?:\s+(?:the\s+)?{_ORDINAL})?)"
        r"(?:,?\s+\d{4})?")
_BIRTHDAY = re.compile(rf"^(?i:my\s+birthday\s*(?:is|['’]s)|I\s+was\s+born)\s+(?:(?P<prep>(?i:on|in))\s+)?(?P<v>{DATE})")
_NUMBER = rf"\d{{1,3}}|{'|'.join(NUMBER_WORDS)}"
_TURNS = re.compile(
    rf"^(?i:I(?:\s+(?:turn|am\s+turning|will\s+turn|will\s+be|am\s+going\s+to\s+be)|"
    rf"\s*['’](?:m\s+turning|ll\s+turn|ll\s+be|m\s+going\s+to\s+be)))\s+(?P<v>(?i:{_NUMBER}))"
    r"(?:\s+(?i:years?\s+old))?\s*(?:$|[,!.]|\s+(?i:next|this|soon|on|in|tomorrow|today|at\s+the|and)\b)")


def birth_facts(clause: str, owner: str) -> list[Fact]:
    """The owner's birthday or age to come said in `clause` (first person), if any."""
    m = _BIRTHDAY.match(clause)
    if m:
        prep = f"{m.group('prep').lower()} " if m.group("prep") else ""
        return [Fact(owner, "birthday", m.group("v"), "identity", 0.8, f"{possessive(owner)} birthday is {prep}{m.group('v')}")]
    m = _TURNS.match(clause)
    if m:
        v = m.group("v").lower()
        age = str(NUMBER_WORDS.get(v, v))
        return [Fact(owner, "turns", age, "identity", 0.8, f"{owner} is turning {age}")]
    return []


__all__ = ["DATE", "MONTHS", "birth_facts"]
