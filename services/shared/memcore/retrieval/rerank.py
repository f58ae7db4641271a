"""Final ranking: fused relevance adjusted by salience, confidence, memory type and recency.

Rules (mission decision 3):

* Relevance dominates: salience and confidence can scale it down by at most their weight
  (``factor = 1 - w + w * value``), so a highly relevant memory never drops out of reach.
* Recency only *boosts*: ``1 + recency_weight * freshness`` with ``freshness`` in [0, 1]
  (``2 ** (-age / half_life)``).  Foundational types (identity, semantic, process, safety,
  relationship, preference) are timeless -- their freshness is always 1 -- so recency can
  reorder episodic memories among themselves but never pushes foundational knowledge down.
  The boost multiplies relevance, so an irrelevant but recent memory gains nothing.
* Per-type similarity floors decide eligibility: a candidate whose query-vector similarity is
  below its type's floor is dropped, unless it also matched lexically (an exact-term hit is
  evidence of relevance that the embedding may miss).  Floors never use salience or age.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from types import MappingProxyType

from ..memory_types import FOUNDATIONAL_TYPES  # noqa: E402  (one definition for every service)

_DEFAULT_TYPE_WEIGHTS = MappingProxyType(
    {"safety": 1.2, "identity": 1.1, "process": 1.1, "semantic": 1.05,
     "relationship": 1.05, "preference": 1.05, "routine": 1.05, "skill": 1.05, "episodic": 1.0}
)
_DEFAULT_FLOORS = MappingProxyType(
    {"episodic": 0.15, "semantic": 0.1, "preference": 0.1, "relationship": 0.1,
     "process": 0.1, "identity": 0.05, "routine": 0.1, "skill": 0.1, "safety": -1.0}
)


@dataclass(frozen=True)
class RerankCandidate:
    """A fused candidate with the attributes the final ranking uses."""

    id: Hashable
    relevance: float  # fused relevance, >= 0 (convex fusion gives [0, 1])
    memory_type: str = "episodic"
    similarity: float | None = None  # cosine(query, memory); None = not computed
    lexical_match: bool = False  # matched at least one query term in the lexical index
    salience: float = 0.5  # [0, 1]
    confidence: float = 1.0  # [0, 1]
    age: timedelta | None = None  # time since the memory was last observed


@dataclass(frozen=True)
class RerankWeights:
    """Tunable weights of the final ranking (defaults are starting points, see module doc)."""

    salience: float = 0.2
    confidence: float = 0.2
    recency: float = 0.15
    recency_half_life: timedelta = timedelta(days=30)
    type_weights: Mapping[str, float] = field(default_factory=lambda: _DEFAULT_TYPE_WEIGHTS)
    similarity_floors: Mapping[str, float] = field(default_factory=lambda: _DEFAULT_FLOORS)
    default_type_weight: float = 1.0
    default_floor: float = 0.0


@dataclass(frozen=True)
class RankedMemory:
    """A memory in final order, with the factors that produced its score."""

    id: Hashable
    score: float
    factors: Mapping[str, float]


def _unit(value: float, name: str) -> float:
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must be in [0, 1], got {value}")
    return value


def freshness(memory_type: str, age: timedelta | None, half_life: timedelta) -> float:
    """1.0 for foundational types or unknown age; else ``2 ** (-age / half_life)`` in (0, 1]."""
    if memory_type in FOUNDATIONAL_TYPES or age is None:
        return 1.0
    if half_life <= timedelta(0):
        raise ValueError("half_life must be positive")
    return 0.5 ** (max(age, timedelta(0)) / half_life)


def is_eligible(candidate: RerankCandidate, weights: RerankWeights = RerankWeights()) -> bool:
    """Whether the candidate passes its type's similarity floor (or matched lexically)."""
    if candidate.lexical_match or candidate.similarity is None:
        return True
    floor = weights.similarity_floors.get(candidate.memory_type, weights.default_floor)
    return candidate.similarity >= floor


def final_score(candidate: RerankCandidate, weights: RerankWeights = RerankWeights()) -> RankedMemory:
    """Score one candidate: relevance x type x salience x confidence x (1 + recency boost)."""
    if candidate.relevance < 0:
        raise ValueError("relevance must be >= 0")
    sal_w, conf_w, rec_w = (_unit(weights.salience, "salience weight"),
                            _unit(weights.confidence, "confidence weight"), weights.recency)
    if rec_w < 0:
        raise ValueError("recency weight must be >= 0")
    type_factor = weights.type_weights.get(candidate.memory_type, weights.default_type_weight)
    salience_factor = 1.0 - sal_w + sal_w * _unit(candidate.salience, "salience")
    confidence_factor = 1.0 - conf_w + conf_w * _unit(candidate.confidence, "confidence")
    recency_factor = 1.0 + rec_w * freshness(candidate.memory_type, candidate.age, weights.recency_half_life)
    score = candidate.relevance * type_factor * salience_factor * confidence_factor * recency_factor
    return RankedMemory(candidate.id, score, {
        "relevance": candidate.relevance, "type": type_factor, "salience": salience_factor,
        "confidence": confidence_factor, "recency": recency_factor,
    })


def rerank(
    candidates: Iterable[RerankCandidate], weights: RerankWeights = RerankWeights(), limit: int | None = None
) -> list[RankedMemory]:
    """Eligible candidates best first (ties: higher relevance, then id text), at most ``limit``."""
    scored = [(final_score(c, weights), c) for c in candidates if is_eligible(c, weights)]
    scored.sort(key=lambda p: (-p[0].score, -p[1].relevance, str(p[1].id)))
    ranked = [r for r, _ in scored]
    return ranked if limit is None else ranked[:limit]
