"""Ages said in the shapes the clause readers do not take (issue 35). Pure regex over one statement.

- A decade: "I'm in my fifties", "my dad's in his late eighties", "Nan is in her 70s": the age as said
  ("late eighties"), in place of the plain fact a reader made of it ("is | in his eighties").
- One's own age without "old", as a learner says it: "I am ten years", "I'm 12 yrs and I like maths".
- An age said before the person: "I'm a 45-year-old dad of two" (the owner's), "my 8 year old daughter
  loves horses" (the daughter's, and "Kofi's old daughter" as a subject mended to "Kofi's daughter").
- One's own birthday with the age it marks: "just had my 30th birthday" (an age), "it's my 9th birthday
  tomorrow" (an age to come).
- A tie in the plural and their ages: "my boys are 6 and 8", "the kids are 4, 9 and 12".
- Names listed each with an age, in a turn that speaks of kin ("two girls, Amara 6 and Zola 3", "my kids: Tane
  12, Aroha 9"): each name's age, when each name is no common word ("Room 12 and Room 14" are no people).

Each is an identity card of its own; a card a reader already made for the same person and age stays.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME_WORD
from ..extraction.lexicon import IRREGULAR_PAST
from .birthdays import ORDINAL_WORDS
from .lowercase_names import a_name
from .models import Fact
from .person import possessive
from .vocabulary import NUMBER_WORDS, PEOPLE, RELATIONS

_NUMBER = rf"(?:\d{{1,3}}|{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))})"
_BE = r"(?:\s+(?:am|is|are)|\s*['’](?:m|s|re))"
_DECADES = "teens twenties thirties forties fifties sixties seventies eighties nineties".split()
_DECADE = re.compile(rf"(?i)^(?P<who>I|my\s+(?:[a-z]+\s+)?(?P<kin>[a-z]+)|(?-i:{NAME_WORD})){_BE}\s+(?:(?:probably|now|still|well|"
                     rf"only|just)\s+)?in\s+(?P<poss>my|his|her|their|our)\s+(?P<v>(?:(?:early|mid|late)[\s-]+)?(?:{'|'.join(_DECADES)}|[1-9]0['’]?s))\b")
_AGED_ME = re.compile(rf"(?i)^(?:I\s+am|I['’]m)\s+(?:a|an)\s+(?P<n>{_NUMBER})[\s-]+(?:years?|yrs?|yo)[\s-]+old\b")
# "I am ten years", "I'm 12 yrs": the age with "old" left off, as a learner or a child says it (the sentence ends there)
_AGED_ME_SHORT = re.compile(rf"(?i)^(?:I\s+am|I['’]m)\s+(?P<n>{_NUMBER})\s+(?:years?|yrs?)\s*(?:$|[.!,;]|\s+and\b)")
_AGED_TIE = re.compile(rf"(?i)\bmy\s+(?P<n>{_NUMBER})[\s-]+(?:years?|yrs?|months?)[\s-]+old\s+"
                       rf"(?:(?P<alone>(?-i:{NAME_WORD}))|(?P<kin>[a-z]+)(?:,?\s+(?P<name>(?-i:{NAME_WORD})))?)")
_OWN_BIRTHDAY = re.compile(rf"(?i)\bmy\s+(?P<n>\d{{1,3}}(?:st|nd|rd|th)|{'|'.join(sorted(ORDINAL_WORDS, key=len, reverse=True))})"
                           r"\s+(?:birthday|bday|b-day)\b")
_PAST = re.compile(r"(?i)\b(?:last|ago|yesterday)\b")  # (a verb in the past is read from its form)
_THEIR_AGES = re.compile(rf"(?i)^(?:my|our|the)\s+(?P<kin>kids|children|boys|girls|sons|daughters|twins|triplets|grandkids|"
                         rf"grandchildren){_BE}\s+(?P<v>{_NUMBER}(?:\s*,\s*{_NUMBER})*\s+(?:and|&)\s+{_NUMBER})\s*(?:$|[,.!]|\s+(?:now|and)\b)")


def _digits(said: str) -> str:
    low = said.lower()
    return str(NUMBER_WORDS.get(low, low))


def _tie(owner: str, kin: str) -> str | None:
    return f"{possessive(owner)} {kin.lower()}" if kin.lower() in RELATIONS else None


def said_ages(statement: str, owner: str) -> list[Fact]:
    """The age cards `statement` says in the shapes of this module."""
    out = []
    text = statement.strip()
    if m := _DECADE.match(text):
        who = owner if m.group("who").lower() == "i" else _tie(owner, m.group("kin")) if m.group("kin") else m.group("who")
        if who and who.lower() not in ("he", "she", "they", "it", "we", "you"):
            v = re.sub(r"[\s-]+", " ", m.group("v").lower())
            out.append(Fact(who, "age", v, "identity", 0.8, f"{who} is in {'their' if who == owner else m.group('poss').lower()} {v}"))
    if m := _AGED_ME.match(text) or _AGED_ME_SHORT.match(text):
        out.append(Fact(owner, "age", _digits(m.group("n")), "identity", 0.85, f"{owner} is {_digits(m.group('n'))}"))
    for m in _AGED_TIE.finditer(text):
        unit = " months" if "month" in m.group(0).lower() else ""
        who = m.group("name") or m.group("alone") or _tie(owner, m.group("kin"))
        if who:
            out.append(Fact(who, "age", _digits(m.group("n")) + unit, "identity", 0.8, f"{who} is {_digits(m.group('n'))}{unit or ''}"))
    if m := _OWN_BIRTHDAY.search(text):
        said = m.group("n").lower()
        age = ORDINAL_WORDS.get(said) or int(re.sub(r"\D", "", said))
        if 0 < age < 120:
            past = bool(_PAST.search(text)) or any(w in IRREGULAR_PAST or (w.endswith("ed") and len(w) > 4)
                                                   for w in re.findall(r"[a-z]+", text.lower()))
            out.append(Fact(owner, "age" if past else "turns", str(age), "identity", 0.8,
                            f"{owner} is {age}" if past else f"{owner} is turning {age}"))
    if m := _THEIR_AGES.match(text):
        who = f"{possessive(owner)} {m.group('kin').lower()}"
        v = re.sub(r"[a-z]+", lambda w: _digits(w.group(0)) if w.group(0) in NUMBER_WORDS else w.group(0), m.group("v").lower())
        out.append(Fact(who, "age", v, "identity", 0.8, f"{who} are {v}"))
    return out

# "Amara 6 and Zola 3", "Luca, 4, and Noor, 7": a name (one or two words, "the baby" before it) and a bare age
_NAME_AGE = rf"(?:(?i:the\s+)?(?:baby\s+|little\s+)?)(?P<name>{NAME_WORD}(?:\s+{NAME_WORD})?),?\s+(?P<n>\d{{1,2}})(?!\d|[:.]\d|%|\s*(?i:am|pm|st|nd|rd|th|[ap]\.m|kg|km|cm|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?)\b)"
_NAMES_AGED = re.compile(rf"(?<![\w-]){_NAME_AGE.replace('?P<name>', '?:').replace('?P<n>', '?:')}"
                         rf"(?:\s*,?\s*(?:(?i:and|&)\s+)?{_NAME_AGE.replace('?P<name>', '?:').replace('?P<n>', '?:')})+")
_ONE_AGED = re.compile(_NAME_AGE)
_KIN_WORD = re.compile(r"(?i)\b(?:kids|children|boys|girls|sons|daughters|twins|grandkids|grandchildren|siblings|brothers|sisters|"
                       r"{})\b".format("|".join(sorted((re.escape(w) for w in RELATIONS | PEOPLE), key=len, reverse=True))))


def listed_ages(statement: str) -> list[Fact]:
    """Each name of a list of names said with their ages ("Amara 6 and Zola 3"), when each name is no common word."""
    out = []
    for m in _NAMES_AGED.finditer(statement):
        pairs = [(a.group("name"), a.group("n")) for a in _ONE_AGED.finditer(m.group(0))]
        if len(pairs) >= 2 and all(a_name(n.split()[0].lower()) for n, _ in pairs):
            out += [Fact(n, "age", v, "identity", 0.8, f"{n} is {v}") for n, v in pairs]
    return out


def _aged_tie(f: Fact, owner: str) -> Fact:
    """What "my 8-year-old daughter" left in a card's subject, relation and line ("Kofi's old daughter",
    "old_son") without the age: "Kofi's daughter", "son"."""
    old = re.compile(rf"(?<={re.escape(possessive(owner))} )old ")
    subject, text = old.sub("", f.subject), old.sub("", f.text)
    predicate = f.predicate[4:] if f.type == "relationship" and f.predicate.startswith("old_") else f.predicate
    return Fact(subject, predicate, f.value, f.type, f.certainty, text)


def with_said_ages(cards: list[Fact], statements: list[str], owner: str) -> list[Fact]:
    """The turn's cards with the ages of this module's shapes, each a card of its own; a card that held the
    same words as a plain fact ("Kofi's dad | is | in his eighties") gives way to the age card."""
    aged = [a for text in statements for a in said_ages(text, owner)]
    # "3 kids. Tane 12 and Aroha 9": names of kin, with ages (a list is rare and _KIN_WORD's many words slow: it first)
    listed = [a for text in statements for a in listed_ages(text)]
    if listed and any(_KIN_WORD.search(text) for text in statements):
        aged += listed
    out = [_aged_tie(f, owner) for f in cards] if any(_AGED_TIE.search(t) for t in statements) else list(cards)
    for card in aged:
        words = set(card.value.lower().split())
        out = [f for f in out if f.predicate in ("age", "turns") or not (
            f.subject in (card.subject, owner) and words <= set(re.findall(r"[a-z0-9]+", f.value.lower()))
            and f.type in ("semantic", "relationship") and f.predicate not in RELATIONS)]
        if not any(f.subject == card.subject and f.predicate in ("age", "turns") and f.value.split()[0] == card.value.split()[0]
                   for f in out):
            out.append(card)
    return out


__all__ = ["said_ages", "with_said_ages"]
