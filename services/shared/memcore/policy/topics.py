"""Do-not-learn topic matching: whole words, case-insensitive, plural/possessive-insensitive."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from memcore.policy.text_match import Token, find_phrase, phrase_stems, tokenize


@lru_cache(maxsize=1024)
def _topic_stems(topic: str) -> tuple[str, ...]:
    return phrase_stems(topic)


def matching_topic(tokens: list[Token], topics: Iterable[str]) -> str | None:
    """The first configured topic that occurs in the tokenized text, else None."""
    for topic in topics:
        stems = _topic_stems(topic.strip())
        if stems and find_phrase(tokens, stems):
            return topic.strip()
    return None


def text_matches_topic(text: str, topics: Iterable[str]) -> str | None:
    topics = [t for t in topics if t.strip()]
    if not topics:  # most households set none: no need to tokenize every text
        return None
    return matching_topic(tokenize(text), topics)
