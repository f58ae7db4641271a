"""Where a retrieve spends its time on a LoCoMo-sized owner (issue 17): one conversation written into
the running stack (`make run`), then its questions through POST /v1/memory/retrieve, the HTTP time and
the server's `timings_ms` stages summarised (p50 / p95).

    .venv/bin/python tools/research/retrieve_stages.py [--url http://127.0.0.1:8080] [--conversation conv-26] [--settle 60]
"""
from __future__ import annotations

import argparse
import time
import uuid
from collections import defaultdict
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]


def main() -> int:
    from memclient.bench import locomo
    from memclient.client import MemoryClient, create_tenant

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--url", default="http://127.0.0.1:8080")
    ap.add_argument("--conversation", default="conv-26")
    ap.add_argument("--data", default=str(REPO.parent / "shared" / "data" / "locomo-dev"))
    ap.add_argument("--settle", type=float, default=60.0,
                    help="seconds to wait after writing, while the consolidator works through the turns")
    a = ap.parse_args()
    admin = (REPO / ".data" / "admin.token").read_text().strip()
    turns, queries = locomo.load(Path(a.data))
    tenant = create_tenant(a.url, admin, f"stages-{uuid.uuid4().hex[:6]}", [(a.conversation, "user")],
                           kind="organisation")
    client = MemoryClient(a.url, tenant["users"][0]["token"], timeout=120)
    for t in sorted(turns[a.conversation], key=lambda t: (t["session"], t["turn"])):
        client.add_turn(f"{a.conversation}-s{t['session']}", t["speaker"], t["text"], at=locomo._ts(t),
                        image_caption=t.get("image_caption"), origin_ref=t["uid"])
    time.sleep(a.settle)
    questions = [q["question"] for q in queries if q["conversation_id"] == a.conversation and q.get("evidence")]

    def ask(q: str) -> dict:
        return client._call("POST", "/v1/memory/retrieve", json={"query": q, "k": 10, "mode": "full"})

    for q in questions[:30]:  # warm-up
        ask(q)
    http, stages = [], defaultdict(list)
    for q in questions:
        start = time.perf_counter()
        body = ask(q)
        http.append((time.perf_counter() - start) * 1000)
        stages["in the handler (took_ms)"].append(body["took_ms"])
        for name, ms in (body.get("timings_ms") or {}).items():
            stages[name].append(ms)
    print(f"{len(questions)} questions; HTTP p50 {np.percentile(http, 50):.1f} ms, p95 {np.percentile(http, 95):.1f} ms")
    for name, ms in stages.items():
        print(f"  {name:26} p50 {np.percentile(ms, 50):6.2f}  p95 {np.percentile(ms, 95):6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
