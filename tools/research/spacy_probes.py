"""Two probes behind memcore/extraction/spacy_ops.py (issue 12), in process, no stack needed.

    .venv/bin/python tools/research/spacy_probes.py gemm     # thinc's blis gemm against numpy's, a turn's sizes
    .venv/bin/python tools/research/spacy_probes.py rounds   # extraction's CPU a turn, round after round

`gemm` times 1,000 products of each size with thinc's NumpyOps (blis) and with MatmulOps (numpy;
run it with OPENBLAS_NUM_THREADS=1 for the one thread the API uses), wall and CPU microseconds.
`rounds` extracts the same 200 turns of `memctl bench ingest` six times and prints each round's
p50 / p95 of the extraction thread's CPU time (time.thread_time): how much the machine's speed
moves between rounds of identical work.
"""
from __future__ import annotations

import random
import sys
import time

import numpy


def gemm() -> None:
    from thinc.api import NumpyOps

    from memcore.extraction.spacy_ops import MatmulOps

    blis, matmul = NumpyOps(), MatmulOps()
    for m, k, n in [(20, 288, 288), (40, 288, 288), (20, 96, 288)]:
        a = numpy.random.rand(m, k).astype("float32")
        b = numpy.random.rand(n, k).astype("float32")
        row = []
        for name, ops in (("blis", blis), ("numpy", matmul)):
            for _ in range(50):
                ops.gemm(a, b, trans2=True)
            wall, cpu = time.perf_counter(), time.process_time()
            for _ in range(1000):
                ops.gemm(a, b, trans2=True)
            row.append(f"{name} {(time.perf_counter() - wall) * 1000:.0f} us wall, "
                       f"{(time.process_time() - cpu) * 1000:.0f} us CPU")
        print(f"{m} x {k} by {k} x {n}: " + "; ".join(row))


def rounds() -> None:
    from datetime import UTC, datetime

    from memclient.bench.textgen import sentences
    from memcore.extraction import ner
    from memcore.extraction.pipeline import extract

    ner.warm_up()
    texts = sentences(random.Random(7), 200)
    at = datetime(2025, 3, 3, 10, 0, tzinfo=UTC)
    for t in texts[:20]:
        extract(t, "user", at)
    for r in range(6):
        ms = []
        for t in texts:
            start = time.thread_time()
            extract(t, "user", at)
            ms.append((time.thread_time() - start) * 1000)
        ms.sort()
        print(f"round {r + 1}: CPU a turn p50 {ms[len(ms) // 2]:.2f} ms, p95 {ms[int(len(ms) * 0.95)]:.2f} ms")


if __name__ == "__main__":
    {"gemm": gemm, "rounds": rounds}[sys.argv[1] if len(sys.argv) > 1 else "gemm"]()
