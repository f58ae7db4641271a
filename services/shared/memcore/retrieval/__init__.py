"""Pure ranking functions of the read path (no I/O): document text, query terms, fusion,
neighbour smoothing and the final rerank.  Measured on LoCoMo in docs/retrieval-research.md.
"""

from memcore.retrieval.document_text import (
    DocumentOptions,
    IndexedDocument,
    PriorTurn,
    TurnContext,
    build_document,
)
from memcore.retrieval.neighbours import positions_from_timestamps, smooth_with_neighbours
from memcore.retrieval.query_terms import content_words, find_named_speakers, speaker_boost
from memcore.retrieval.rerank import FOUNDATIONAL_TYPES, RerankCandidate, RerankWeights, rerank
from memcore.retrieval.rrf import FusedCandidate, fused_ranking, weighted_rrf
from memcore.retrieval.score_fusion import convex_fusion, min_max_normalise

__all__ = [
    "DocumentOptions", "IndexedDocument", "PriorTurn", "TurnContext", "build_document",
    "positions_from_timestamps", "smooth_with_neighbours",
    "content_words", "find_named_speakers", "speaker_boost",
    "FOUNDATIONAL_TYPES", "RerankCandidate", "RerankWeights", "rerank",
    "FusedCandidate", "fused_ranking", "weighted_rrf",
    "convex_fusion", "min_max_normalise",
]
