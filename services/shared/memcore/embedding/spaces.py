"""Which embedding models write vectors into one space, so that their vectors compare.

The int8 model (`memcore.embedding.quantize`) is the float MiniLM network with int8 weights: over
400 LoCoMo questions its vectors sit at cosine 0.994 on average (0.988 at the least) to the float
model's, and on 1,000 generated utterances at 0.989 (docs/benchmarks.md, Embeddings). Searches and
near-duplicate lookups therefore compare the rows of both. Any other model compares with itself
only: its rows wait for `memctl reembed`.
"""
from __future__ import annotations

from memcore.embedding.model_files import INT8_MODEL_NAME, MODEL_NAME

SPACES: tuple[tuple[str, ...], ...] = ((MODEL_NAME, INT8_MODEL_NAME),)


def models_in_space(model: str) -> list[str]:
    """The models whose vectors compare with `model`'s (`model` first)."""
    for space in SPACES:
        if model in space:
            return [model, *(m for m in space if m != model)]
    return [model]
