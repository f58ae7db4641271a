"""What is only awaited, read as a fact (issue 35, precision): "when we win the cup we're going to have a huge party"
gave "Sefa wins the cup", and "after I pass my test I'm going to buy a car" "Sefa passes the test". A present
tense under "when", "once", "after", "before", "as soon as" or "until", beside a main clause about the future, says
something that has not happened and may never: a note-taker keeps no card of it (docs/formation-spec.md: the
owner's plans that may never happen are hypotheticals, small talk).

A card is dropped when every content word of its value comes from such a time clause. A time clause beside a habit
("when my sister visits we always go to the beach") or a past ("when I was five I broke my arm") is not awaited and
stays. Pure: the statement's parse tokens and the turn's cards in, cards out.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .models import Fact
from .parse import Sentence, Tok

_TIME_MARKS = frozenset("when once after before until till".split())
_PRESENT = frozenset(("VBP", "VBZ"))
_WILL = frozenset(("will", "'ll", "’ll", "wo", "shall"))
_CUE = re.compile(r"(?i)\b(?:when|once|after|before|until|till|as\s+soon\s+as)\b")
_FUTURE_CUE = re.compile(r"(?i)\b(?:will|going\s+to|gonna|shall)\b|['’]ll\b")
_WORD = re.compile(r"[^\W_]+")
_SMALL = frozenset("a an the and or of to in on at for with by from is are was were be been he she it they his her my our "
                   "i me we us you s t m ll re ve d".split())


def _future(s: Sentence, head: Tok) -> bool:
    """The main verb is said of the future: "will"/"'ll", or "going to" ("we're going to have a party")."""
    kids = [t for t in s if t.head == head.i and t.i != head.i]
    if any(k.tag == "MD" and k.lower in _WILL for k in kids):
        return True
    if head.lemma == "go" and head.tag == "VBG" and any(k.dep == "xcomp" for k in kids):
        return True
    parent = s[head.head] if head.head != head.i else None  # "going to have": "have" under "going"
    return parent is not None and parent.lemma == "go" and parent.tag == "VBG" and head.dep == "xcomp"


def _subtree(s: Sentence, top: Tok) -> list[Tok]:
    out, todo = [], [top]
    while todo:
        t = todo.pop()
        out.append(t)
        todo += [k for k in s if k.head == t.i and k.i != t.i]
    return out


def awaited_words(s: Sentence) -> set[str]:
    """The words of the sentence's awaited time clauses ("when we win the cup" beside "we're going to ...")."""
    out: set[str] = set()
    for t in s:
        if t.dep != "advcl" or t.tag not in _PRESENT or t.head == t.i:
            continue
        marks = {k.lower for k in s if k.head == t.i and k.dep in ("mark", "advmod")}
        soon = any(k.lower == "soon" for k in s if k.head == t.i)  # "as soon as I get back"
        if not (marks & _TIME_MARKS or soon) or not _future(s, s[t.head]):
            continue
        out |= {w.lower() for x in _subtree(s, t) for w in _WORD.findall(x.text)}
    out |= _run_together(s)
    return out - _SMALL


def _run_together(s: Sentence) -> set[str]:
    """Without a comma the parser may take the time clause for the main one ("when we win the cup we're going to
    have a party": "win" the root, "going" hung on "cup"): a sentence that opens on a time word, a present root and a
    future verb elsewhere awaits what comes before the future verb's own words."""
    words = [t for t in s if t.pos != "PUNCT"]
    root = next((t for t in s if t.head == t.i), None)
    if not words or words[0].lower not in _TIME_MARKS or root is None or root.tag not in _PRESENT:
        return set()
    later = [t for t in s if t.i != root.i and t.i > root.i and t.pos in ("VERB", "AUX") and _future(s, t)]
    if not later:
        return set()
    cut = min(x.i for x in _subtree(s, later[0]))
    return {w.lower() for x in s[:cut] for w in _WORD.findall(x.text)}


def without_awaited(cards: list[Fact], statements: Sequence[str], owner: str,
                    parse: Callable[[list[str]], list[Sentence] | None]) -> list[Fact]:
    """The turn's cards without those drawn only from an awaited time clause. `statements`: the turn's sentences
    as read; `parse`: the parser (None when it is not installed)."""
    cued = [x for x in statements if _CUE.search(x) and _FUTURE_CUE.search(x)]
    if not cued or not cards:
        return cards
    parsed = parse(cued)
    if not parsed:
        return cards
    awaited = set().union(*(awaited_words(s) for s in parsed))
    if not awaited:
        return cards
    mine = {w.lower() for w in _WORD.findall(owner)}

    def only_awaited(card: Fact) -> bool:
        words = {w.lower() for w in _WORD.findall(card.value)} - _SMALL - mine
        return bool(words) and words <= awaited

    return [c for c in cards if not only_awaited(c)]


__all__ = ["awaited_words", "without_awaited"]
