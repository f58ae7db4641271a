"""What happens in a story, taken for a fact (issue 35, precision): "in the book, Harry lives under the stairs",
"In the show, Walter says he is the danger", "in the episode yesterday Bingo broke her arm" tell what a film, a
show, a book or a game says of its characters. A note-taker writes no card of a character's life.

A sentence opened by "in the" (or "in that", "in this") film, movie, show, series, episode, book, novel, story,
cartoon, anime, manga, comic or game frames what follows as fiction up to the sentence's end; a card whose value's
words come from such a sentence (two thirds of them at least) is dropped. A sentence that only mentions a story
stays ("I watch Bluey on Netflix every morning", "my favourite book is Matilda"), and so do the other sentences of
the turn. Pure: the turn's text as typed and its cards in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact

_FRAME = re.compile(r"^\W*in (?:the|that|this|my favourite) (?:new |last |first |latest |old )?(?:film|movie|show|series|"
                    r"episode|book|novel|story|cartoon|anime|manga|comic|game|sequel|season)s?\b", re.I)
_SENTENCES = re.compile(r"(?<=[.!?;])\s+|\n+")
_WORD = re.compile(r"[^\W_]+")
_SMALL = frozenset("a an the and or of to in on at for with by from is are was were be been he she it they his her".split())


def _content(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)} - _SMALL


def fiction_sentences(text: str) -> list[str]:
    """The sentences of the turn that a story frame opens."""
    return [s for s in _SENTENCES.split(text) if _FRAME.match(s)]


def without_fiction(cards: list[Fact], text: str) -> list[Fact]:
    """The turn's cards without those drawn from a sentence that tells what happens in a story."""
    framed = [_content(s) for s in fiction_sentences(text)]
    if not framed:
        return cards
    straight = [_content(s) for s in _SENTENCES.split(text) if not _FRAME.match(s)]

    def told_in_story(card: Fact) -> bool:
        words = _content(card.value)
        if not words:
            return False
        in_story = max(len(words & s) for s in framed)
        return in_story * 3 >= len(words) * 2 and in_story > max((len(words & s) for s in straight), default=0)

    return [c for c in cards if not told_in_story(c)]


__all__ = ["fiction_sentences", "without_fiction"]
