"""One card, one fact, across a whole turn (issue 35, docs/formation-spec.md "Matching", rule 5).

A reader that keeps a clause's tail in a value makes a card say a second fact the turn also gave a card
of its own: "intervals on Tuesdays with the Croydon Harriers" beside "Femi runs with the Croydon
Harriers", "coming to Leeds in June for Mum's sixtieth" beside "Mum is turning 60", "Fable Kitchen in
Guelph" beside "Fable Kitchen is in Guelph". The phrase that says the other card's value (a phrase opened
by a preposition, "and", "so" or a comma, at the value's end, never its head) leaves the value and the line: the
other card holds it. Nothing is cut that no other card says, and processes and rules stay as said. Pure.
"""
from __future__ import annotations

import re

from .alternatives_said import usual_only
from .models import Fact
from .own_lines import KEPT_TYPES, KEPT_WHOLE, bare_doing, said_of
from .rule_basics import RECURRENCE
from .vocabulary import EMPHATIC, WORKPLACES, content_words

# where a phrase of a value starts: a comma or semicolon, or a preposition or conjunction as a word
_OPENERS = r"with|at|for|from|on|in|to|by|near|and|so|because|which|who|where|while|plus|based"
_START = re.compile(rf"\s*[,;]\s*|(?<!\bbased)\s+(?=(?:{_OPENERS})\b)", re.I)


def _phrases(value: str) -> list[tuple[int, int]]:
    """The value's phrases after its head, as (start, end) spans; each runs to the next opener."""
    starts = [m.start() for m in _START.finditer(value) if m.start() > 0]
    return [(a, b) for a, b in zip(starts, starts[1:] + [len(value)]) if content_words(value[a:b])]


def _says(phrase: str, other: Fact, mine: set[str]) -> bool:
    """Whether a phrase says the other card's value (all its words, beside the fact's own slots' words)."""
    theirs = content_words(other.value) - mine
    return bool(theirs) and theirs <= content_words(phrase)


def _without(text: str, phrase: str) -> str | None:
    """The line without the phrase as said in it, or None when the line does not say it so."""
    at = text.lower().find(phrase.strip(" ,;").lower())
    if at < 0:
        return None
    end = at + len(phrase.strip(" ,;"))
    return " ".join(f"{text[:at].rstrip(' ,;')} {text[end:].lstrip(' ,;')}".split()).strip(" ,;")


# A comment said after a value, set off by a comma: how sure or how pleased one is, no fact of its own
# ("collected on Mondays, not 100% sure", "ID checked at the desk, no exceptions", "..., it's the best")
_COMMENT = re.compile(rf"\s*[,;]?\s+(?:not\s+(?:100\s*%\s+)?sure|{EMPHATIC}|i\s+think|i\s+guess|i\s+believe|"
                      r"i\s+reckon|i\s+suppose|probably|maybe|perhaps|apparently|lol|haha|tbh|honestly|"
                      r"(?:it['’]?s|its|that['’]?s|thats)\s+(?:the\s+best|great|amazing|brilliant|awesome|lovely|so\s+good))"
                      r"[\s.!?]*(?P<when>\b(?:every|each|on)\s+[a-z]+(?:\s+[a-z]+)?)?$", re.I)  # a time a reader put after it


def without_comment(f: Fact) -> Fact:
    """The fact without a comment its value and line end on (its certainty already says a hedge)."""
    def cut(said: str) -> str:
        return _COMMENT.sub(lambda m: f" {m.group('when')}" if m.group("when") else "", said)

    value, text = cut(f.value), cut(f.text)
    if value == f.value or not content_words(value):
        return f
    return Fact(f.subject, f.predicate, value, f.type, f.certainty, text)


def apart(f: Fact, facts: list[Fact]) -> Fact:
    """The fact without each phrase of its value that says another card's value."""
    if f.type == "process":
        return f
    f = without_comment(f)
    if f.type in KEPT_TYPES or f.predicate in KEPT_WHOLE:
        return f
    f = usual_only(f)  # "20 euro a year, or free for students": the exception is a fact of its own
    if f.type in KEPT_TYPES or f.predicate in KEPT_WHOLE:
        return f
    mine = content_words(f.subject) | content_words(f.predicate.replace("_", " "))
    others = [g for g in facts if g is not f and content_words(g.value)
              and not content_words(f.value) <= content_words(g.value)]  # a card that says this one's whole value is a reading of it
    value, text, said = f.value, f.text, True
    for a, b in reversed(_phrases(value)):  # from the end: a phrase inside the value may be its verb's object
        phrase = value[a:b]
        when = RECURRENCE.search(phrase) if f.type == "routine" else None
        if when is not None:  # a habit's time stays with it: "and eat pierogi every sunday" leaves "every sunday"
            phrase = phrase[:when.start()]
            b = a + len(phrase)
        if not content_words(phrase) or not any(_says(phrase, g, mine) for g in others):
            break
        rest = " ".join(f"{value[:a]} {value[b:]}".split()).strip(" ,;")
        if not content_words(rest) - mine or f.type == "routine" and bare_doing(f, value, a, rest):
            break  # ("play with Luna every evening": what is done, not "play every evening")
        value = rest
        shorter = _without(text, phrase)
        text, said = shorter or text, said and shorter is not None
        if when is not None:
            break
    cut = Fact(f.subject, f.predicate, value, f.type, f.certainty, text)
    if said and not _line_says_another(cut, others):
        return f if value == f.value else cut
    return Fact(f.subject, f.predicate, value, f.type, f.certainty, said_of(cut))  # the line from the card's own slots


def _line_says_another(f: Fact, others: list[Fact]) -> bool:
    """Whether the line says the whole value of another card, beyond its own slots ("Rhona is a nurse at St
    Luke's" as the line of where she works, beside her job's card)."""
    own = content_words(f.subject) | content_words(f.predicate.replace("_", " ")) | content_words(f.value)
    extra = content_words(f.text) - own
    return any((theirs := content_words(g.value) - own) and theirs <= extra for g in others)


_IN_TOWN = re.compile(r"^(?P<place>.+?\S)\s+in\s+(?P<town>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})$")


def town_apart(f: Fact, facts: list[Fact]) -> list[Fact]:
    """A workplace said with its town ("the district hospital in Zomba") as two cards: where one works,
    and the town one works in (unless the turn gave the town a card already); so too what one studies ("studies
    medicine in Tirana": medicine, and the town one studies in)."""
    studies = f.predicate in _STUDIES and f.type == "identity"
    m = _IN_TOWN.match(f.value) if f.predicate in WORKPLACES or studies else None
    if m is None or not content_words(m.group("place")):
        return [f]
    place, town = m.group("place"), m.group("town")
    verb = "studies" if studies else "works"
    line = _without(f.text, f" in {town}") or f"{f.subject} {verb} {'' if studies else 'at '}{place}"
    out = [Fact(f.subject, f.predicate, place, f.type, f.certainty, line)]
    if not any(g.subject == f.subject and g.value == town for g in facts):
        out.append(Fact(f.subject, f"{verb}_in", town, f.type, f.certainty, f"{f.subject} {verb} in {town}"))
    return out


_STUDIES = frozenset("studies study studying".split())


def apart_each(facts: list[Fact]) -> list[Fact]:
    """Every card of a turn without the phrases another card says; a workplace and its town apart."""
    return [g for f in facts for g in town_apart(apart(f, facts), facts)]


__all__ = ["apart", "apart_each"]
