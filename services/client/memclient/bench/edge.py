"""memctl bench edge (issue 15): the edge client on this machine.

1. A child with 10,000 memories (8 short parent safety rules, 5 pinned preferences, facts, preferences and
   recent episodic notes; Zipfian English words, textgen.utterances) written by a parent through the API.
2. Sync: a newly paired device pulls all of them (pages of 1,000, with the stored embeddings), timed.
3. Offline contextify: in a child process limited to one core (`taskset -c 0` when present, and
   sched_setaffinity to CPU 0 in the process itself; onnxruntime intra_op_num_threads=1, no batch
   threads), 300 questions each about one to three words of one stored memory, 500-token budget,
   after 10 warm-up questions; `found` = the memory asked about is in the block (a sanity check of the
   fused search, not a quality benchmark: the texts are random words). Also the process's peak RSS
   (model + 10,000 cached memories): the device's footprint.
4. Queue delivery after an outage: 200 turns recorded while the API is unreachable (a closed port),
   the device restarted, then the queue delivered; each turn must be stored exactly once.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import httpx

from ..client import create_tenant
from .metrics import summary_ms, write_result
from .textgen import _FRAME_WORDS, questions_about, sentences, utterances

N_MEMORIES = 10_000
N_RULES = 8
N_PINNED = 5
N_QUERIES = 300
N_WARMUP = 10
OUTAGE_TURNS = 200
BATCH = 500
BUDGET = 500


def _items(texts: list[str]) -> list[dict]:
    now = datetime.now(timezone.utc)
    out = []
    for i, text in enumerate(texts):
        if i < N_RULES:
            topic = " ".join(text.rstrip(".").split()[:3]).lower()  # rules are short: "no scary stories"
            out.append({"text": f"Rule {i}: never talk about {topic}.", "type": "safety", "source": "parent"})
        elif i < N_RULES + N_PINNED:
            out.append({"text": text, "type": "preference", "pinned": True})
        else:
            kind = ("semantic", "preference", "episodic")[i % 3]
            item = {"text": text, "type": kind}
            if kind == "episodic":
                item["observed_at"] = (now - timedelta(hours=i % 240)).isoformat()
            out.append(item)
    return out


def seed(url: str, admin: str) -> dict:
    tenant = create_tenant(url, admin, "edge-bench", [("parent", "parent"), ("child", "child", "8_12")])
    parent_token, child_id = tenant["users"][0]["token"], tenant["users"][1]["user_id"]
    texts = utterances(15, N_MEMORIES)
    stored: set[str] = set()
    t0 = time.perf_counter()
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {parent_token}"}, timeout=600) as http:
        items = _items(texts)
        for i in range(0, len(items), BATCH):
            r = http.post("/v1/memory/commit", json={"owner_id": child_id, "items": items[i:i + BATCH]})
            r.raise_for_status()
            stored |= {x["memory"]["id"] for x in r.json()["items"] if x.get("memory")}
    return {"parent_token": parent_token, "child_id": child_id, "child_token": tenant["users"][1]["token"],
            "texts": texts, "stored": len(stored),
            "seed_s": round(time.perf_counter() - t0, 1)}


def visible_to_child(url: str, world: dict) -> int:
    """What the child may see of its memory, counted with its own token by the list route (current,
    not document chunks): what a device of the child's should cache."""
    n, cursor = 0, None
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {world['child_token']}"}, timeout=60) as h:
        while True:
            r = h.get("/v1/memory/list", params={"limit": 200, **({"cursor": cursor} if cursor else {})})
            r.raise_for_status()
            n += sum(1 for m in r.json()["items"] if m["type"] != "document" and m["tier"] == "solid")
            cursor = r.json().get("next_cursor")
            if not cursor:
                return n


def measure_sync(url: str, world: dict, data: Path) -> dict:
    from memedge import EdgeClient, pair
    from memedge.embedder import load_embedder

    pair(url, world["parent_token"], world["child_id"], data, label="bench device")
    client = EdgeClient.open(data, embedder=load_embedder(threads=1), page_size=1000)
    t0 = time.perf_counter()
    report = client.sync()
    took = time.perf_counter() - t0
    status = client.status()
    client.close()
    db_bytes = sum(p.stat().st_size for p in data.iterdir() if p.name.startswith("memedge"))
    return {"memories": report.upserts, "pages": report.pages, "seconds": round(took, 2),
            "memories_per_s": round(report.upserts / took, 1), "cached": status["cached"],
            "safety_rules": status["safety_rules"], "store_mb": round(db_bytes / 2**20, 1)}


def questions_with_sources(texts: list[str], n: int) -> list[tuple[str, str]]:
    rng = random.Random(16)
    askable = [i for i in range(N_RULES + N_PINNED, len(texts))  # has a word a question can be about
               if any(w.strip(".").lower() not in _FRAME_WORDS and len(w.strip(".")) > 2 for w in texts[i].split())]
    sources = rng.sample(askable, n)
    return [(questions_about(i, [texts[i]], 1)[0], texts[i]) for i in sources]


