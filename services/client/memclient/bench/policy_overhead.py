"""What the policy read check adds to contextify: the same owner and queries through two
memory-api instances on the same data, one calling the policy service, one with the local
allow-all policy. Interleaved requests, so both see the same machine load."""
from __future__ import annotations

import random
import time
from pathlib import Path

import httpx
from tqdm import tqdm

from ..client import MemoryClient, create_tenant
from .metrics import summary_ms, write_result
from .textgen import sentences

TURNS = 300
QUERIES = 200


def run(api_url: str, admin_token: str, unchecked_url: str, out: Path | None = None) -> dict:
    rng = random.Random(3)
    tenant = create_tenant(api_url, admin_token, "policy-overhead", [("owner", "user")])
    token = tenant["users"][0]["token"]
    client = MemoryClient(api_url, token, timeout=60)
    for i, text in enumerate(tqdm(sentences(rng, TURNS), desc="turns", unit="turn")):
        client.add_turn(f"s{i // 25}", "user", text)
    queries = [f"What did {rng.choice(['Alice', 'Bruno', 'Chen', 'Dana'])} do about {rng.choice(['the report', 'Lisbon', 'the invoice', 'the fence'])}?"
               for _ in range(QUERIES)]
    timings: dict[str, list[float]] = {"with_policy": [], "without_policy": []}
    with httpx.Client(headers={"Authorization": f"Bearer {token}"}, timeout=60) as http:
        for q in queries[:10]:
            for url in (api_url, unchecked_url):
                http.post(f"{url}/v1/memory/contextify", json={"query": q, "token_budget": 400})
        for q in tqdm(queries, desc="contextify x2", unit="q"):
            for name, url in (("with_policy", api_url), ("without_policy", unchecked_url)):
                t0 = time.perf_counter()
                http.post(f"{url}/v1/memory/contextify", json={"query": q, "token_budget": 400}).raise_for_status()
                timings[name].append((time.perf_counter() - t0) * 1000)
    result = {k: summary_ms(v) for k, v in timings.items()}
    result["added_p50_ms"] = round(result["with_policy"]["p50"] - result["without_policy"]["p50"], 2)
    result["added_p95_ms"] = round(result["with_policy"]["p95"] - result["without_policy"]["p95"], 2)
    client.close()
    write_result(out, result)
    return result
