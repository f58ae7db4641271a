"""What "it" or "them" in a ban (must_avoid) means, when the turn named the thing before (issue 35: a card must
say what it is about): "Grandpa has a chainsaw in the shed. I'm not allowed to touch it." is a ban on touching the chainsaw;
"we got a trampoline, but I'm not allowed on it without Mum" a ban on the trampoline. The thing is the last
one a clause was about before the pronoun (an object, an attribute or a subject: "a pond at the bottom of the
garden" is the pond, not the garden), singular for "it", plural for "them"; a person or a time is no such
thing. Pure: the turn's parses in, the card out."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ..calendar_words import SEASONS
from .models import Fact
from .parse import Sentence
from .vocabulary import PEOPLE, RELATIONS

_POINTER = re.compile(r"\b(it|them)\b", re.I)
_ABOUT = frozenset("dobj attr nsubj nsubjpass".split())
_TIMES = frozenset("""day days week weeks month months year years time today tonight morning evening night
    weekend christmas easter birthday""".split()) | frozenset(SEASONS)


def _thing_before(turn: Sequence[Sentence], pronoun: str) -> str | None:
    last = None
    for s in turn:
        at = next((t.i for t in s if t.lower == pronoun and t.dep in ("dobj", "pobj")), None)
        for t in s[:at if at is not None else len(s)]:
            if t.pos == "NOUN" and t.dep in _ABOUT and t.lower not in _TIMES | RELATIONS | PEOPLE \
                    and (t.tag == "NNS") == (pronoun == "them"):
                words = [k.text for k in s[:t.i] if k.head == t.i and k.dep in ("compound", "amod") and k.tag != "JJS"]
                last = " ".join(["the", *words, t.text])
        if at is not None:
            return last
    return None


def with_its_thing(f: Fact, turn: Sequence[Sentence]) -> Fact:
    """A ban whose value points at "it"/"them", said as the thing the turn named before; else the card as it is."""
    m = _POINTER.search(f.value)
    if f.predicate != "must_avoid" or m is None or not turn:
        return f
    thing = _thing_before(turn, m.group(1).lower())
    if thing is None:
        return f
    value = f.value[:m.start()] + thing + f.value[m.end():]
    n = _POINTER.search(f.text)
    text = f.text[:n.start()] + thing + f.text[n.end():] if n and f.text[n.start():].lower().startswith(m.group(1).lower()) \
        and f.text.endswith(f.value[m.end():]) else f.text
    return replace(f, value=value, text=text)


__all__ = ["with_its_thing"]
