"""A liking said before a gerund, read as the verb it is (issue 35): "my kids love fishing", "my sons hate
surfing". The small model sometimes takes the liking verb for an auxiliary of the gerund ("love" as "are" in
"my kids are fishing"): the gerund becomes the root, with the subject its own, and the readers see someone
fishing now, not a liking. A liking verb (verb_classes.LIKE, DISLIKE) tagged AUX before the gerund it hangs
on is set back as the clause's verb: its place in the tree is the gerund's, the gerund its complement
(xcomp, as the model parses "my girls love baking"), and what stood before it or joins the clause (subject,
adverbs, punctuation, a conjoined clause) is the liking's. Pure: token tuples in, token tuples out."""
from __future__ import annotations

from typing import Any

from .verb_classes import DISLIKE, LIKE

# parse.py reads its sentences through likings_read, so its token types are not imported here (no import
# cycle): a token is parse.Tok (a NamedTuple with i, lemma, pos, tag, dep, head, ...), a sentence a tuple of them
Tok = Any
Sentence = tuple[Any, ...]

_LIKING = LIKE | DISLIKE
_WITH_THE_CLAUSE = ("punct", "cc", "conj")


def _misread(s: Sentence, t: Tok) -> bool:
    head = s[t.head]
    return t.pos == "AUX" and t.dep == "aux" and t.lemma in _LIKING and head.tag == "VBG" and head.i == t.i + 1


def likings_read(s: Sentence) -> Sentence:
    """The sentence with each liking verb the model took for an auxiliary set back as the clause's verb."""
    if not any(t.pos == "AUX" and t.lemma in _LIKING for t in s):
        return s
    out = list(s)
    for t in s:
        if not _misread(s, t):
            continue
        g = s[t.head]
        out[t.i] = out[t.i]._replace(pos="VERB", dep=g.dep, head=t.i if g.dep == "ROOT" else g.head)
        out[g.i] = out[g.i]._replace(dep="xcomp", head=t.i)
        for k in s:
            if k.head == g.i and k.i not in (t.i, g.i) and (k.i < t.i or k.dep in _WITH_THE_CLAUSE):
                out[k.i] = out[k.i]._replace(head=t.i)
    return tuple(out)


__all__ = ["likings_read"]
