"""Score-based fusion: a weighted convex combination of min-max normalised signal scores.

On LoCoMo this beat RRF (see docs/retrieval-research.md): RRF throws away how far ahead the
best lexical match is, while a normalised score keeps it.  Each signal's scores are
normalised over the candidates it returned (best -> 1, worst -> 0).  A candidate that a signal
did not return gets 0 from it unless the caller scored it exactly (e.g. the cosine of a BM25
candidate, which is cheap to compute for the fused candidate set).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypeVar

Id = TypeVar("Id", bound=Hashable)


def min_max_normalise(scores: Mapping[Id, float]) -> dict[Id, float]:
    """Scale scores to [0, 1] (max -> 1, min -> 0); all-equal scores map to 1 if positive else 0."""
    if not scores:
        return {}
    lo, hi = min(scores.values()), max(scores.values())
    if hi == lo:
        return {item: (1.0 if hi > 0 else 0.0) for item in scores}
    span = hi - lo
    return {item: (value - lo) / span for item, value in scores.items()}


def convex_fusion(
    signal_scores: Mapping[str, Mapping[Id, float]],
    weights: Mapping[str, float] | None = None,
) -> dict[Id, float]:
    """Fuse raw per-signal scores: ``sum_s w_s * norm_s(id) / sum_s w_s`` over all candidates.

    ``signal_scores`` maps a signal name to {id: raw score, higher is better} for the
    candidates that signal scored.  ``weights`` default to 1.0 each.  Result is in [0, 1].
    """
    weights = weights or {}
    total = sum(float(weights.get(signal, 1.0)) for signal in signal_scores)
    if total <= 0:
        raise ValueError("signal weights must sum to a positive number")
    fused: dict[Id, float] = {}
    for signal, scores in signal_scores.items():
        weight = float(weights.get(signal, 1.0))
        if weight < 0:
            raise ValueError(f"negative weight for signal {signal!r}")
        for item in scores:
            fused.setdefault(item, 0.0)
        for item, value in min_max_normalise(scores).items():
            fused[item] += weight * value / total
    return fused
