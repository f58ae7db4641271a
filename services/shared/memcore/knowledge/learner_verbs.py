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
# bare verbs a learner says of one person that the model reads as a plural's present ("Kofi do the accounts")
_SAID_BARE = frozenset("do have go make run teach drive cook clean fix write sell buy manage look take bring".split())
_THIRD = {"do": "does", "have": "has", "go": "goes", "be": "is"}


def _named_before(s: Sentence, t: Tok) -> Tok | None:
    """A name said right before a bare verb that the model hung on it as a vocative or an adverb ("Ana do our
    photography": Ana told to do it), with no comma between: the verb's subject, as a learner says a present. Not
    where the verb's object is the hearer's ("Ana do your homework": a command)."""
    if t.i == 0 or s[t.i - 1].pos != "PROPN" or s[t.i - 1].dep not in ("npadvmod", "nsubj", "dep") or s[t.i - 1].head != t.i:
        return None
    if any(x.lower in ("your", "yourself", "please") for x in s[t.i:]) or s[-1].text in ("?", "!"):
        return None
    first = s[t.i - 1]
    return first if all(x.pos == "PROPN" and x.head in (first.i, x.i + 1) for x in s[:first.i]) else None


def _present(s: Sentence, t: Tok) -> str | None:
    """The present tag a bare verb stands for, or None when it is a base form indeed."""
    if t.tag == "VBP" and t.pos == "VERB" and (t.dep == "ROOT" or t.dep == "conj" and s[t.head].dep == "ROOT"):  # "Kofi do the accounts": a present the model read as
        subject = next((c for c in s if c.head == t.i and c.dep in _SUBJECTS and c.i < t.i), None)  # a plural's
        alone = subject is not None and subject.tag == "NNP" and not any(c.head == subject.i and c.dep == "conj" for c in s)
        return "VBZ" if alone and t.lower in _SAID_BARE else None
    if t.tag != "VB" or t.pos != "VERB" or t.dep not in ("ROOT", "conj") or t.dep == "conj" and s[t.head].dep != "ROOT":
        return None
    kids = [c for c in s if c.head == t.i and c.i != t.i]
    if (named := _named_before(s, t)) is not None and not any(c.dep in _SUBJECTS for c in kids):
        kids = [named._replace(dep="nsubj") if c.i == named.i else c for c in kids]
    if any(c.dep in ("aux", "auxpass", "mark") for c in kids):
        return None
    subject = next((c for c in kids if c.dep in _SUBJECTS), None)
    if subject is None or subject.lower in _OBJECT_CASE or subject.i > t.i or subject.pos not in ("PRON", "PROPN", "NOUN"):
        return None
    if any(x.pos == "PUNCT" for x in s[subject.i + 1:t.i]) and subject.i == 0:
        return None  # "Unwrap, strip the leaves": a list of commands the model joined
    many = any(c.dep == "conj" and c.head == subject.i for c in s)
    one = subject.lower in _THIRD_SINGULAR or subject.tag in ("NN", "NNP") and not many
    return "VBZ" if one else "VBP" if many else None  # "Bashir and Ana do our photography": a plural's present


def presents_read(s: Sentence) -> Sentence:
    """The sentence with each learner's bare present tagged as a present."""
    if not any(t.tag in ("VB", "VBP") for t in s):
        return s
    out = list(s)
    for t in s:
        if (tag := _present(s, t)) is not None:
            said = t.text if tag != "VBZ" else _THIRD.get(t.lower, t.text + "s" if t.lower[-1:] not in "sxzho" else t.text + "es")
            out[t.i] = t._replace(tag=tag, text=said, lower=said.lower())  # "Ana does our photography", as the card says it
            if (named := _named_before(s, t)) is not None and tag == "VBZ":
                out[named.i] = named._replace(dep="nsubj")
    return tuple(out)


__all__ = ["presents_read"]
