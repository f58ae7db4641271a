"""Split long documents into overlapping chunks measured in model tokens (seed 004).

Chunks hold 300-800 tokens (target 500) and overlap by ~12%. Boundaries prefer paragraph, then
sentence ends; a single sentence longer than the maximum is cut at word boundaries.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n{2,}")


@dataclass(frozen=True)
class Chunk:
    index: int
    text: str
    tokens: int


def _pieces(text: str, count: Callable[[str], int], max_tokens: int) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for sent in (s.strip() for s in _SENTENCE.split(text)):
        if not sent:
            continue
        n = count(sent)
        if n <= max_tokens:
            out.append((sent, n))
            continue
        words, buf = sent.split(), []
        for w in words:
            buf.append(w)
            if count(" ".join(buf)) >= max_tokens:
                piece = " ".join(buf[:-1]) or w
                out.append((piece, count(piece)))
                buf = [] if piece == w else [w]
        if buf:
            piece = " ".join(buf)
            out.append((piece, count(piece)))
    return out


def chunk_text(
    text: str,
    count_tokens: Callable[[str], int],
    target: int = 500,
    max_tokens: int = 800,
    min_tokens: int = 300,
    overlap: float = 0.12,
) -> list[Chunk]:
    if not 0 <= overlap < 0.5:
        raise ValueError("overlap must be in [0, 0.5)")
    pieces = _pieces(text, count_tokens, max_tokens)
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