def measure_offline(data: Path, questions: list[tuple[str, str]]) -> dict:
    qfile = data / "questions.json"
    qfile.write_text(json.dumps(questions))
    cmd = [sys.executable, "-m", "memclient.bench.edge", "--offline-child", str(data), str(qfile)]
    limiter = "taskset -c 0 + sched_setaffinity({0})" if shutil.which("taskset") else "sched_setaffinity({0})"
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "0", *cmd]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    result["limited_by"] = limiter + ", onnxruntime intra_op_num_threads=1, inter_op=1, no batch threads"
    return result


def _offline_child(data: Path, qfile: Path) -> None:
    """Runs in its own process, on CPU 0 only: open the device, answer the questions offline."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    from memedge import EdgeClient
    from memedge.embedder import load_embedder

    questions = json.loads(qfile.read_text())
    load_before = os.getloadavg()[0]
    t0 = time.perf_counter()
    client = EdgeClient.open(data, embedder=load_embedder(threads=1), api_url="http://127.0.0.1:9")
    opened = time.perf_counter() - t0
    t0 = time.perf_counter()
    first = client.contextify(questions[0][0], BUDGET)
    first_ms = (time.perf_counter() - t0) * 1000
    for q, _ in questions[1:N_WARMUP]:
        client.contextify(q, BUDGET)
    timings, rules_first, lines, paths, found = [], 0, [], {}, 0
    offline = [first.offline]
    for q, source in questions[N_WARMUP:]:
        t0 = time.perf_counter()
        ctx = client.contextify(q, BUDGET)
        timings.append((time.perf_counter() - t0) * 1000)
        offline.append(ctx.offline)
        rules_first += [x.path for x in ctx.lines[:N_RULES]] == ["safety"] * N_RULES
        lines.append(len(ctx.lines))
        found += any(x.text == source for x in ctx.lines)
        for x in ctx.lines:
            paths[x.path] = paths.get(x.path, 0) + 1
    client.close()
    print(json.dumps({"queries": len(timings), "contextify_ms": summary_ms(timings),
                      "first_query_ms": round(first_ms, 1), "open_s": round(opened, 2),
                      "all_offline": all(offline), "answered_offline": f"{sum(offline)}/{len(offline)}", "safety_rules_first": f"{rules_first}/{len(timings)}",
                      "found": f"{found}/{len(timings)}", "mean_lines": round(sum(lines) / len(lines), 1),
                      "mean_lines_by_path": {k: round(v / len(timings), 1) for k, v in paths.items()},
                      "cpus": sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
                      "load_avg_1min_before_after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
                      "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))


def measure_outage(url: str, world: dict, data: Path) -> dict:
    from memedge import EdgeClient
    from memedge.embedder import load_embedder

    embedder = load_embedder(threads=1)
    session = "bench-outage"
    turns = sentences(random.Random(7), OUTAGE_TURNS)
    down = EdgeClient.open(data, embedder=embedder, api_url="http://127.0.0.1:9")  # nothing listens there
    t0 = time.perf_counter()
    for t in turns:
        down.record_turn(session, "child", t)
    record_ms = (time.perf_counter() - t0) * 1000 / len(turns)
    failed = down.flush()
    down.close()  # the device restarts with the queue full, then the network is back
    up = EdgeClient.open(data, embedder=embedder, timeout_s=60)
    t0 = time.perf_counter()
    delivered = up.flush()
    took = time.perf_counter() - t0
    up.close()
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {world['parent_token']}"}, timeout=60) as h:
        texts, cursor = [], None
        while True:
            r = h.get("/v1/memory/list", params={"owner_id": world["child_id"], "session_id": session, "limit": 200,
                                                 **({"cursor": cursor} if cursor else {})})
            r.raise_for_status()
            texts += [m["text"] for m in r.json()["items"]]
            cursor = r.json().get("next_cursor")
            if not cursor:
                break
    found = [sum(1 for x in texts if t.rstrip(".") in x) for t in turns]
    return {"turns": len(turns), "record_ms_per_turn": round(record_ms, 2), "delivered_while_down": failed.delivered,
            "delivered": delivered.delivered, "rejected": delivered.rejected, "seconds": round(took, 2),
            "turns_per_s": round(delivered.delivered / took, 1),
            "stored_once": sum(1 for n in found if n == 1), "stored_twice_or_more": sum(1 for n in found if n > 1),
            "missing": sum(1 for n in found if n == 0)}


def run(url: str, admin: str, out: Path | None = None) -> dict:
    world = seed(url, admin)
    tmp = Path(tempfile.mkdtemp(prefix="memedge-bench-"))
    try:
        data = tmp / "device"
        result = {"memories_written": world["stored"], "seed_seconds": world["seed_s"],
                  "visible_to_child": visible_to_child(url, world), "sync_10k": measure_sync(url, world, data)}
        result["offline_contextify"] = measure_offline(data, questions_with_sources(world["texts"], N_QUERIES + N_WARMUP))
        result["queue_after_outage"] = measure_outage(url, world, data)
        # what was measured, never a note written in advance: the load average tells what else ran
        result["machine"] = {"cpus": os.cpu_count(), "load_avg_1_5_15min_at_end": [round(x, 2) for x in os.getloadavg()]}
        result["command"] = "memctl bench edge"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return write_result(out, result)


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--offline-child", nargs=2, metavar=("DATA", "QUESTIONS"), required=True)
    a = p.parse_args()
    _offline_child(Path(a.offline_child[0]), Path(a.offline_child[1]))
