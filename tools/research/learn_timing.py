"""How long the deterministic extractor takes on a turn (issue 35; docs/benchmarks.md, "Forty-second session").

`memcore.knowledge.reading.learn` alone, no database, no embedder: each of the first N turns of a LoCoMo-style
`memories.jsonl` with the two lines before it, as the write path reads a turn. It prints per-turn p50 / p95 / mean
in milliseconds. To compare two commits, put a worktree of each first on PYTHONPATH and alternate the runs on one
host (old, new, new, old, ...): one run's figures depend on the host's load more than on the code.

  OMP_NUM_THREADS=1 .venv/bin/python tools/research/learn_timing.py --label new --data /work/shared/data/locomo-dev
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="a directory holding memories.jsonl (LoCoMo's shape)")
    ap.add_argument("--turns", type=int, default=600)
    ap.add_argument("--label", default="run")
    args = ap.parse_args()
    rows = [json.loads(line) for line in (Path(args.data) / "memories.jsonl").read_text().splitlines()[:args.turns]]
    learn("I love tea", None, at=AT, owner="Sam", role="owner")  # spaCy loaded before the clock runs
    ms: list[float] = []
    previous: list[str] = []
    for n, row in enumerate(rows, 1):
        start = time.perf_counter()
        learn(row["text"], None, at=AT, owner="Sam", role="owner", previous=previous[-2:])
        ms.append((time.perf_counter() - start) * 1000)
        previous.append(f"{row.get('speaker', 'Other')}: {row['text']}")
        if n % 100 == 0:
            print(f"  {n}/{len(rows)} turns", file=sys.stderr)
    ms.sort()
    print(f"{args.label} n {len(ms)} p50 {ms[len(ms) // 2]:.2f} p95 {ms[int(len(ms) * 0.95)]:.2f} "
          f"mean {statistics.mean(ms):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
