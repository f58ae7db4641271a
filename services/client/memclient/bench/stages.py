"""Where contextify's time goes: ingest one LoCoMo conversation's first 600 turns into one owner,
ask 300 of its questions through contextify, and aggregate the `timings_ms` every response
carries (server-side, per stage) with the client-side latency over HTTP."""
from __future__ import annotations

import time
from pathlib import Path

from tqdm import tqdm

from ..client import MemoryClient, create_tenant
from .locomo import load
from .metrics import StageTimes, summary_ms, write_result

TURNS = 600
QUESTIONS = 300


def run(api_url: str, admin_token: str, data: Path, out: Path | None = None) -> dict:
    turns, queries = load(data)
    conv = sorted(turns)[0]
    tenant = create_tenant(api_url, admin_token, "stages", [("owner", "user")])
    client = MemoryClient(api_url, tenant["users"][0]["token"], timeout=60)
    for t in tqdm(sorted(turns[conv], key=lambda t: (t["session"], t["turn"]))[:TURNS], desc="ingest", unit="turn"):
        ts = t["timestamp"] if t["timestamp"].endswith("Z") else t["timestamp"] + "Z"
        client.add_turn(f"s{t['session']}", t["speaker"], t["text"], at=ts)
    qs = [q["question"] for q in queries if q["conversation_id"] == conv][:QUESTIONS]
    for q in qs[:10]:  # warm-up
        client.contextify(q)
    stages = StageTimes()
    http_ms: list[float] = []
    for q in tqdm(qs, desc="contextify", unit="q"):
        t0 = time.perf_counter()
        body = client.contextify(q)
        http_ms.append((time.perf_counter() - t0) * 1000)
        stages.add(body)
        stages.add_value("server_total", body["took_ms"])
    client.close()
    result = {"conversation": conv, "turns": TURNS, "questions": len(qs), "http_ms": summary_ms(http_ms),
              "stages_ms": stages.summary()}
    return write_result(out, result)
