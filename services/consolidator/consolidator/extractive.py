"""Extractive (deterministic) summaries: pick the most central sentences, keep their order."""
from __future__ import annotations

import math
import re
from collections import Counter
from datetime import datetime
from typing import Sequence

from memcore.textnorm import normalise

from .phrasing import STOPWORDS

_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()]


def _terms(s: str) -> list[str]:
    return [w for w in normalise(s).split() if w not in STOPWORDS and len(w) > 1]


def extractive_summary(texts: Sequence[str], max_sentences: int = 6, max_chars: int = 700) -> str:
    """Sentences scored by how many of the other texts share their words (centrality), the best
    ones kept in their original order; exact repeats once."""
    cands: list[tuple[int, str]] = []
    seen: set[str] = set()
    for t in texts:
        for s in sentences(t):
            key = normalise(s)
            if key and key not in seen:
                seen.add(key)
                cands.append((len(cands), s))
    if not cands:
        return ""
    df = Counter(w for _, s in cands for w in set(_terms(s)))
    n = len(cands)

    def score(s: str) -> float:
        terms = set(_terms(s))
        if not terms:
            return 0.0
        return sum(math.log(1 + df[w]) for w in terms) / math.sqrt(len(terms)) + (0.01 if n == 1 else 0.0)

    ranked = sorted(cands, key=lambda c: (-score(c[1]), c[0]))
    chosen: list[tuple[int, str]] = []
    used = 0
    for pos, s in ranked:
        if len(chosen) >= max_sentences:
            break
        if used + len(s) + 1 > max_chars and chosen:
            continue
        chosen.append((pos, s[:max_chars]))
        used += len(s) + 1
    return " ".join(s for _, s in sorted(chosen))


def month_of(at: datetime) -> str:
    return f"{at.year:04d}-{at.month:02d}"


def monthly_summary_text(month: str, texts: Sequence[str], max_sentences: int = 8) -> str:
    body = extractive_summary(texts, max_sentences=max_sentences, max_chars=900)
    return f"Summary of {month} ({len(texts)} episodes): {body}"


def session_summary_text(session_id: str, texts: Sequence[str]) -> str:
    return f"Session {session_id} so far: {extractive_summary(texts, max_sentences=5, max_chars=600)}"
