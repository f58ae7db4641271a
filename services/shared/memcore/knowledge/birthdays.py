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
- "I turn nine in May", "she'll be five in June", "in March I'm 10": an age to come said with its
  month also says the birthday's month (a month alone, as "my birthday's in March" is kept).
"""
from __future__ import annotations

import re

from ..calendar_words import MONTH_OR_ABBREVIATION_ALT
from ..extraction.patterns import NAME_WORD
from .models import Fact
from .person import possessive
from .vocabulary import NUMBER_WORDS

_ORDINAL = r"\d{1,2}(?:st|nd|rd|th)?"
# the date as said or as redacted (a placeholder of the policy); a year may follow
DATE = (rf"(?:<DOB>|<DATE_TIME>|(?:the\s+)?{_ORDINAL}(?:\s+of)?\s+(?i:{MONTH_OR_ABBREVIATION_ALT})\b|(?i:{MONTH_OR_ABBREVIATION_ALT})\b(?:\s+(?:the\s+)?{_ORDINAL})?)"
        r"(?:,?\s+\d{4})?")
_BIRTHDAY = re.compile(rf"^(?i:my\s+birthday\s*(?:is|['’]s)|I\s+was\s+born)\s+(?:(?P<prep>(?i:on|in))\s+)?(?P<v>{DATE})")
_NUMBER = rf"\d{{1,3}}|{'|'.join(NUMBER_WORDS)}"
_TURNS = re.compile(
    rf"^(?i:I(?:\s+(?:turn|am\s+turning|will\s+turn|will\s+be|am\s+going\s+to\s+be)|"
    rf"\s*['’](?:m\s+turning|ll\s+turn|ll\s+be|m\s+going\s+to\s+be)))\s+(?P<v>(?i:{_NUMBER}))"
    r"(?:\s+(?i:years?\s+old))?\s*(?:$|[,!.]|\s+(?i:next|this|soon|on|in|tomorrow|today|at\s+the|and)\b)")


# when an age said in the present is still to come: "in July I'm 11", "next month, I'm 40" (a month alone is
# the birthday's month, as "my birthday's in July" says it; a day would give the date of birth)
_TO_COME = re.compile(rf"^(?P<when>(?i:in\s+(?P<month>{MONTH_OR_ABBREVIATION_ALT})\b|next\s+(?:week|month|year)|after\s+(?:the\s+)?summer|soon))"
                      rf"\s*,?\s+(?=(?i:I\s+am|I['’]m|I\s+turn|I['’]ll\s+be|I\s+will\s+be)\s+(?:{_NUMBER})\b)")
_MONTH_AFTER = re.compile(rf"\s+(?i:in)\s+(?P<month>(?i:{MONTH_OR_ABBREVIATION_ALT}))\b")


def birth_facts(clause: str, owner: str) -> list[Fact]:
    """The owner's birthday or age to come said in `clause` (first person), if any; an age to come said
    with the month it comes in gives that month as the birthday's too ("I'll be 12 in June")."""
    m = _BIRTHDAY.match(clause)
    if m:
        prep = f"{m.group('prep').lower()} " if m.group("prep") else ""
        return [Fact(owner, "birthday", m.group("v"), "identity", 0.8, f"{possessive(owner)} birthday is {prep}{m.group('v')}")]
    coming = _TO_COME.match(clause)
    said = re.sub(r"(?i)^I\s+am\b|^I['’]m\b", "I will be", clause[coming.end():]) if coming else clause
    m = _TURNS.match(said)
    if not m:
        return []
    v = m.group("v").lower()
    age = str(NUMBER_WORDS.get(v, v))
    out = [Fact(owner, "turns", age, "identity", 0.8, f"{owner} is turning {age}")]
    month = coming.group("month") if coming and coming.group("month") else (
        after.group("month") if (after := _MONTH_AFTER.match(said[m.end("v"):].replace(" years old", "", 1))) else None)
    return out + ([birthday_in(owner, month)] if month else [])


def birthday_in(who: str, month: str) -> Fact:
    """The month of someone's birthday, from an age to come said with it."""
    month = month.capitalize()
    return Fact(who, "birthday", month, "identity", 0.8, f"{possessive(who)} birthday is in {month}")


# someone's birthday said with the age it marks: "for my father's eightieth birthday", "my sister's 40th"
ORDINAL_WORDS = {w: n for n, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth "
    "sixteenth seventeenth eighteenth nineteenth twentieth".split(), 1)} | {
    "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90,
    "hundredth": 100}
_WORDS = "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True))
_KIN_AGE = re.compile(rf"\b(?P<who>(?i:my)\s+(?:[a-z]+\s+)?(?P<kin>[a-z]+)(?:\s+(?P<name>{NAME_WORD}))?|(?P<alone>{NAME_WORD}))['’]s\s+"
                      rf"(?P<n>\d{{1,3}}(?:st|nd|rd|th)|(?i:{_WORDS}))(?:\s+(?i:birthday|bday))?\b")


def birthday_ages(statement: str, owner: str, kin: frozenset[str]) -> list[tuple[Fact, str]]:
    """The age someone's birthday marks, as a card ("Chidubem's father is turning 80"), with the words that
    said it (for the event's line to leave them). `kin`: the tie words a "my X" may be."""
    out = []
    for m in _KIN_AGE.finditer(statement):
        if m.group("who").lower().startswith("my") and m.group("kin").lower() not in kin:
            continue
        said = m.group("n").lower()
        age = ORDINAL_WORDS.get(said) or int(re.sub(r"\D", "", said))
        if not 0 < age < 120:
            continue
        who = m.group("name") or m.group("alone") or f"{possessive(owner)} {m.group('kin').lower()}"
        out.append((Fact(who, "turns", str(age), "identity", 0.8, f"{who} is turning {age}"), m.group("n")))
    return out


def with_birthday_ages(facts: list[Fact], statements: list[str], owner: str, kin: frozenset[str]) -> list[Fact]:
    """The turn's cards with the age each birthday it names marks as a card of its own, and the ordinal out of
    the other cards' lines ("flying to Enugu for my father's birthday" beside "my father is turning 80")."""
    aged = [a for text in statements for a in birthday_ages(text, owner, kin)]
    out = list(facts)
    for card, said in aged:
        gone = re.compile(rf"\s*\b{re.escape(said)}\b", re.I)
        out = [f if f.predicate in ("age", "turns") else Fact(f.subject, f.predicate, gone.sub("", f.value), f.type, f.certainty,
                                                            gone.sub("", f.text)) for f in out
               if not gone.search(f.subject)]  # "my dad's 70th is next month": the birthday is the age's card
        if not any(f.subject == card.subject and f.predicate in ("age", "turns") for f in out):
            out.append(card)
    # "Seven. Turns eight in April.": with the age and the birthday's month each a card, the age to come says nothing more
    known = {f.subject for f in out if f.predicate == "age"} & {f.subject for f in out if f.predicate == "birthday"}
    return [f for f in out if not (f.predicate == "turns" and f.subject in known)]


__all__ = ["DATE", "ORDINAL_WORDS", "birth_facts", "birthday_in", "birthday_ages", "with_birthday_ages"]
