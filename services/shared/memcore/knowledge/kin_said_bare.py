"""A relative named by a kin word said without "my" (issue 35): "papa works on a big ship", "abuela bakes bread
for the market", "eje weaves carpets at home". A child says their people by the family's own word, bare, as
the subject of what that person does; the person is the owner's relative ("Maral's kaka").

A bare lower-case word is kin only when something says so:
- it is a kin word of another language the readers know (vocabulary.KIN_OTHER_TONGUES), and it is the subject
  of a verb that is not "be" (a dish or a place spelt the same is what something "is": "baba is sweet");
- or the turn or a line the reader sees said it as kin: "my eje and ata - grandmother and grandfather",
  "my ejem (mother)", "bubu is my granny" (kin_marked).
Pure: token tuples and regular expressions.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from .bare_kin import bare_kin_named
from .parse import Sentence, Tok
from .tree import Kids
from .vocabulary import KIN_OTHER_TONGUES, RELATION_PHRASES, RELATIONS

_TIES = "|".join(re.escape(w) for w in sorted((*RELATION_PHRASES, *RELATIONS), key=len, reverse=True))
_WORD = r"[a-zà-ÿ]{2,}(?:-[a-zà-ÿ]+)?"
# "my ejem (mother)", "my eje and ata - grandmother and grandfather", "my neny (my mum)": the words, then the
# English ties they are glossed with, in brackets or after a dash
_GLOSSED = re.compile(
    rf"\b(?i:my|our)\s+(?P<words>{_WORD}(?:\s*(?:,|and|&)\s*{_WORD})*)\s*(?:\(|[-–—]\s)\s*(?:(?i:my|our)\s+)?"
    rf"(?P<ties>(?:{_TIES})(?:\s*(?:,|and|&)\s*(?:(?i:my|our)\s+)?(?:{_TIES}))*)\b")
# verbs whose subject is not what the clause is about: "be" ("baba is sweet": a cake), and a report's
# ("nonno says his mask is old": what is said is the clause's, reports.py reads it)
_NOT_DOINGS = frozenset("be say tell think reckon know".split())
_SPLIT = re.compile(r"\s*(?:,|\band\b|&)\s*")


def kin_marked(lines: Iterable[str]) -> frozenset[str]:
    """The lower-case words the lines say are the owner's kin: glossed with an English tie ("my kaka (father)"),
    or said to be one ("bubu is my granny")."""
    out: set[str] = set()
    for line in lines:
        for m in _GLOSSED.finditer(line):
            words = [w for w in _SPLIT.split(m.group("words")) if w]
            ties = [t for t in _SPLIT.split(m.group("ties")) if t]
            if len(words) == len(ties) or len(ties) == 1 == len(words):
                out.update(w for w in words if w.islower() and w not in RELATIONS - KIN_OTHER_TONGUES)
        out.update(word for word, _ in bare_kin_named(line))
    return frozenset(out)


def said_bare_as_kin(s: Sentence, kids: Kids, t: Tok, marked: frozenset[str] = frozenset()) -> bool:
    """Whether a subject token is a relative said bare: a lower-case kin word of another language, or one the
    conversation marked as kin, with no determiner or possessor, the subject of a verb other than "be"."""
    low = t.lower
    if not (low in KIN_OTHER_TONGUES or low in marked) or not t.text[:1].islower():
        return False
    if t.dep not in ("nsubj", "nsubjpass") or any(c.dep in ("det", "poss") for c in kids.get(t.i, [])):
        return False
    head = s[t.head]
    return head.pos == "VERB" and head.lemma not in _NOT_DOINGS


# where a clause starts: the text's start, a sentence's or a clause's (after a comma, "and", "but", "so"), or
# after one adverb that says how the owner knows ("apparently", "now", "still")
_STARTS = r"(?:^|(?<=[.!?;,:]\s)|(?<=\band\s)|(?<=\bbut\s)|(?<=\bso\s)|(?<=\bthen\s))(?:(?P<adv>[a-z]+ly|now|still|also)\s+)?"
_DOES = re.compile(rf"{_STARTS}(?P<word>{_WORD})\s+(?!was\b|tastes\b|smells\b|looks\b|sounds\b|says\b|said\b|thinks\b|tells\b|told\b|reckons\b|knows\b)(?=(?:(?:also|still|usually|always|often|never|now|just)\s+)?"
                   r"[a-z]+(?:[^s's]s|ed)\b)")


def with_my(text: str, marked: frozenset[str] = frozenset()) -> str:
    """The text with "my" before a kin word said bare at a clause's start before its verb ("apparently papa works
    on a ship": "apparently my papa works on a ship"), which the parser otherwise misreads as a verb itself."""
    out, last = [], 0
    for m in _DOES.finditer(text):
        word = m.group("word")
        if word in KIN_OTHER_TONGUES or word in marked:
            out.append(text[last:m.start("word")] + "my ")
            last = m.start("word")
    return "".join(out) + text[last:] if out else text
