"""Where a turn's extraction spends its time, on the write benchmark's generated turns (issue 12/17).

    .venv/bin/python tools/research/extract_timing.py            # 500 turns of memctl bench ingest, 3 rounds

Prints, per round, extract() p50 / p95 / p99 / mean in ms (timed by memclient.bench.extraction_speed) and
the mean ms a turn spends in the NER pass (ner_spans) and the part-of-speech pass (syntax.analyse).
In process, no stack needed; run old and new code one after the other (git stash, or a worktree on
PYTHONPATH) on a quiet machine.
"""
from __future__ import annotations

import random
import time

from memclient.bench.textgen import sentences
from memcore.extraction import name_candidates, ner
from memclient.bench.extraction_speed import WARM_UP, percentiles, time_turns

TURNS = 500
ROUNDS = 3


def main() -> None:
    ner.warm_up()
    texts = sentences(random.Random(7), TURNS)  # the turns of memctl bench ingest
    spent = {"ner": 0.0, "analyse": 0.0}

    def timed(fn, key):
        def run(*a, **k):
            start = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                spent[key] += time.perf_counter() - start
        return run

    name_candidates.ner_spans = timed(name_candidates.ner_spans, "ner")
    name_candidates.analyse = timed(name_candidates.analyse, "analyse")
    for r in range(ROUNDS):
        spent.update(ner=0.0, analyse=0.0)
        ms = time_turns(texts, use_ner=True, repeats=1)  # warms up on the first turns, then times each
        done = len(texts) + min(WARM_UP, len(texts))  # time_turns' warm-up runs count in `spent` too
        print(f"round {r + 1}: extract {percentiles(ms)}; per turn: NER {spent['ner'] * 1000 / done:.2f} ms, "
              f"part of speech {spent['analyse'] * 1000 / done:.2f} ms")


if __name__ == "__main__":
    main()
