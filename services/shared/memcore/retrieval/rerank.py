"""Final ranking over fused candidates (pure).

score = fused * (1 + w_sal * salience + w_conf * (confidence - 0.5) + type_boost) + recency_boost
The recency boost only ever adds (seed 000, "Recency boost, not decay"): recent episodic items can
move up, but nothing old is pushed below where relevance alone put it. Per-type similarity
floors drop vector-only candidates that are too far from the query (seed 003).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Hashable, Sequence

FOUNDATIONAL = frozenset({"identity", "semantic", "process", "safety", "relationship", "preference", "skill"})
TYPE_BOOST = {"process": 0.15, "safety": 0.2, "identity": 0.12, "relationship": 0.12, "semantic": 0.08,
              "preference": 0.08, "skill": 0.05}
# Vector-only candidates below these cosine similarities are dropped.
SIMILARITY_FLOOR = {"episodic": 0.15, "document": 0.2, "summary": 0.2}
DEFAULT_FLOOR = 0.1


@dataclass(frozen=True)
class RerankInput:
    id: Hashable
    fused: float
    type: str
    salience: float
    confidence: float
    observed_at: datetime
    similarity: float | None = None
    pinned: bool = False
    lexical: bool = True  # matched by a lexical or entity signal, not only by vector


@dataclass(frozen=True)
class Scored:
    id: Hashable
    score: float


def recency_boost(observed_at: datetime, now: datetime, half_life_days: float = 30.0, weight: float = 0.1) -> float:
    """A bonus in [0, weight] that fades with age; never negative."""
    age_days = max(0.0, (now - observed_at).total_seconds() / 86400)
    return weight * math.exp(-age_days * math.log(2) / half_life_days)


def rerank(items: Sequence[RerankInput], now: datetime, w_salience: float = 0.3, w_confidence: float = 0.2,
           recency_weight: float = 0.1) -> list[Scored]:
    scored = []
    for it in items:
        if it.similarity is not None and not it.lexical:
            if it.similarity < SIMILARITY_FLOOR.get(it.type, DEFAULT_FLOOR):
                continue
        factor = 1 + w_salience * it.salience + w_confidence * (it.confidence - 0.5) + TYPE_BOOST.get(it.type, 0.0)
        if it.pinned:
            factor += 0.2
        boost = recency_boost(it.observed_at, now, weight=recency_weight * it.fused) if it.type not in FOUNDATIONAL else 0.0
        scored.append(Scored(it.id, it.fused * factor + boost))
    scored.sort(key=lambda s: -s.score)
    return scored
