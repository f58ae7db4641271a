"""A comment run on after a thing without a comma, which the parse reads as a relative clause (issue 35).

People say why they like or hate a thing in the same breath, with no comma: "I don't like the smoke it
makes me cough", "I hate the bus it's always late". The small parser hangs the second clause on the
noun as a relative clause with no relative word ("the smoke [that] it makes ..."), so the value ran on
into the comment ("smoke it makes me cough") and the card held words that are not the thing.

A true relative clause without a relative word leaves a gap where the noun would be: the object of its
verb ("the noise it makes", "the songs she sings", "the cake she made me") or the object of a preposition
("the town they live in", "the film it's based on"). A clause whose verb already has what the gap would
be, a complement that completes it ("makes me cough", "'s always late", "is so fluffy"), has no gap: it
is a clause of its own, a comment on the thing, and the value ends before it.

Pure: one parsed sentence and its children in, clause starts out, in the shape clause_bounds.py cuts on.
"""
from __future__ import annotations

from .parse import Sentence, Tok
from .tree import Kids, subtree

# What a relative word leads with; a clause that has one is a true relative clause ("the bus that is late").
_RELATIVE = frozenset("that which who whom whose where when why".split())
# A pronoun subject that points back at the thing or at someone already named: the comment's own subject.
_BACK = frozenset("it they he she".split())
# A complement that fills the slot a gap would leave: an adjective or noun after a copula ("'s always late").
_FILLED = frozenset("acomp attr".split())
# A verb that makes someone do or feel something ("makes me cough", "gives me a headache"): with its clause
# or its two objects said, it has no gap ("the book she said I should read" keeps one inside its clause).
_CAUSING = frozenset("make give".split())
# Verbs that take a person and what they are told ("I told my mum she was right"): their clause is the fact.
_TELLING = frozenset("tell show remind warn promise teach ask convince assure inform bet write text".split())
# How a value may write a contracted verb out ("it's" as "it is").
_SPELLED = {"'s": "is", "’s": "is", "'re": "are", "’re": "are"}


def _after_object(s: Sentence, kids: Kids, t: Tok) -> bool:
    """Whether t heads a clause the parse hangs on a verb as what is said, after that verb's object ("I love
    the beach it's so quiet", "he hates the soap it makes his eyes sting"): a verb that takes a thing takes no
    clause as well, unless it tells someone something ("I told my mum she was right")."""
    if t.dep != "ccomp" or t.pos not in ("VERB", "AUX") or t.i < t.head or s[t.head].lemma in _TELLING:
        return False
    thing = [c for c in kids.get(t.head, []) if c.dep == "dobj" and c.pos in ("NOUN", "PROPN") and c.i < t.i]
    return bool(thing) and _pronoun_first(kids, t)


def _pronoun_first(kids: Kids, t: Tok) -> bool:
    subject = next((c for c in kids.get(t.i, []) if c.dep in ("nsubj", "nsubjpass")), None)
    return subject is not None and subject.lower in _BACK and subject.i == min(subtree(kids, t.i))


def _comment_clause(s: Sentence, kids: Kids, t: Tok) -> bool:
    """Whether t heads a clause the parse calls relative though it has no gap: a comment run on."""
    if _after_object(s, kids, t):
        return True
    if t.dep != "relcl" or t.pos not in ("VERB", "AUX") or t.i < t.head:
        return False
    mine = kids.get(t.i, [])
    filled = any(c.dep in _FILLED for c in mine) or (t.lemma in _CAUSING and (
        any(c.dep == "ccomp" for c in mine) or sum(c.dep in ("dobj", "dative") for c in mine) > 1))
    return not any(c.lower in _RELATIVE for c in mine) and filled and _pronoun_first(kids, t)


def run_on_starts(s: Sentence, kids: Kids) -> list[tuple[str, str]]:
    """The first two words of each run-on comment that ends the sentence ("it", "makes"); with a contracted
    verb, also the word as a value writes it whole ("it's", "always") or spelt out ("it", "is"). A comment
    with more of the statement after it is left alone: the value is cut by ending it, and what follows (a
    time, a place) belongs to the fact."""
    out: list[tuple[str, str]] = []
    last = max((t.i for t in s if t.pos != "PUNCT"), default=-1)
    for t in s:
        span = subtree(kids, t.i)
        if not _comment_clause(s, kids, t) or max(span) < last or any(s[k].text == "," for k in span):
            continue  # an aside with more said after it ("ballet it's a dance, on Tuesdays"): the rest is the fact's
        first = min(subtree(kids, t.i))
        if first + 1 < len(s):
            out.append((s[first].lower, s[first + 1].lower))
        if first + 2 < len(s) and s[first + 1].text[:1] in ("'", "’"):
            out.append((s[first].lower + s[first + 1].lower, s[first + 2].lower))
            if s[first + 1].lemma == "be" and s[first + 1].lower in _SPELLED:
                out.append((s[first].lower, _SPELLED[s[first + 1].lower]))
    return out


__all__ = ["run_on_starts"]
