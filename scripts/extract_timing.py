"""Where a turn's extraction spends its time, on the write benchmark's generated turns (issue 12/17).

    .venv/bin/python scripts/extract_timing.py            # 500 turns of memctl bench ingest, 3 rounds

Prints, per round, extract() p50 / p95 / mean in ms and the mean ms a turn spends in the NER pass
(ner_spans) and the part-of-speech pass (syntax.analyse). In process, no stack needed; run old and
new code one after the other (git stash, or a worktree on PYTHONPATH) on a quiet machine.
"""
from __future__ import annotations

import random
import statistics
import time
from datetime import UTC, datetime

from memclient.bench.textgen import sentences
from memcore.extraction import entities, ner
from memcore.extraction.pipeline import extract

TURNS = 500
ROUNDS = 3


def main() -> None:
    ner.warm_up()
    texts = sentences(random.Random(7), TURNS)  # the turns of memctl bench ingest
    at = datetime(2025, 3, 3, tzinfo=UTC)
    spent = {"ner": 0.0, "analyse": 0.0}

    def timed(fn, key):
        def run(*a, **k):
            start = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                spent[key] += time.perf_counter() - start
        return run

    entities.ner_spans = timed(entities.ner_spans, "ner")
    entities.analyse = timed(entities.analyse, "analyse")
    for t in texts[:20]:
        extract(t, "user", at)
    for r in range(ROUNDS):
        spent.update(ner=0.0, analyse=0.0)
        ms = []
        for t in texts:
            start = time.perf_counter()
            extract(t, "user", at)
            ms.append((time.perf_counter() - start) * 1000)
        ms.sort()
        print(f"round {r + 1}: extract p50 {ms[len(ms) // 2]:.1f} p95 {ms[int(len(ms) * 0.95)]:.1f} "
              f"mean {statistics.mean(ms):.1f} ms; per turn: NER {spent['ner'] * 1000 / len(texts):.2f} ms, "
              f"part of speech {spent['analyse'] * 1000 / len(texts):.2f} ms")


if __name__ == "__main__":
    main()
