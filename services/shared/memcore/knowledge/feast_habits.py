"""A doing said with a feast in the plain present is a yearly habit (issue 35): "we visit grandma at Diwali", "We see
my uncle Ibrahim every Eid", "we go to my aunt's at Christmas", "my dad cooks for the whole street at Easter".

The plain present with a feast says what is done each time the feast comes round, as "every Sunday" does for a
week: a routine card of whoever does it. Before, the readers took the feast after "at" for a workplace and wrote
an identity card ("Sam visits grandma"), or nothing. A feast said with a plan or a past ("we're going to my
aunt's for Christmas", "we visited grandma at Diwali", "I'll cook at Easter") is one occasion and stays the event
readers'; a feast said as what is liked ("I love Christmas") is no time at all.

Pure: token tuples in, a decision out.
"""
from __future__ import annotations

from ..calendar_words import FESTIVALS
from .parse import Sentence, Tok
from .tree import Kids

_TIME_PREPS = frozenset("at for during over on".split())
_ONE_WORD = frozenset(f for f in FESTIVALS if " " not in f)


def _a_feast(s: Sentence, t: Tok) -> bool:
    if t.lower in _ONE_WORD:
        return True
    return any(f"{s[i].lower} {t.lower}" in FESTIVALS for i in range(max(0, t.i - 2), t.i))  # ("Chinese New Year")


def at_a_feast(s: Sentence, kids: Kids, p: Tok, idx: set[int], aux: set[str]) -> bool:
    """Whether the clause of `p` (its tokens `idx`) is a plain present doing said at a feast."""
    if aux or p.tag not in ("VBP", "VBZ") or p.lemma == "be":
        return False
    for i in idx:
        t = s[i]
        if t.dep == "pobj" and s[t.head].lower in _TIME_PREPS and _a_feast(s, t):
            return True
        if t.dep in ("npadvmod", "nmod", "dobj") and _a_feast(s, t) and any(
                c.lower in ("every", "each") for c in kids.get(t.i, [])):
            return True  # "every Eid"
    return False


__all__ = ["at_a_feast"]
