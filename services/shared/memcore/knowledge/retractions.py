"""What the owner takes back as a joke (issue 35, precision): "the dog ate my homework, just kidding", "I have ten
cats. jk, I have two", "we're moving to the moon, only joking". A note-taker writes no card of what the owner says
was not meant; what follows the retraction is said straight and stays.

The retraction ("just kidding", "only joking", "jk", "I'm joking"; not "no kidding", which insists) takes back the clause
it ends, or, standing at the head of a sentence, the sentence before it. A card whose value's words come from a
taken-back piece (two thirds of them at least, and no piece said straight holds more of them) is dropped. Pure: the
turn's text as typed and its cards in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact

_TAKEN_BACK = re.compile(r"(?i)(?<![\w'])(?:(?:just|only|i['’]m|i\s+am|am)\s+(?:kidding|joking)|jk|j/k)(?![\w'])[!.,]*")
_SENTENCES = re.compile(r"(?<=[.!?;])\s+|\n+")
_WORD = re.compile(r"[^\W_]+")
_SMALL = frozenset("a an the and or of to in on at for with by from is are was were be been he she it they his her my our "
                   "i me s t m ll re ve d".split())


def _content(text: str, owner: str = "") -> set[str]:
    return {w.lower() for w in _WORD.findall(text)} - _SMALL - {w.lower() for w in _WORD.findall(owner)}


def pieces(text: str) -> list[tuple[str, bool]]:
    """The turn's pieces in order, each with whether the owner took it back."""
    out: list[tuple[str, bool]] = []
    for sentence in (s for s in _SENTENCES.split(text) if s.strip()):
        m = _TAKEN_BACK.search(sentence)
        if m is None:
            out.append((sentence, False))
            continue
        before, after = sentence[:m.start()], sentence[m.end():]
        if _WORD.search(before):
            out.append((before, True))
        elif out:
            out[-1] = (out[-1][0], True)  # "I have ten cats. jk, ...": the sentence before
        if _WORD.search(after):
            out.append((after, False))
    return out


def without_retracted(cards: list[Fact], text: str, owner: str = "") -> list[Fact]:
    """The turn's cards without those drawn from what the owner took back."""
    said = pieces(text)
    back = [_content(p) for p, taken in said if taken]
    if not back:
        return cards
    straight = [_content(p) for p, taken in said if not taken]

    def taken_back(card: Fact) -> bool:
        words = _content(card.value, owner)  # ("ate Mateo's homework": the owner's name is no word said)
        if not words:
            return False
        most = max(len(words & s) for s in back)
        return most * 3 >= len(words) * 2 and most > max((len(words & s) for s in straight), default=0)

    return [c for c in cards if not taken_back(c)]


__all__ = ["pieces", "without_retracted"]
