"""One card, one fact (issue 35): a fact's canonical line names its person and holds its own fact and no other.

A statement often says several facts in one clause ("I'm a court stenographer at the Crown Court in
Cardiff": a job and a workplace). A reader that keeps the clause as the line of each of them makes
every card say both, so neither is atomic: the workplace's card repeats the job, and the job's words
look already stated when the parse reads them. Here a line that holds a value word of another fact of
the same statement, one its own slots do not hold, is said again from its slots ("Bronwen works at
Crown Court"); so is a line that does not name whom it is about ("Plays the cello"). Lines kept whole on purpose (processes, rules, a duty) are left as said. Pure."""
from __future__ import annotations

import re

from .models import Fact
from .person import possessive
from .rule_basics import RECURRENCE
from .vocabulary import content_words

# Lines kept as said: a process's steps and a rule's conditions are the fact.
KEPT_WHOLE = frozenset("rule must_avoid must must_not process".split())
KEPT_TYPES = frozenset("process safety".split())
# How a predicate reads in a line, with {s} the subject and {v} the value.
_SAID = {
    "works_for": "{s} works at {v}", "works_at": "{s} works at {v}", "works_in": "{s} works in {v}",
    "job": "{s} is a {v}", "occupation": "{s} works as a {v}", "role": "{s} is a {v}",
    "likes": "{s} likes {v}", "dislikes": "{s} dislikes {v}", "fears": "{s} is scared of {v}",
    "loves": "{s} loves {v}", "hates": "{s} hates {v}", "wants": "{s} wants {v}",
    "lives_in": "{s} lives in {v}", "from": "{s} is from {v}", "born_in": "{s} was born in {v}",
    "age": "{s} is {v}", "name": "{s} is called {v}", "good_at": "{s} is good at {v}", "weak_at": "{s} is weak at {v}",
    "learning": "{s} is learning {v}", "can": "{s} can {v}", "cannot": "{s} can't {v}", "used_to_be": "{s} was a {v}",
    "routine": "{s}: {v}", "event": "{s}: {v}", "is": "{s} is {v}", "has": "{s} has {v}", "plays": "{s} plays {v}",
    "allergic_to": "{s} is allergic to {v}", "studied": "{s} studied {v}",
}


def said_of(f: Fact) -> str:
    """The fact's line said from its slots alone."""
    if f.type == "relationship" and f.predicate not in _SAID and not f.predicate.startswith("has_"):
        return f"{f.value} is {possessive(f.subject)} {f.predicate.replace('_', ' ')}"  # "Kit is Thandiwe's second shooter"
    form = _SAID.get(f.predicate, "{s} {p} {v}")
    return form.format(s=f.subject, p=f.predicate.replace("_", " "), v=f.value)


def _foreign(f: Fact, others: list[Fact]) -> bool:
    """Whether the line holds a value word of another fact that its own slots do not hold."""
    if not content_words(f.value) <= content_words(f.text):
        return False  # a line that does not say the fact's own value is another reading's (left for _unique to weigh)
    own = content_words(f.value) | content_words(f.subject) | content_words(f.predicate.replace("_", " "))
    extra = content_words(f.text) - own
    return bool(extra) and any(extra & content_words(g.value) for g in others
                               if g is not f and content_words(g.value) - own)


# A phrase set after a value's head: "at Fanore", "with my friend Dervla", "on Sundays" (ended by when: "with Mr
# Bell every Tuesday" is "with Mr Bell", then "every Tuesday")
_PHRASE = re.compile(r"\s*,?\s*\b(?:with|at|for|from|on|in|to|by)\s+(?:(?!\b(?:with|at|for|from|on|in|to|by|every|each)\b)[^,;])+")


def without_others(f: Fact, facts: list[Fact], owner: str | None = None) -> Fact:
    """The fact without a phrase of its value that names a person another fact of the statement ties: "sea
    swimming at Fanore with my friend Dervla" beside "Dervla is Ysolde's friend" is "sea swimming at
    Fanore" (the friend is a card of its own). A value's opening phrase is its head and stays; so
    does a phrase that says only part of another value, and a process's or a rule's line. The owner is no
    other person: "sat next to me at lunch" beside "Harry is Mia's cousin" keeps "next to Mia"."""
    if f.type in KEPT_TYPES or f.predicate in KEPT_WHOLE:
        return f
    others = [content_words(g.value) | content_words(g.subject)  # ("Dervla friend_of Ysolde": the friend is its subject)
              for g in facts if g is not f and g.type == "relationship" != f.type]  # a person with a card of their own
    others = [o - content_words(f.subject) - content_words(owner or "") for o in others]
    value, text = f.value, f.text
    for m in reversed(list(_PHRASE.finditer(value))):
        if m.start() == 0:
            continue
        words = content_words(m.group(0))
        rest = f"{value[:m.start()]} {value[m.end():]}"
        if any(o and o <= words for o in others) and content_words(rest) and not bare_doing(f, value, m.start(), rest):
            value = rest
            said = m.group(0).split()
            # the line says the phrase too, maybe in other words ("with Ysolde's friend Dervla"): it goes there as well
            text = re.sub(rf"\s*,?\s*\b{re.escape(said[0])}\b[^,;]*?\b{re.escape(said[-1])}\b", "", text, count=1)
    value = " ".join(value.split())
    return f if value == f.value else Fact(f.subject, f.predicate, value, f.type, f.certainty, " ".join(text.split()))


def bare_doing(f: Fact, value: str, at: int, rest: str) -> bool:
    """A phrase said right after the value's verb (`at`: where it starts) that leaves the verb bare, with its
    when ("play with Luna every evening" -> "play every evening"): it says what is done, no company, and stays.
    The first word is a verb when the card's line says it of its subject ("Yara plays ..."); "Lessons with Mr Bell
    every Tuesday" (no verb) and "lessons every Tuesday with Mr Bell" keep their lessons without him."""
    head = value[:at].split()
    if len(head) != 1 or not re.search(rf"(?i)\b{re.escape(f.subject)}\s+{re.escape(head[0])}(?:s|es)?\b", f.text):
        return False
    words = RECURRENCE.sub(" ", rest).split()
    return len(words) <= 1 or not content_words(" ".join(words[1:]))


def one_fact_each(facts: list[Fact], name_lines: bool = True, owner: str | None = None) -> list[Fact]:
    """The facts of one statement, each line holding its own fact only; `name_lines`: a line that does
    not name its person is said again too (not in a team's talk, where "we" and a thing's line stand as said)."""
    out = []
    for f in [without_others(f, facts, owner) for f in facts]:
        unnamed = name_lines and bool(content_words(f.subject) - content_words(f.text)) and not re.match(
            r"(?i)(?:we|our)\b", f.text)  # "Plays the cello": whose? ("We use Basecamp" says whose: a group's)
        if f.type in KEPT_TYPES or f.predicate in KEPT_WHOLE or not (unnamed or _foreign(f, facts)):
            out.append(f)
            continue
        out.append(Fact(f.subject, f.predicate, f.value, f.type, f.certainty, said_of(f)))
    return out


__all__ = ["KEPT_TYPES", "KEPT_WHOLE", "bare_doing", "one_fact_each", "said_of", "without_others"]
