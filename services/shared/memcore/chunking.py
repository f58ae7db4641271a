"""Split long documents into overlapping chunks measured in model tokens (seed 004).

Chunks hold 300-800 tokens (target 500) and overlap by ~12%. Boundaries prefer paragraph, then
sentence ends; a single sentence longer than the maximum is cut at word boundaries.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Callable, Sequence

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n{2,}")


@dataclass(frozen=True)
class Chunk:
    index: int
    text: str
    tokens: int


TokenEnds = Callable[[str], Sequence[int]]


# The most characters given to the tokenizer in one call. One call holds the interpreter for its
# whole length (a 2,000,000-character sentence: about a second in which no other thread, the event
# loop included, runs), so a longer sentence is not counted whole: it goes to the word cut, which
# tokenises it in windows of whole words (and gives one piece when it fits after all).
WINDOW_CHARS = 8192


def _pieces(text: str, count: Callable[[str], int], max_tokens: int,
            token_ends: TokenEnds | None = None) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for sent in (s.strip() for s in _SENTENCE.split(text)):
        if not sent:
            continue
        n = count(sent) if len(sent) <= WINDOW_CHARS else max_tokens + 1
        if n <= max_tokens:
            out.append((sent, n))
            continue
        out += _cut_at_words(sent, count, max_tokens, token_ends)
    return out


def _cut_at_words(sent: str, count: Callable[[str], int], max_tokens: int,
                  token_ends: TokenEnds | None) -> list[tuple[str, int]]:
    """A sentence cut at word boundaries into pieces under max_tokens (a single longer word alone).
    The sentence is tokenised once, in windows of whole words of at most WINDOW_CHARS characters,
    and cut by the tokens' character offsets (a token never spans whitespace); without offsets,
    each word is counted once. Either way each character is tokenised about once: re-tokenising the
    growing piece after every word tokenised it hundreds of times (an unpunctuated 2,000,000-character
    document: 300,000 tokeniser calls over 620 million characters)."""
    words = [(m.start(), m.end()) for m in re.finditer(r"\S+", sent)]
    sizes = _word_sizes(sent, words, token_ends) if token_ends is not None else [count(sent[s:e]) for s, e in words]
    out: list[tuple[str, int]] = []
    first, total = 0, 0
    for i, size in enumerate(sizes):
        if total + size >= max_tokens and i > first:  # the word would fill the piece: it starts the next
            out.append((" ".join(sent[s:e] for s, e in words[first:i]), total))
            first, total = i, 0
        total += size
        if total >= max_tokens:  # a single word of max_tokens or more is a piece of its own
            out.append((sent[words[i][0]:words[i][1]], total))
            first, total = i + 1, 0
    if first < len(words):
        out.append((" ".join(sent[s:e] for s, e in words[first:]), total))
    if token_ends is None:  # counts of words apart may differ a little from the piece's (BPE): count it once
        out = [(piece, count(piece)) for piece, _ in out]
    return out


def _word_sizes(sent: str, words: list[tuple[int, int]], token_ends: TokenEnds) -> list[int]:
    """Tokens per word, from the offsets of one tokenisation per window of words."""
    sizes: list[int] = []
    first = 0
    while first < len(words):
        last = first + 1
        while last < len(words) and words[last][1] - words[first][0] <= WINDOW_CHARS:
            last += 1
        start = words[first][0]
        ends = token_ends(sent[start:words[last - 1][1]])

        def tokens_before(pos: int) -> int:  # tokens of the window ending at or before character `pos`
            return bisect.bisect_right(ends, pos - start)  # noqa: B023 (called only within this iteration)

        sizes += [tokens_before(e) - tokens_before(s) for s, e in words[first:last]]
        first = last
    return sizes


def chunk_text(
    text: str,
    count_tokens: Callable[[str], int],
    target: int = 500,
    max_tokens: int = 800,
    min_tokens: int = 300,
    overlap: float = 0.12,
    token_ends: TokenEnds | None = None,
) -> list[Chunk]:
    """`token_ends(text)`: the character offset where each token of `text` ends (the tokenizer's
    offsets), to cut over-long sentences with one tokenisation each."""
    if not 0 <= overlap < 0.5:
        raise ValueError("overlap must be in [0, 0.5)")
    pieces = _pieces(text, count_tokens, max_tokens, token_ends)
    chunks: list[Chunk] = []
    start = 0
    while start < len(pieces):
        total, end = 0, start
        while end < len(pieces) and (total < target or end == start):
            if total + pieces[end][1] > max_tokens and end > start:
                break
            total += pieces[end][1]
            end += 1
        # A short tail joins the previous chunk when it fits.
        if end >= len(pieces) and chunks and total < min_tokens:
            prev = chunks[-1]
            merged = prev.text + " " + " ".join(p for p, _ in pieces[start:end] if p not in prev.text)
            if count_tokens(merged) <= max_tokens:
                chunks[-1] = Chunk(prev.index, merged, count_tokens(merged))
                break
        body = " ".join(p for p, _ in pieces[start:end])
        chunks.append(Chunk(len(chunks), body, count_tokens(body)))
        if end >= len(pieces):
            break
        # Step back over trailing pieces worth ~overlap of the chunk.
        back, back_tokens = end, 0
        while back - 1 > start and back_tokens + pieces[back - 1][1] <= overlap * total:
            back -= 1
            back_tokens += pieces[back][1]
        start = back if back < end else end
    return chunks


def chunk_with(text: str, embedder, **options) -> list[Chunk]:
    """chunk_text with an embedder's tokenizer: its offsets where it has them, and counts that do not
    go through its cache of remembered counts (a document's sentences are seen once; they would push
    out the memories contextify counts on every turn)."""
    return chunk_text(text, getattr(embedder, "count_tokens_once", embedder.count_tokens),
                      token_ends=getattr(embedder, "token_ends", None), **options)
