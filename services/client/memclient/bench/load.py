"""Load: many concurrent sessions of mixed turns and contextify calls against one memory-api.

Each session is a conversation of one user in a few households: it says a turn (POST
/v1/conversations/{session}/turns) or asks for context (POST /v1/memory/contextify), then waits a
think time (exponential, mean THINK_S) before the next request, like a person typing. Bounded: at
most SESSIONS requests are ever in flight, and the run stops after DURATION_S: no request starts
after it, and one still in flight DEADLINE_GRACE_S after it is cancelled and counted as cut at the
deadline (a request that never answered once kept a run 60 s past its end). Reports throughput,
p50/p95/p99 per endpoint, errors by status, and the resident memory of the memory-api process
before and after (from /proc), so that growth shows.

    memctl bench load [--sessions 200] [--duration 600] [--think 1.0]
"""
from __future__ import annotations

import asyncio
import os
import random
import time
from collections import Counter, defaultdict
from pathlib import Path

import httpx

from ..client import create_tenant
from .metrics import summary_ms, write_result
from .textgen import sentences

SESSIONS = 200
DURATION_S = 600.0
THINK_S = 1.0
DEADLINE_GRACE_S = 5.0  # how long past the duration a request in flight may still finish
REQUEST_TIMEOUT_S = 60.0  # one request's own limit (a failed request, counted as an error)
CONTEXT_SHARE = 0.4  # of requests: contextify; the rest are turns
USERS_PER_TENANT = 10
QUESTIONS = ["What do you remember about {w}?", "Tell me about {w}.", "Who did I meet about {w}?",
             "What did we say about {w} last time?", "Remind me what matters for {w}."]


def stage_means_ms(stages: dict[str, list[float]]) -> dict[str, dict]:
    """Mean milliseconds and count per stage, from the `timings_ms` of the answers (the server's own
    timings; the /metrics histograms would need one scrape per worker process)."""
    out = {k: {"mean_ms": round(sum(v) / len(v), 1), "n": len(v)} for k, v in stages.items() if v}
    return dict(sorted(out.items(), key=lambda kv: -kv[1]["mean_ms"] * kv[1]["n"]))


def _status(pid: str) -> dict[str, str]:
    return dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)


def api_rss_mb(api_url: str) -> float | None:
    """Resident memory of the memory-api serving `api_url` on this machine: its uvicorn process
    (found by the `--port` of its command line in /proc) and its worker processes; None when it is
    not a local process."""
    port = api_url.rstrip("/").rsplit(":", 1)[-1]
    parents: dict[str, str] = {}
    rss: dict[str, int] = {}
    root = None
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            status = _status(pid)
            parents[pid], rss[pid] = status["PPid"].strip(), int(status.get("VmRSS", "0 kB").split()[0])
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if b"memory_api" in b" ".join(cmd) and b"--port" in cmd and cmd[cmd.index(b"--port") + 1] == port.encode():
                root = pid
        except (OSError, IndexError, KeyError, ValueError):
            continue
    if root is None:
        return None
    tree = {root}
    grew = True
    while grew:
        children = {p for p, parent in parents.items() if parent in tree} - tree
        grew = bool(children)
        tree |= children
    return round(sum(rss.get(p, 0) for p in tree) / 1024, 1)


