"""Word-level text matching: tokens with offsets, stems (memcore.stemming: Snowball English, as
Postgres stems), phrase search.

Used by do-not-learn topics, profanity phrases and restricted-memory leak detection.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memcore.stemming import stem

_WORD = re.compile(r"[A-Za-z0-9]+(?:'[A-Za-z]+)?")

STOPWORDS: frozenset[str] = frozenset(
    """a an the and or but if of to in on at by for with from as is are was were be been being
    am do does did have has had i me my mine we us our you your he him his she her it its they them
    their this that these those there here so not no yes very just about into over under up down out
    then than too can will would should could may might must shall what which who whom when where why
    how all any some each every also only own same such s t don""".split()
)


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    stem: str
    start: int
    end: int


def tokenize(text: str) -> list[Token]:
    return [Token(m.group(0), stem(m.group(0)), m.start(), m.end()) for m in _WORD.finditer(text)]


def phrase_stems(phrase: str) -> tuple[str, ...]:
    return tuple(t.stem for t in tokenize(phrase))


def find_phrase(tokens: list[Token], phrase: tuple[str, ...]) -> list[tuple[int, int]]:
    """Character spans where the stemmed phrase occurs as whole consecutive words."""
    n = len(phrase)
    if n == 0 or n > len(tokens):
        return []
    spans = []
    for i in range(len(tokens) - n + 1):
        if all(tokens[i + k].stem == phrase[k] for k in range(n)):
            spans.append((tokens[i].start, tokens[i + n - 1].end))
    return spans


def content_tokens(tokens: list[Token]) -> list[Token]:
    """Tokens that carry meaning: not stop words, not one-character."""
    return [t for t in tokens if t.stem not in STOPWORDS and len(t.stem) > 1]
