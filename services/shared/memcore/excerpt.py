"""The part of a long memory that answers a question (pure).

A context line has a token limit. Cutting a long memory (a document chunk, a summary) at its first
N tokens loses an answer that sits in a later sentence, so the line is made instead of the
sentences that share the most content words with the question, kept in their original order and
joined by " … ". A sentence matching nothing is chosen only to fill room left over, in reading
order, so a memory with no match still reads as its beginning.
"""
from __future__ import annotations

from typing import Callable

from .extraction.statements import split_sentences
from .retrieval.query_terms import content_words
from .stemming import stem

GAP = " … "


def sentences(text: str) -> list[str]:
    """The sentences (and lines) of a text, whitespace collapsed."""
    return [" ".join(text[a:b].split()) for a, b in split_sentences(text) if text[a:b].strip()]


def overlap(question_stems: set[str], sentence: str) -> int:
    return len(question_stems & {stem(w) for w in content_words(sentence, drop_question_words=False)})


def best_excerpt(text: str, limit: int, *, question: str, count_tokens: Callable[[str], int],
                 truncate: Callable[[str, int], str]) -> str:
    """At most `limit` tokens of `text`: its best-matching sentences for `question`, in order."""
    parts = sentences(text)
    stems = {stem(w) for w in content_words(question)}
    if len(parts) < 2 or not stems:
        return truncate(text, limit).rstrip() + "…"
    scores = [overlap(stems, s) for s in parts]
    if not any(scores):
        return truncate(text, limit).rstrip() + "…"
    order = sorted(range(len(parts)), key=lambda i: (-scores[i], i))
    chosen: list[int] = []
    for i in order:
        trial = _join(parts, sorted(chosen + [i]))
        if count_tokens(trial) <= limit:
            chosen.append(i)
        elif not chosen:  # even the best sentence alone is too long: cut it
            return truncate(parts[i], limit - 1).rstrip() + "…"
    return _join(parts, sorted(chosen))


def _join(parts: list[str], picked: list[int]) -> str:
    out = ""
    for n, i in enumerate(picked):
        if n == 0:
            out = ("… " if i > 0 else "") + parts[i]
        else:
            out += (" " if i == picked[n - 1] + 1 else GAP) + parts[i]
    if picked and picked[-1] < len(parts) - 1:
        out += " …"
    return out
