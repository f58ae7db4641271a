"""CPU per turn of the write path's extract stage (`turn_candidates`) over the LoCoMo dev turns, two code trees
alternating, so that a host's noise falls on both alike (issue 35: the turn's p95 budget).

  .venv/bin/python tools/research/extract_cpu.py --old /path/to/old/checkout --new . --pairs 2 --turns 1000

Each run is a child process with PYTHONPATH on one tree's services; it loads the parser once, then times every
turn with process CPU time (not wall time: other work on the host counts less). Prints mean, p50 and p95 in ms
per run and the new/old ratios; reads the turns from /work/shared (never copied into the repository)."""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

DATA = Path("/work/shared/data/locomo-dev/memories.jsonl")


def _bodies(limit: int) -> list[tuple[Any, ...]]:
    from memcore.retrieval.document_text import render_turn
    from memory_api.schemas import TurnRequest

    rows = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
    rows.sort(key=lambda t: (t["conversation_id"], t["session"], t["turn"]))
    out: list[tuple[Any, ...]] = []
    before: dict[str, list[str]] = {}
    for t in rows[:limit]:
        sid = f"{t['conversation_id']}-s{t['session']}"
        at = datetime.fromisoformat(t["timestamp"]).replace(tzinfo=timezone.utc)
        body = TurnRequest(speaker=t["speaker"], text=t["text"], image_caption=t.get("image_caption"), origin_ref=t["uid"])
        said = render_turn(t["text"], t["speaker"], t.get("image_caption"))
        out.append((body, sid, at, said, list(before.get(sid, [])[-2:]), t["conversation_id"]))
        before.setdefault(sid, []).append(f"{said} ({at:%d %B %Y})")
    return out


def _time_here(limit: int) -> list[float]:
    from memcore.knowledge import parse
    from memory_api.routers.conversations import turn_candidates

    parse.warm_up()
    bodies = _bodies(limit)
    ms = []
    for body, sid, at, said, prev, conv in bodies:
        start = time.process_time()
        turn_candidates(body, sid, at, said, prev, 1, conv, None, False, f"locomo-{conv}")
        ms.append((time.process_time() - start) * 1000)
    return ms


def _run(tree: Path, limit: int) -> tuple[float, float, float]:
    path = ":".join(str(p) for p in sorted(tree.glob("services/*/")))
    got = subprocess.run([sys.executable, __file__, "--child", str(limit)], env={**os.environ, "PYTHONPATH": path},
                         check=True, capture_output=True, text=True)
    ms = sorted(json.loads(got.stdout.strip().splitlines()[-1]))
    return statistics.fmean(ms), ms[len(ms) // 2], ms[int(len(ms) * 0.95)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", type=Path)
    ap.add_argument("--new", type=Path, default=Path("."))
    ap.add_argument("--pairs", type=int, default=2)
    ap.add_argument("--turns", type=int, default=1000)
    ap.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(_time_here(args.child)))
        return
    if args.old is None:
        ap.error("--old is required")
    runs: dict[str, list[tuple[float, float, float]]] = {"old": [], "new": []}
    for i in range(args.pairs):
        for which in (("old", "new") if i % 2 == 0 else ("new", "old")):
            runs[which].append(_run(getattr(args, which).resolve(), args.turns))
            print(f"pair {i + 1} {which}: mean / p50 / p95 %.2f / %.2f / %.2f ms" % runs[which][-1], flush=True)
    for k, name in enumerate(("mean", "p50", "p95")):
        ratios = [n[k] / o[k] for o, n in zip(runs["old"], runs["new"])]
        print(f"{name}: old {statistics.median(r[k] for r in runs['old']):.2f} ms, new "
              f"{statistics.median(r[k] for r in runs['new']):.2f} ms, new/old median {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
