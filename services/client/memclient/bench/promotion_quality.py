"""`python -m memclient.bench.promotion_quality`: precision and recall of promotion on labelled conversations.

The conversations come from `quality_data` (spec: docs/consolidation-spec.md), tune and test
halves. Each is one person in a tenant of its own; every turn goes through the real write path
(POST /v1/conversations/{session}/turns on memory-api with the policy service, each in its own
process), and the consolidator runtime (relay + consumers, Redis Streams) runs in this process.
When a tenant's change stream is fully consumed, its active promoted facts are scored.
Starts the embedded stack in a temporary directory; writes results/consolidation-quality.json.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path

import httpx

from .promotion_quality_data import Conversation, conversations, score
from consolidator.runtime import Runtime
from consolidator.settings import ConsolidatorSettings

REPO = Path(__file__).resolve().parents[4]


def post_conversation(api: str, admin: str, c: Conversation) -> str:
    r = httpx.post(f"{api}/v1/admin/tenants", headers={"Authorization": f"Bearer {admin}"}, timeout=60,
                   json={"name": c.id, "kind": "household", "opted_in": True,
                         "users": [{"display_name": "parent", "role": "parent"},
                                   {"display_name": c.speaker, "role": "child", "age_band": "8_12"}]})
    r.raise_for_status()
    body = r.json()
    parent, child = body["users"]
    with httpx.Client(base_url=api, timeout=60) as h:
        # opt the household in (consent) when the API asks for it; harmless otherwise
        h.put(f"/v1/users/{child['user_id']}/policy", json={"memory_enabled": True},
              headers={"Authorization": f"Bearer {parent['token']}"})
        start = datetime(2026, 3, 2, 16, 0, tzinfo=timezone.utc)
        for s, turns in enumerate(c.sessions):
            for i, text in enumerate(turns):
                at = start + timedelta(days=2 * s, minutes=i)
                r = h.post(f"/v1/conversations/{c.id}-s{s}/turns",
                           headers={"Authorization": f"Bearer {child['token']}"},
                           json={"speaker": c.speaker, "text": text, "at": at.isoformat()})
                r.raise_for_status()
                if not r.json().get("stored", True):
                    raise RuntimeError(f"turn not stored: {r.json()}")
    return body["tenant_id"]


async def drained(rt: Runtime, tenant: str) -> bool:
    async with rt.db.as_system(uuid.UUID(tenant)) as conn:
        total = await conn.fetchval("SELECT count(*) FROM outbox")
        unsent = await conn.fetchval("SELECT count(*) FROM outbox WHERE sent_at IS NULL")
        done = dict(await conn.fetch("SELECT consumer, sum(applied)::int FROM consumer_progress GROUP BY 1"))
    return unsent == 0 and len(done) == len(rt.loops) and all(v >= total for v in done.values())


async def promoted_texts(rt: Runtime, tenant: str) -> list[str]:
    async with rt.db.as_system(uuid.UUID(tenant)) as conn:
        rows = await conn.fetch("""SELECT text FROM memory_items WHERE 'promoted' = ANY(tags) AND valid_to IS NULL
                                   ORDER BY created_at""")
    return [r["text"] for r in rows]


async def run_half(rt: Runtime, api: str, admin: str, half: str, n: int, seed: int) -> dict:
    convs = conversations(half, n, seed)
    loop = asyncio.get_running_loop()
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=3) as pool:
        tenants = await asyncio.gather(*(loop.run_in_executor(pool, post_conversation, api, admin, c) for c in convs))
    deadline = time.monotonic() + 300
    for t in tenants:
        while not await drained(rt, t):
            if time.monotonic() > deadline:
                raise RuntimeError("the change stream did not drain in 300 s")
            await asyncio.sleep(0.2)
    facts = {c.id: await promoted_texts(rt, t) for c, t in zip(convs, tenants)}
    result = score(convs, facts)
    result["turns"] = sum(len(s) for c in convs for s in c.sessions)
    result["seconds"] = round(time.perf_counter() - started, 1)
    result["by_pattern"] = by_pattern(convs, result)
    return result


def by_pattern(convs: list[Conversation], result: dict) -> dict:
    missed = {(m["conversation"], m["preference"]) for m in result["misses"]}
    wrong = {(e["conversation"], e["matches"]) for e in result["false_positives"] if e["matches"]}
    out: dict[str, dict[str, int]] = {}
    for c in convs:
        for p in c.preferences:
            d = out.setdefault(p.pattern, {"n": 0, "promote": int(p.promote), "wrong": 0})
            d["n"] += 1
            d["wrong"] += int((c.id, p.key) in (missed if p.promote else wrong))
    return out


async def run(args) -> dict:
    from memcore.devstack.service_process import ServiceProcess
    from memcore.devstack.stack import LocalStack
    from memcore.embedding import make_embedder

    data = Path(tempfile.mkdtemp(prefix="consolidation-quality-"))
    stack = LocalStack(data, persistent=False, with_blob=False).start(log=lambda *_: None)
    os.environ.update(stack.env())
    admin = secrets.token_urlsafe(16)
    env = {**stack.env(), "MEMORY_ADMIN_TOKEN": admin, "MEMORY_LOG_LEVEL": "WARNING", "POLICY_LOG_LEVEL": "WARNING",
           "MEMORY_POLICY_TIMEOUT_S": "5.0"}
    services = []
    rt = None
    try:
        policy = ServiceProcess("policy_service.app:app", "policy", env, data / "logs", cwd=REPO).start()
        services.append(policy)
        api = ServiceProcess("memory_api.app:app", "memory-api", {**env, "MEMORY_POLICY_URL": policy.url},
                             data / "logs", cwd=REPO).start()
        services.append(api)
        settings = ConsolidatorSettings(stream_prefix=f"quality:{uuid.uuid4().hex[:8]}",
                                        consumer_group=f"quality-{uuid.uuid4().hex[:6]}", log_level="WARNING")
        rt = await Runtime(settings, embedder=make_embedder("local")).start()
        halves = {h: await run_half(rt, api.url, admin, h, args.n, args.seed) for h in args.halves}
    finally:
        if rt is not None:
            await rt.stop()
        for s in reversed(services):
            s.stop()
        stack.stop()
    return {"benchmark": "consolidation-quality", "spec": "docs/consolidation-spec.md",
            "command": f"python -m memclient.bench.promotion_quality --n {args.n} --seed {args.seed}",
            "settings": {"similarity": settings.promotion_similarity, "min_mentions": settings.promotion_min_mentions,
                         "min_sessions": settings.promotion_min_sessions},
            "halves": halves}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--n", type=int, default=30, help="conversations per half")
    ap.add_argument("--seed", type=int, default=1616)
    ap.add_argument("--halves", nargs="+", default=["tune", "test"], choices=["tune", "test"])
    ap.add_argument("--out", default=str(REPO / "results" / "consolidation-quality.json"))
    args = ap.parse_args()
    result = asyncio.run(run(args))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n")
    for h, r in result["halves"].items():
        print(f"{h}: precision {r['precision']} recall {r['recall']} (tp {r['tp']} fp {r['fp']} fn {r['fn']} "
              f"duplicates {r['duplicates']}) {r['by_pattern']}")


if __name__ == "__main__":
    main()
