"""Whose are times said with someone else's doing (issue 35; one card one fact, the spec's subject rule).

Chat says what someone does and, in the same breath or as a sentence of its own, when: "my gran sells eggs at the
market. every saturday", "No, he plays darts at the Red Lion, Friday nights", "Ingrid teaches yoga. tuesdays and
thursdays". The readers take a piece that says only when as the owner's habit (a sentence without a subject is the
owner's). `whose_times` alone decides whose those times are, from the clause they are said with (the rest of their
sentence, else the sentence before them):

- the owner's, when the owner takes part ("I help her on Saturdays", "she drives me to judo. every tuesday") or no
  one else's doing is told ("I swim at the lido. every morning", "8 to 4, Monday to Friday");
- a person's, when they are a sentence of their own after the doing of someone the turn names: the one person of the owner's whose card the
  clause says (an answer's "she" the readers put as "<owner>'s babcia"), else its subject ("my uncle fixes boats"
  -> "<owner>'s uncle", "Ingrid teaches yoga" -> "Ingrid");
- SOMEONE's, when it is the doing of another the turn does not name ("she weaves on the loom", "they sell honey"),
  or another's doing said in the same sentence ("No, she sings in a choir, Thursday evenings": the card of her
  doing holds the times, or should): not the owner's, and no card of their own.

`given_to_whose` applies it to a turn's cards: the owner's times-only routines go to the person, or are dropped for
SOMEONE. Read at three places of the turn: extract.facts_of_turn (the turn's kept cards, any routine said as a
sentence of its own), others_work (a relative's trade and its times) and others_times.without_others_times (the last
look). Pure.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .models import Fact
from .person import possessive
from .rule_basics import _SUBJ, TurnContext, resolve
from .said_when import only_when
from .vocabulary import content_words

SOMEONE = "\x00someone"  # a third person the turn does not name

# the owner as the one who does it: "I", "we" (and "me"/"us" as who it is done with or to, "she takes me")
_OWNER_DOES = re.compile(r"(?i)\b(?:i|i['’]m|i['’]ve|i['’]d|im|we|we['’]re|we['’]ve|me|us)\b")
# the owner named at all ("with my dad"): times said beside it are not another's said before
_FIRST_PERSON = re.compile(r"(?i)\b(?:I|I['’]m|me|my|we|our|us)\b")
# what a chat puts first ("No, he plays darts", "ya my aunt bakes")
_LEAD = r"^(?:\W*(?i:no|yes|yeah|ya|and|but|so|well|oh|also|um|like)\b\W*)*"
# the clause's subject and its present doing ("my aunt bakes", "Tariq drives", "she weaves")
_DOES = re.compile(rf"{_LEAD}{_SUBJ}(?:\s+(?i:still|also|usually|always|often|mostly|now))?\s+(?P<verb>[a-z]+(?<![' s])s)\b")
_NOT_A_DOING = frozenset("says thinks knows reckons means".split())  # what someone says is not their doing
# someone else as the one who does it anywhere in the clause: he, she, they, or a tie and a verb ("my aunt sells")
_OTHER_DOES = re.compile(rf"(?i)\b(?:he|she|they)(?:['’]s|['’]re)?\b|{_LEAD}(?:my|our|his|her|their)\s+[a-z]+(?:\s+[a-z]+)?\s+[a-z]+s\b")
# what is left of a sentence once its times are taken out, when it says nothing else ("No,", "and")
_EMPTY = re.compile(r"(?i)^(?:\W|\b(?:no|yes|yeah|ya|yep|ok|okay|and|but|so|well|oh|also|only|usually|mostly)\b)*$")
# a meal or bedtime as a time of the day ("every evening after tea", "before supper")
_MEALS = re.compile(r"(?i)\b(?:tea|teatime|breakfast|dinner|supper|bedtime)\b")


def sentences(statements: Sequence[str]) -> list[str]:
    """The statements' sentences, as typed."""
    return [x for st in statements for x in re.split(r"(?<=[.!?])\s+", st.strip()) if x]


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'’]+(?:[:.]\d+)?", text.lower())  # ("7.30" one word, "Thursdays." the day)


def times_only(value: str) -> bool:
    """Whether a value says nothing but when, a meal or bedtime read as a time ("every evening after tea")."""
    return only_when(_MEALS.sub("lunch", value))


def owner_takes_part(clause: str) -> bool:
    """The owner does it, or it is done with or to them ("she drives me to judo")."""
    return bool(_OWNER_DOES.search(clause))


