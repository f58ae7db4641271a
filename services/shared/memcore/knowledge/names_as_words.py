"""A person's name that is also an English word, read as the name where the clause needs a subject (issue 35).

"Will is a nurse", "May teaches piano", "Can is a welder", "Sunny lives in Hanoi", "my friend Will is a nurse": the
small model reads "Will", "May" and "Can" as modals and "Sunny" or "Precious" as adjectives, so the clause has no
subject and the readers learn nothing. A modal never comes before "is" or "teaches", and an adjective heads no
verb: where a capitalised modal or adjective stands before a word (not a pronoun, not "not"), the clause is parsed
again with an ordinary name in its place ("Alex is a nurse"); when that parse makes the name the subject of a verb of
the third person or the past that follows it (or an apposition to a noun before it: "my friend Alex"), the word was
a name, and that parse is kept, the word as said put back in it.

Near misses that stay as parsed: "Will you help?", "May I ask?", "Can we talk?" (a pronoun follows), "Will be there
at 5" ("Alex be there" has no verb of the third person), "Sunny mornings make me happy" ("Alex mornings": no
subject), "Lovely, my son passed" (a comma follows). Pure: token tuples in, a text or a decision out; parse.py runs
the model.
"""
from __future__ import annotations

from typing import Any

# parse.py reads its sentences through these functions, so its token types are not imported here (no import cycle)
Sentence = tuple[Any, ...]

# the name put in the word's place: one token, a name and nothing else to the small model
STAND_IN = "Alex"

_WORD_TAGS = ("MD", "JJ")  # a modal ("Will", "May", "Can"), an adjective ("Sunny", "Precious")
_NOT_AFTER_A_NAME = frozenset("not n't i you we they he she it me us them there".split())
_FINITE = ("VBZ", "VBD")  # "is", "teaches", "was": a verb a name in the third person can be the subject of
_NAMED_DEPS = ("nsubj", "nsubjpass")


def _capitalised(text: str) -> bool:
    return len(text) > 1 and text[0].isupper() and text[1:].islower() and text.isalpha()


def word_as_name(s: Sentence) -> int | None:
    """The index of the capitalised modal or adjective that may be a name said as the clause's subject, or None."""
    for t in s:
        if t.tag not in _WORD_TAGS or not _capitalised(t.text) or t.i + 1 >= len(s):
            continue
        after = s[t.i + 1]
        if after.pos == "PUNCT" or after.lower in _NOT_AFTER_A_NAME or after.pos == "PRON":
            continue
        if t.i > 0 and s[t.i - 1].pos not in ("NOUN", "PUNCT", "CCONJ", "SCONJ") and s[t.i - 1].lower not in ("that",):
            continue  # "a Sunny day": a word inside a noun phrase, after an article or a verb
        return int(t.i)
    return None


def with_stand_in(s: Sentence, i: int) -> str:
    """The sentence's text with an ordinary name in the place of token i."""
    return "".join((STAND_IN if t.i == i else t.text) + t.ws for t in s)


def named_in(again: Sentence, i: int, said: Sentence) -> bool:
    """Whether the sentence parsed again reads the stand-in at i as a name: the subject of a verb of the third person
    or the past after it, or set beside a noun just before it ("my friend Alex"); the same tokens as said."""
    if len(again) != len(said) or i >= len(again) or again[i].text != STAND_IN or again[i].tag != "NNP":
        return False
    t = again[i]
    if t.dep == "appos":
        return bool(t.head == i - 1 and said[i - 1].pos == "NOUN")
    if t.dep not in _NAMED_DEPS or t.head <= i:
        return False
    verb = again[t.head]
    finite = verb.tag in _FINITE or any(k.head == verb.i and k.dep in ("aux", "auxpass") and k.tag in _FINITE for k in again)
    return finite and not any(x.pos == "PUNCT" for x in again[i + 1:t.head])


def as_said(again: Sentence, i: int, said: Sentence) -> Sentence:
    """The parse made with the stand-in, the word at i as said (its text, lower case and lemma)."""
    w = said[i]
    return tuple(t._replace(text=w.text, lower=w.lower, lemma=w.lower) if t.i == i else t for t in again)


__all__ = ["STAND_IN", "as_said", "named_in", "with_stand_in", "word_as_name"]
