"""What read-time entity resolution keeps between requests (memory_api.entity_resolver), one per
app on its resources (deps.Resources.resolver_cache) and gone with them: no module keeps it.

- the embeddings of profile facts, and of their words and a query's clue words each embedded alone
  (clue_meaning.says_in_other_words), by a digest of the embedder's model and the text (a text's
  vector never changes for one embedder; the text itself is not kept as a key, memcore.lru);
- the scoring index of a same-named group of candidates, keyed by each member's id and last
  update, so any change to a profile rebuilds it.
"""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING
from uuid import UUID

import numpy as np

from memcore.lru import Lru, digest

if TYPE_CHECKING:
    from memcore.entities.candidate_evidence import CandidateIndex

FACT_CACHE_SIZE = 50_000  # fact texts whose embeddings are kept in memory
INDEX_CACHE_SIZE = 64  # same-named candidate groups whose stacked fact vectors are kept

GroupKey = tuple[tuple[UUID, datetime], ...]  # each member's id and last update


class ResolverCache:
    def __init__(self, facts: int = FACT_CACHE_SIZE, indexes: int = INDEX_CACHE_SIZE) -> None:
        self.fact_vectors: Lru[bytes, np.ndarray] = Lru(facts)
        self.indexes: Lru[GroupKey, CandidateIndex] = Lru(indexes)

    @staticmethod
    def fact_key(model: str, text: str) -> bytes:
        return digest(model, text)
