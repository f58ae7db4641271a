"""A learner's present tense, read as one (issue 35): owners who speak English as a second language, and
young children, say the present without its "-s" ("my uncle drive a taxi", "the ship go to Busan", "he
bring her flowers"). The small model tags such a verb VB, the base form of "can drive" or "to drive", and
the readers, which look for a present (VBP, VBZ), learn nothing. A base form that has a subject of its own,
no auxiliary or "to", and heads a main clause (the root, or a verb joined to it) can only be a present:
it is tagged so. "make him go", "let me drive", "I insist that she come" stay as parsed (not a main clause).
Pure: token tuples in, token tuples out."""
from __future__ import annotations

from typing import Any

# parse.py reads its sentences through presents_read, so its token types are not imported here (no import cycle):
# a token is parse.Tok (a NamedTuple with i, lower, pos, tag, dep, head, ...), a sentence a tuple of them
Tok = Any
Sentence = tuple[Any, ...]

_SUBJECTS = ("nsubj", "nsubjpass")
_OBJECT_CASE = frozenset("me him her us them".split())
_THIRD_SINGULAR = frozenset("he she it".split())


def _present(s: Sentence, t: Tok) -> str | None:
    """The present tag a bare verb stands for, or None when it is a base form indeed."""
    if t.tag != "VB" or t.pos != "VERB" or t.dep not in ("ROOT", "conj") or t.dep == "conj" and s[t.head].dep != "ROOT":
        return None
    kids = [c for c in s if c.head == t.i and c.i != t.i]
    if any(c.dep in ("aux", "auxpass", "mark") for c in kids):
        return None
    subject = next((c for c in kids if c.dep in _SUBJECTS), None)
    if subject is None or subject.lower in _OBJECT_CASE or subject.i > t.i or subject.pos not in ("PRON", "PROPN", "NOUN"):
        return None
    if any(x.pos == "PUNCT" for x in s[subject.i + 1:t.i]) and subject.i == 0:
        return None  # "Unwrap, strip the leaves": a list of commands the model joined
    one = subject.lower in _THIRD_SINGULAR or subject.tag in ("NN", "NNP") and not any(
        c.dep == "conj" and c.head == subject.i for c in s)
    return "VBZ" if one else None  # "my twins stay with ...": a plural's present, which the model mistags seldom


def presents_read(s: Sentence) -> Sentence:
    """The sentence with each learner's bare present tagged as a present."""
    if not any(t.tag == "VB" for t in s):
        return s
    out = list(s)
    for t in s:
        if (tag := _present(s, t)) is not None:
            out[t.i] = t._replace(tag=tag)
    return tuple(out)


__all__ = ["presents_read"]
