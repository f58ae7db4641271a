"""Restricted-memory leak detection in generated text.

A restricted memory leaks when its content words reappear in the output: either a run of three
consecutive content words (an n-gram match), or most of its content words (>= ``min_coverage``)
inside one window of the output. Words are normalised (case, plural, possessive) and stop words
are ignored, so rephrasing ("Peter's salary" / "salary of Peter") is still caught.
"""

from __future__ import annotations

from dataclasses import dataclass

from memcore.policy.text_match import Token, content_tokens, tokenize

NGRAM = 3


@dataclass(frozen=True, slots=True)
class Leak:
    memory_id: str
    start: int
    end: int
    coverage: float


def _ngram_span(memory_stems: list[str], out: list[Token], n: int) -> tuple[int, int] | None:
    grams = {tuple(memory_stems[i : i + n]) for i in range(len(memory_stems) - n + 1)}
    for i in range(len(out) - n + 1):
        if tuple(t.stem for t in out[i : i + n]) in grams:
            return out[i].start, out[i + n - 1].end
    return None


def _best_window(memory_stems: set[str], out: list[Token], width: int) -> tuple[float, int, int]:
    """Highest share of memory words found within ``width`` consecutive output content words."""
    best = (0.0, 0, 0)
    hits = [i for i, t in enumerate(out) if t.stem in memory_stems]
    for a_idx, a in enumerate(hits):
        found: set[str] = set()
        last = a
        for b in hits[a_idx:]:
            if b - a >= width:
                break
            found.add(out[b].stem)
            last = b
        coverage = len(found) / len(memory_stems)
        if coverage > best[0]:
            best = (coverage, out[a].start, out[last].end)
    return best


def find_leak(memory_id: str, memory_text: str, output_text: str, min_coverage: float = 0.6) -> Leak | None:
    memory = content_tokens(tokenize(memory_text))
    out = content_tokens(tokenize(output_text))
    if not memory or not out:
        return None
    memory_stems = [t.stem for t in memory]
    if len(memory_stems) >= NGRAM:
        span = _ngram_span(memory_stems, out, NGRAM)
        if span:
            return Leak(memory_id, span[0], span[1], 1.0)
    distinct = set(memory_stems)
    needed = max(2, min_coverage * len(distinct)) if len(distinct) >= 2 else 1
    coverage, start, end = _best_window(distinct, out, width=2 * len(distinct) + 4)
    if coverage * len(distinct) >= needed - 1e-9:
        return Leak(memory_id, start, end, round(coverage, 3))
    return None
