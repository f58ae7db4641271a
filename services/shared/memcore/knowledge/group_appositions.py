"""A name set off after the last of two joined nouns, read as that noun's (issue 35): "with her husband and the two
boys, Pablo and Iker", "my wife and my son, Dawit". The small model often hangs the name on the first noun of the
pair (Pablo as the husband's apposition), and the tie readers then write "Pablo is her husband". What stands just
before the comma is what the name names: a name in apposition (appos) whose head has a joined noun (conj) right
before the comma is set back as that noun's. Nothing else moves. Pure: token tuples in, token tuples out."""
from __future__ import annotations

from typing import Any

# parse.py reads its sentences through appositions_read, so its token types are not imported here (no import
# cycle): a token is parse.Tok (a NamedTuple with i, pos, dep, head, ...), a sentence a tuple of them
Tok = Any
Sentence = tuple[Any, ...]


def _nearest(s: Sentence, name: Tok) -> Tok | None:
    """The noun joined to the name's head that stands right before the name, with only punctuation between."""
    head = s[name.head]
    if name.dep != "appos" or name.pos != "PROPN" or head.pos != "NOUN" or head.i >= name.i:
        return None
    before = name.i - 1
    while before > head.i and s[before].pos == "PUNCT":
        before -= 1
    joined = s[before]
    if before == name.i - 1 or joined.i == head.i or joined.dep != "conj" or joined.pos != "NOUN":
        return None  # no comma between, or the name follows its own head
    return joined if s[joined.head].i == head.i else None


def appositions_read(s: Sentence) -> Sentence:
    """The sentence with each name set off after a joined noun hung on that noun."""
    if not any(t.dep == "appos" for t in s):
        return s
    out = list(s)
    for t in s:
        if (joined := _nearest(s, t)) is not None:
            out[t.i] = t._replace(head=joined.i)
    return tuple(out)


__all__ = ["appositions_read"]
