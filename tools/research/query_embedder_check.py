"""MEMORY_QUERY_EMBEDDER=local-int8 against the float model, question by question (issue 17): how
close the int8 weights' vectors are to the float model's, and how long one question takes with each.

    .venv/bin/python tools/research/query_embedder_check.py [../shared/data/locomo-dev] [--questions 400]

Timings are a loop of `embed_one` over the first 200 questions, twice per model, alternating; the
machine's other load shows in them.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from memcore.embedding import make_embedder
from memcore.embedding.model_files import ONNX_FILENAME
from memcore.embedding.quantize import INT8_FILENAME

REPO = Path(__file__).resolve().parents[2]
MODELS = REPO / ".data" / "models"


def one_question_ms(embedder, questions: list[str]) -> list[float]:
    """`embed_one` over the questions, one after another: milliseconds each."""
    ms = []
    for q in questions:
        start = time.perf_counter()
        embedder.embed_one(q)
        ms.append((time.perf_counter() - start) * 1000)
    return ms


def main() -> int:
    from memclient.bench import locomo

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", nargs="?", default=str(REPO.parent / "shared" / "data" / "locomo-dev"))
    ap.add_argument("--questions", type=int, default=400)
    a = ap.parse_args()
    _, queries = locomo.load(Path(a.data))
    questions = [q["question"] for q in queries][:a.questions]
    models = {"float": make_embedder("local", model_path=MODELS / ONNX_FILENAME),
              "int8": make_embedder("local-int8", model_path=MODELS / INT8_FILENAME)}
    vecs = {name: np.array([e.embed_one(q) for q in questions]) for name, e in models.items()}
    cos = (vecs["float"] * vecs["int8"]).sum(axis=1)
    print(f"{len(questions)} questions: cosine int8 / float mean {cos.mean():.4f}, min {cos.min():.4f}")
    for round_ in (1, 2):
        for name, e in models.items():
            ms = one_question_ms(e, questions[:200])
            print(f"round {round_} {name:5}: one question p50 {np.percentile(ms, 50):.2f} ms, "
                  f"p95 {np.percentile(ms, 95):.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
