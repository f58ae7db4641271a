"""Near-duplicate decisions on the write path, and when a vector of the index model's int8 sibling
is too close to the line to decide with.

A new memory whose closest stored memory (same owner and type) sits at cosine >= NEAR_DUPLICATE_COSINE
is stored with `duplicate_of` pointing at it. Batch writes may embed with the int8 weights
(MEMORY_BATCH_EMBEDDER), whose vectors share the float model's space but are not equal to them (and
depend a little on the batch: activations are quantized per batch). Replaying writes in order
(`tools/research/near_duplicate_int8.py`), the closest stored memory's cosine moved by up to 0.078 (p99
0.032-0.042), and plain int8 vectors flipped 4 of 14 decisions over the 8,752 distinct LoCoMo dev turns and
generated utterances, and 5 of 12 over the 3,538 distinct turns of the two conversational benchmarks.
So a decision within RECHECK_MARGIN of the line taken with an int8 vector on either side is taken
again with the index model's vectors on both sides, over the RECHECK_NEIGHBOURS closest memories.
With that, every decision and every `duplicate_of` matched the float model's on both sets (the
margin was chosen on the first), and 1.5-1.8% of the writes were rechecked.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

import numpy as np

NEAR_DUPLICATE_COSINE = 0.93
RECHECK_MARGIN = 0.08
RECHECK_NEIGHBOURS = 4


def is_near_duplicate(sim: float) -> bool:
    return sim >= NEAR_DUPLICATE_COSINE


def needs_recheck(sim: float, models: Iterable[str], index_model: str) -> bool:
    """A decision near the line, taken with a vector that is not the index model's."""
    return abs(sim - NEAR_DUPLICATE_COSINE) < RECHECK_MARGIN and any(m != index_model for m in models)


Id = TypeVar("Id", bound=Hashable)


def closest(vector: np.ndarray, candidates: Sequence[tuple[Id, np.ndarray]]) -> tuple[Id, float] | None:
    """The candidate with the highest cosine to `vector` (all vectors unit length), with that cosine."""
    if not candidates:
        return None
    sims = np.stack([v for _, v in candidates]) @ np.asarray(vector, dtype=np.float32)
    best = int(np.argmax(sims))
    return candidates[best][0], float(sims[best])
