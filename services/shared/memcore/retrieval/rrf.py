"""Weighted reciprocal rank fusion (RRF) over ranked lists of memory ids.

Each retrieval signal (BM25, vector kNN, entity path, ...) hands over its candidates
best-first.  A candidate's fused score is the weighted sum over the signals that returned
it of ``weight / (k + rank)`` with 1-based ranks (Cormack et al., 2009).  A signal that did
not return a candidate contributes nothing for it, so fusing a short list with a long one
is safe.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

Id = TypeVar("Id", bound=Hashable)

DEFAULT_RRF_K = 60.0


@dataclass(frozen=True)
class FusedCandidate(Generic[Id]):
    """One fused candidate: its fused score and its 1-based rank in every signal that returned it."""

    id: Id
    score: float
    ranks: Mapping[str, int] = field(default_factory=dict)


def weighted_rrf(
    ranked_lists: Mapping[str, Sequence[Id]],
    weights: Mapping[str, float] | None = None,
    k: float = DEFAULT_RRF_K,
) -> dict[Id, FusedCandidate[Id]]:
    """Fuse ranked id lists with weighted RRF.

    ``ranked_lists`` maps a signal name to its ids, best first (duplicates after the first
    occurrence are ignored).  ``weights`` maps a signal name to its weight (default 1.0; a
    weight of 0 keeps the signal's ranks for explanation but adds no score).  Returns a
    mapping id -> FusedCandidate.
    """
    if k <= 0:
        raise ValueError("rrf k must be positive")
    weights = weights or {}
    scores: dict[Id, float] = {}
    ranks: dict[Id, dict[str, int]] = {}
    for signal, ids in ranked_lists.items():
        weight = float(weights.get(signal, 1.0))
        if weight < 0:
            raise ValueError(f"negative weight for signal {signal!r}")
        seen: set[Id] = set()
        for position, item in enumerate(ids, start=1):
            if item in seen:
                continue
            seen.add(item)
            scores[item] = scores.get(item, 0.0) + weight / (k + position)
            ranks.setdefault(item, {})[signal] = position
    return {item: FusedCandidate(item, scores[item], ranks[item]) for item in scores}


def fused_ranking(fused: Mapping[Id, FusedCandidate[Id]]) -> list[FusedCandidate[Id]]:
    """Fused candidates best first; ties broken by the best single-signal rank, then by id text."""
    return sorted(
        fused.values(),
        key=lambda c: (-c.score, min(c.ranks.values(), default=0), str(c.id)),
    )