def tied_by_name(cards: Sequence[Fact], owner: str) -> set[str]:
    """Whom the turn's cards tie to the owner by name ("Ante is Tonka's husband")."""
    return {f.value for f in cards if f.type == "relationship" and f.subject == owner and f.value}


def a_person(subject: str, owner: str, tied: set[str]) -> bool:
    """Whether a subject is one of the owner's people: their tie ("<owner>'s uncle") or one `tied` by name."""
    return subject != owner and (subject.startswith(f"{possessive(owner)} ") or subject in tied)


def _of_a_card(clause: str, owner: str, cards: Sequence[Fact], when: str) -> str | None:
    """The one person of the owner's (their tie, or someone a card ties to them) whose card the clause says, when
    it says no card of the owner's; None otherwise."""
    tied = tied_by_name(cards, owner)
    words = content_words(clause)
    said = [g for g in cards if g.value != when and content_words(g.value) and content_words(g.value) <= words]
    people = {g.subject for g in said if a_person(g.subject, owner, tied)}
    return people.pop() if len(people) == 1 and not any(g.subject == owner for g in said) else None


def doer(clause: str, owner: str, cards: Sequence[Fact] = (), when: str = "") -> str | None:
    """Whose doing a clause tells: the owner (they take part), a person, SOMEONE; None when it tells none."""
    if owner_takes_part(clause):
        return owner  # "I help her on Saturdays", "she drives me to judo"
    if (who := _of_a_card(clause, owner, cards, when)) is not None:
        return who
    m = _DOES.match(clause.strip())
    if m is not None and m.group("verb").lower() not in _NOT_A_DOING:
        subj = m.group("subj").lower()
        if subj in ("he", "she", "they"):
            return SOMEONE  # an answer's "she" is completed before ("my mum"): one left is someone the turn does not name
        return resolve(m.group("subj"), TurnContext(owner=owner)) or owner
    names = {g.subject for g in cards if g.subject and g.subject != owner and g.subject[:1].isupper()}
    if _OTHER_DOES.search(clause) or any(re.match(rf"{_LEAD}{re.escape(n)}\s+[a-z]+s\b", clause, re.I) for n in names):
        return SOMEONE  # "No, he plays darts at the Red Lion", the readers' "Pauline" for "she"
    return None


def whose_times(when: str, statements: Sequence[str], owner: str, cards: Sequence[Fact] = ()) -> str:
    """Whose habit times said in the turn are: the owner, a person the turn names, or SOMEONE (module doc).

    `when`: the times as a card holds them (found by their words, in any order: "every weekday morning" read as
    "morning every weekday"); `statements`: the turn as read; `cards`: the turn's cards, whose people the clause may
    say. Times that say only when (`times_only`) go with the rest of their sentence when it tells someone's doing
    ("No, he plays darts at the Red Lion, Friday nights"); else, when the rest names no "I"/"my"/"we" ("every
    saturday, weather permitting", or nothing but a word like "usually"), with the sentence before them. Any other
    value is read after the sentence before only (a sentence's own subject is the readers' to read).
    """
    said = sentences(statements)
    words = set(_words(when))
    at = next((n for n, x in enumerate(said) if words <= set(_words(x))), None)
    if at is None:
        return owner
    rest = " ".join(w for w in said[at].split() if w.lower().strip(",.!?;") not in words).strip()
    if not _EMPTY.match(rest):
        if times_only(when) and (who := doer(rest, owner, cards, when)) is not None:
            return owner if who == owner else SOMEONE  # another's doing said with them holds them: no card of their own
        if _FIRST_PERSON.search(rest):
            return owner
    return (doer(said[at - 1], owner, cards, when) or owner) if at else owner


def given_to_whose(cards: list[Fact], owner: str, statements: Sequence[str], every: bool = False) -> list[Fact]:
    """The turn's cards with the owner's routines that say only when (`times_only`; with `every`, any routine of
    the owner's said as a sentence of its own) given to whose they are: a person's, or none for SOMEONE."""
    out = []
    for f in cards:
        who = whose_times(f.value, statements, owner, cards) \
            if f.type == "routine" and f.subject == owner and (every or times_only(f.value)) else owner
        if who == SOMEONE:
            continue  # "she weaves on the loom. every day": not the owner's habit, and whose is not said
        out.append(f if who == owner else replace(f, subject=who, text=re.sub(rf"^{re.escape(owner)}\b", who, f.text)))
    return out


__all__ = ["SOMEONE", "a_person", "doer", "given_to_whose", "owner_takes_part", "sentences", "tied_by_name", "times_only",
           "whose_times"]
