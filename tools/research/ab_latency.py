"""Interleaved A/B latency of two memory-api processes on one stack (same database), for a machine
whose speed drifts between runs: requests alternate between A and B, so both see the same moments.

    # A: a second API from another checkout, on the stack `make run` started (env as that stack's):
    #   git worktree add /tmp/old <rev>
    #   env $(cat <memory-api env>) PYTHONPATH=/tmp/old/services/memory-api:/tmp/old/services/shared \\
    #       .venv/bin/python -m uvicorn memory_api.app:app --port 8090
    python tools/research/ab_latency.py retrieve http://127.0.0.1:8090 http://127.0.0.1:8080   # LoCoMo conv-26 questions
    python tools/research/ab_latency.py retrieve --settle 60 ...   # asked after the consolidator has settled
    python tools/research/ab_latency.py contextify ...   # the same questions to contextify, in one session
    python tools/research/ab_latency.py turn http://127.0.0.1:8090 http://127.0.0.1:8080       # 400 generated turns
    python tools/research/ab_latency.py policy http://127.0.0.1:8081                           # the read check alone

The admin token is read from .data/admin.token (the stack's). Prints p50 / p95 per side.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _summary(name: str, ms: list[float]) -> None:
    ms = sorted(ms)
    print(f"{name}: n {len(ms)} p50 {ms[len(ms) // 2]:.1f} ms, p95 {ms[int(len(ms) * 0.95)]:.1f} ms")


def _alternate(calls: list, sides: dict, rounds: int = 1, stages: dict | None = None) -> dict[str, list[float]]:
    """calls: one argument per request; sides: name -> function(argument). A and B take turns first.
    stages: filled with name -> {stage: [ms]} from each response's `timings_ms`, when given."""
    times = {n: [] for n in sides}
    for r in range(rounds):
        for i, arg in enumerate(calls):
            order = list(sides.items()) if (i + r) % 2 == 0 else list(sides.items())[::-1]
            for name, call in order:
                start = time.perf_counter()
                body = call(arg)
                times[name].append((time.perf_counter() - start) * 1000)
                if stages is not None:
                    for stage, ms in (body.get("timings_ms") or {}).items():
                        stages.setdefault(name, {}).setdefault(stage, []).append(ms)
    return times


def locomo_questions(a: str, b: str, admin: str, data: Path, conversation: str, settle: float = 0.0,
                     what: str = "retrieve") -> None:
    """LoCoMo questions to /v1/memory/retrieve, or to /v1/memory/contextify within a session
    (what="contextify"), alternated between A and B."""
    from memclient.bench import locomo
    from memclient.client import MemoryClient, create_tenant

    turns, queries = locomo.load(data)
    tenant = create_tenant(a, admin, f"ab-{conversation}-{uuid.uuid4().hex[:6]}", [(conversation, "user")],
                           kind="organisation")
    token = tenant["users"][0]["token"]
    writer = MemoryClient(a, token, timeout=120)
    for t in sorted(turns[conversation], key=lambda t: (t["session"], t["turn"])):
        writer.add_turn(f"{conversation}-s{t['session']}", t["speaker"], t["text"], at=locomo._ts(t),
                        image_caption=t.get("image_caption"), origin_ref=t["uid"])
    qs = [q["question"] for q in queries if q["conversation_id"] == conversation and q.get("evidence")]
    time.sleep(settle)  # the consolidator works through the turns meanwhile (0: ask while it does)
    clients = {"A": MemoryClient(a, token, timeout=120), "B": MemoryClient(b, token, timeout=120)}
    if what == "contextify":
        def ask(c, q):
            return c._call("POST", "/v1/memory/contextify",
                           json={"query": q, "token_budget": 400, "session_id": f"{conversation}-s1"})
    else:
        def ask(c, q):
            return c._call("POST", "/v1/memory/retrieve", json={"query": q, "k": 10, "mode": "full"})
    sides = {n: (lambda q, c=c: ask(c, q)) for n, c in clients.items()}
    _alternate(qs[:30], sides)  # warm-up
    stages: dict = {}
    for name, ms in _alternate(qs, sides, rounds=2, stages=stages).items():
        _summary(f"{name} {what}", ms)
    for stage in sorted({s for per in stages.values() for s in per}):  # the handler's own stage times
        print(f"  {stage:16s}" + "".join(f"  {n} p50 {_p50(per.get(stage, [])):5.2f}" for n, per in sorted(stages.items())))


def _p50(ms: list[float]) -> float:
    return sorted(ms)[len(ms) // 2] if ms else float("nan")


def turn(a: str, b: str, admin: str) -> None:
    from memclient.bench.textgen import sentences
    from memclient.client import MemoryClient, create_tenant

    clients = {}
    for name, url in (("A", a), ("B", b)):
        t = create_tenant(url, admin, f"ab-turn-{name}-{uuid.uuid4().hex[:6]}", [("owner", "user")],
                          kind="organisation")
        clients[name] = MemoryClient(url, t["users"][0]["token"], timeout=300)
    texts = list(enumerate(sentences(random.Random(7), 400)))
    sides = {n: (lambda it, c=c: c.add_turn(f"ab-{it[0] // 20}", "user", it[1])) for n, c in clients.items()}
    for name, ms in _alternate(texts, sides).items():
        _summary(f"{name} turn", ms[20:])


def policy(url: str) -> None:
    from memcore.policy.client import HttpPolicyClient
    from memcore.policy.contract import ReadCheckRequest, ReadItem

    items = [ReadItem(id=str(uuid.uuid4()), text=f"We went to the harbour on day {d} and it rained all morning.",
                      type="episodic", source="user") for d in range(20)]

    async def run() -> None:
        client = HttpPolicyClient(url)
        for n in (20, 1):
            req = ReadCheckRequest(actor_role="user", items=items[:n])
            for _ in range(30):
                await client.check_read(req)
            ms = []
            for _ in range(300):
                start = time.perf_counter()
                await client.check_read(req)
                ms.append((time.perf_counter() - start) * 1000)
            _summary(f"read check of {n} items", ms)
        await client.aclose()

    asyncio.run(run())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["retrieve", "contextify", "turn", "policy"])
    ap.add_argument("urls", nargs="+", help="A and B memory-api URLs (policy: the policy service URL)")
    ap.add_argument("--data", default=str(REPO.parent / "shared" / "data" / "locomo-dev"))
    ap.add_argument("--conversation", default="conv-26")
    ap.add_argument("--settle", type=float, default=0.0,
                    help="retrieve: seconds to wait after writing, while the consolidator works through the turns")
    args = ap.parse_args(argv)
    if args.what == "policy":
        policy(args.urls[0])
        return 0
    if len(args.urls) != 2:
        ap.error("retrieve and turn need two URLs: A and B")
    admin = (REPO / ".data" / "admin.token").read_text().strip()
    if args.what in ("retrieve", "contextify"):
        locomo_questions(*args.urls, admin, Path(args.data), args.conversation, args.settle, args.what)
    else:
        turn(*args.urls, admin)
    return 0


if __name__ == "__main__":
    sys.exit(main())
