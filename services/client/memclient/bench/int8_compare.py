"""How close the int8 embedder (memcore.embedding.quantize) stays to the float model, and both speeds.

Research, not product: it lives on the top floor because its text comes from the benchmarks'
generator (memclient.bench.textgen); memcore builds the int8 file and imports nothing from here.
CLI: ``python -m memclient.bench.int8_compare [--texts N]`` (builds the int8 file when missing).
"""
from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from memcore.embedding.local_onnx import OnnxEmbedder
from memcore.embedding.quantize import ensure_int8_model

from .textgen import utterances


def compare(texts: list[str]) -> dict:
    """Cosine of the int8 model's vectors to the float model's, and both models' batch speed."""
    n = len(texts)
    result = {}
    vectors = {}
    for name, embedder in (("float32", OnnxEmbedder()), ("int8", OnnxEmbedder(quantized=True))):
        embedder.embed(texts[:100])
        started = time.perf_counter()
        vectors[name] = embedder.embed(texts)
        result[f"{name}_texts_per_second"] = round(n / (time.perf_counter() - started), 1)
    cos = (vectors["float32"] * vectors["int8"]).sum(axis=1)
    result.update(texts=n, cosine_mean=round(float(cos.mean()), 4), cosine_min=round(float(cos.min()), 4),
                  cosine_p1=round(float(np.percentile(cos, 1)), 4))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--texts", type=int, default=1000, help="generated utterances to embed (default 1000)")
    args = parser.parse_args(argv)
    ensure_int8_model()
    print(compare(utterances(11, args.texts)))  # real English word frequencies, the benchmarks' text
    return 0


if __name__ == "__main__":
    sys.exit(main())