async def _session(n: int, client: httpx.AsyncClient, token: str, texts: list[str], stop_at: float,
                   lat: dict[str, list[float]], errors: Counter, rng: random.Random,
                   stages: dict[str, list[float]]) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    session = f"load-{n}"
    await _sleep_until_at_most(rng.uniform(0, THINK_S), stop_at)  # sessions start spread out
    while time.perf_counter() < stop_at:
        if rng.random() < CONTEXT_SHARE:
            kind, path = "contextify", "/v1/memory/contextify"
            word = rng.choice(rng.choice(texts).split()).strip(".,!?")
            body = {"query": rng.choice(QUESTIONS).format(w=word), "session_id": session, "token_budget": 300}
        else:
            kind, path = "turn", f"/v1/conversations/{session}/turns"
            body = {"speaker": "user", "text": rng.choice(texts)}
        start = time.perf_counter()
        try:
            r = await asyncio.wait_for(client.post(path, json=body, headers=headers),
                                       max(0.0, stop_at + DEADLINE_GRACE_S - start))
            status = r.status_code
            if status == 200:
                for stage, ms in (r.json().get("timings_ms") or {}).items():
                    stages[f"{kind}.{stage}"].append(ms)
        except httpx.HTTPError as exc:
            status = type(exc).__name__
        except TimeoutError:  # still in flight at the deadline: not a latency of the run, nor an error
            errors[f"{kind} cut at the deadline"] += 1
            return
        lat[kind].append((time.perf_counter() - start) * 1000)
        if status != 200:
            errors[f"{kind} {status}"] += 1
        await _sleep_until_at_most(rng.expovariate(1 / THINK_S) if THINK_S > 0 else 0, stop_at)


async def _sleep_until_at_most(seconds: float, stop_at: float) -> None:
    """A think time, cut short at the end of the run."""
    await asyncio.sleep(max(0.0, min(seconds, stop_at - time.perf_counter())))


async def _run(api_url: str, admin_token: str, sessions: int, duration_s: float) -> dict:
    rng = random.Random(11)
    tokens = []
    for t in range(max(1, sessions // USERS_PER_TENANT)):
        tenant = create_tenant(api_url, admin_token, f"load-{t}",
                               [(f"user-{i}", "user") for i in range(USERS_PER_TENANT)], kind="household")
        tokens += [u["token"] for u in tenant["users"]]
    texts = sentences(rng, 2000)
    lat: dict[str, list[float]] = defaultdict(list)
    errors: Counter = Counter()
    rss_before = api_rss_mb(api_url)
    # Idle connections are dropped before uvicorn's keep-alive timeout (5 s) closes them: with
    # httpx's default expiry (also 5 s) a request could go out on a connection the server was
    # closing, and fail with a ReadError (1 in 2,400 requests in one run).
    limits = httpx.Limits(max_connections=sessions, max_keepalive_connections=sessions, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=api_url, timeout=REQUEST_TIMEOUT_S, limits=limits) as client:
        stages: dict[str, list[float]] = defaultdict(list)
        start = time.perf_counter()
        stop_at = start + duration_s
        progress = asyncio.create_task(_progress(lat, errors, start, duration_s))
        await asyncio.gather(*(_session(n, client, tokens[n % len(tokens)], texts, stop_at, lat, errors,
                                        random.Random(n), stages) for n in range(sessions)))
        elapsed = time.perf_counter() - start
        progress.cancel()
    total = sum(len(v) for v in lat.values())
    cut = sum(n for k, n in errors.items() if k.endswith("cut at the deadline"))
    return {"sessions": sessions, "duration_s": round(elapsed, 1), "think_s": THINK_S,
            "requests": total, "throughput_rps": round(total / elapsed, 1),
            "error_rate": round((sum(errors.values()) - cut) / max(1, total), 5), "errors": dict(errors),
            "cut_at_deadline": cut,
            "latency_ms": {k: summary_ms(v) | {"p99": _pct(v, 0.99), "n": len(v)} for k, v in lat.items()},
            "stages_ms": stage_means_ms(stages),  # server side: where a request's time went, stage by stage
            "memory_api_rss_mb": {"before": rss_before, "after": api_rss_mb(api_url)}}


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1) if ordered else 0.0


async def _progress(lat, errors, start: float, duration_s: float) -> None:
    while True:
        await asyncio.sleep(15)
        done = sum(len(v) for v in lat.values())
        print(f"[load] {time.perf_counter() - start:5.0f}/{duration_s:.0f} s  {done} requests  "
              f"{sum(errors.values())} errors", flush=True)


def run(api_url: str, admin_token: str, out: Path | None = None, sessions: int = SESSIONS,
        duration_s: float = DURATION_S) -> dict:
    result = asyncio.run(_run(api_url, admin_token, sessions, duration_s))
    write_result(out, result)
    return result
