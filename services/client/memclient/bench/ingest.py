"""Write-path speed through the API: per-turn latency (extract, policy, embed, commit, outbox)
and the bulk import rate (POST /v1/memory/candidates in batches).

Turns are short grammatical sentences naming people and things (each ends in "(note N)", so all
are distinct and every one goes through the PII analyzer: a pessimistic case). The bulk import
uses textgen.utterances: real English word frequencies, 4 to 40 words."""
from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tqdm import tqdm

from ..client import MemoryClient, create_tenant
from .metrics import StageTimes, summary_ms, write_result
from .textgen import sentences, utterances

TURNS = 500
BULK = 5000
BATCH = 250
BULK_IN_FLIGHT = 2


def run(api_url: str, admin_token: str, out: Path | None = None) -> dict:
    rng = random.Random(7)
    tenant = create_tenant(api_url, admin_token, "ingest-bench", [("owner", "user")], kind="organisation")
    client = MemoryClient(api_url, tenant["users"][0]["token"], timeout=300)
    turn_ms = []
    stages = StageTimes()
    texts = sentences(rng, TURNS)
    bulk_texts = utterances(7, BULK)
    bulk_stages = StageTimes()
    for i, text in enumerate(tqdm(texts[:TURNS], desc="turns", unit="turn")):
        start = time.perf_counter()
        body = client.add_turn(f"bench-{i // 20}", "user", text)
        turn_ms.append((time.perf_counter() - start) * 1000)
        stages.add(body)
    start = time.perf_counter()
    stored = 0
    batches = [[{"text": t, "type": "episodic", "source": "import"} for t in bulk_texts[b:b + BATCH]]
               for b in range(0, BULK, BATCH)]
    # Two batches in flight: one is embedded by the API while Postgres commits the other.
    with ThreadPoolExecutor(max_workers=BULK_IN_FLIGHT) as pool:
        for body in tqdm(pool.map(client.add_memories, batches), total=len(batches), desc="bulk import",
                         unit="batch"):
            bulk_stages.add(body)
            stored += sum(1 for i in body["items"] if i["status"] in ("created", "reinforced"))
    elapsed = time.perf_counter() - start
    client.close()
    result = {"turn_ms": summary_ms(turn_ms), "turns": TURNS,
              "turn_stages_ms": stages.summary(),
              "bulk": {"memories": stored, "seconds": round(elapsed, 2), "per_second": round(stored / elapsed, 1),
                       "batch": BATCH, "in_flight": BULK_IN_FLIGHT, "stages_ms_per_batch": bulk_stages.summary()}}
    write_result(out, result)
    return result


def print_result(result: dict) -> None:
    print(f"turn write latency (ms): {result['turn_ms']}")
    print(f"bulk import: {result['bulk']['per_second']} memories/s ({result['bulk']['memories']} in {result['bulk']['seconds']} s)")
