"""`python -m memclient.bench.consolidation`: commit-to-promoted-fact latency and consumer throughput;
`--mode derived`: source change -> derived change latency (issue 16), results/consolidation-derived.json.

Uses the stack in MEMORY_APP_DATABASE_URL / MEMORY_RELAY_DATABASE_URL / REDIS_URL when set,
otherwise starts the embedded stack in a temporary directory. Runs the real runtime (relay + the
three consumers, Redis Streams) in-process and writes results/consolidation.json.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import tempfile
import time
import uuid
from pathlib import Path

import numpy as np

from consolidator.runtime import Runtime
from consolidator.settings import ConsolidatorSettings
from consolidator.threshold import measure

REPO = Path(__file__).resolve().parents[4]
TOPICS = [
    ["I love triceratops", "I love stegosaurus", "I love dinosaurs"],
    ["I love playing soccer", "Football is my favourite sport", "soccer is the best game"],
    ["I love pizza", "pizza is my favourite food", "can we have pizza, I love it"],
    ["I like horses", "ponies are my favourite animal", "I love riding horses"],
    ["I love strawberry ice cream", "ice cream is my favourite dessert", "more ice cream please, I love it"],
]
ROW_SQL = """INSERT INTO memory_items (tenant_id, memory_id, owner_id, type, session_id, text, text_hash, search_text,
                 tsv, doc_len, embedding, embedding_model)
             VALUES (current_setting('app.tenant_id')::uuid, $1, $2, 'episodic', $3, $4, md5($4), $4,
                     to_tsvector('english', $4), 3, $5, $6)"""
OUTBOX_SQL = """INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
                VALUES (current_setting('app.tenant_id')::uuid, $1, 'memory.created', $2, $3)"""


def pct(values: list[float], p: float) -> float:
    return float(np.percentile(values, p)) if values else float("nan")


async def household(db, n_users: int):
    tenant, users = uuid.uuid4(), [uuid.uuid4() for _ in range(n_users)]
    async with db.as_system(tenant) as conn:
        await conn.execute("INSERT INTO tenants (tenant_id, name) VALUES ($1, 'bench')", tenant)
        await conn.executemany("INSERT INTO users (tenant_id, user_id, display_name, role) VALUES ($1, $2, 'c', 'child')",
                               [(tenant, u) for u in users])
    return tenant, users


async def write(db, embedder, tenant, owner, text: str, session: str) -> None:
    mid = uuid.uuid4()
    vec = embedder.embed_one(text)
    async with db.as_system(tenant) as conn:
        await conn.execute(ROW_SQL, mid, owner, session, text, np.asarray(vec, dtype=np.float32), embedder.model_name)
        await conn.execute(OUTBOX_SQL, owner, str(mid), {"memory_id": str(mid), "type": "episodic", "session_id": session})


async def promoted(db, tenant, owner) -> bool:
    async with db.as_system(tenant) as conn:
        return bool(await conn.fetchval(
            "SELECT 1 FROM memory_items WHERE owner_id = $1 AND 'promoted' = ANY(tags)", owner))


async def bench_latency(rt: Runtime, embedder, owners: int) -> dict:
    tenant, users = await household(rt.db, owners)
    latencies = []
    for i, owner in enumerate(users):
        topic = TOPICS[i % len(TOPICS)]
        for j, text in enumerate(topic[:2]):
            await write(rt.db, embedder, tenant, owner, text, f"s{j}")
        await asyncio.sleep(0.3)  # the first two are consumed (nothing to promote yet)
        vec = embedder.embed_one(topic[2])  # embedding happens before commit in the write path
        mid = uuid.uuid4()
        async with rt.db.as_system(tenant) as conn:
            await conn.execute(ROW_SQL, mid, owner, "s2", topic[2], np.asarray(vec, dtype=np.float32), embedder.model_name)
            await conn.execute(OUTBOX_SQL, owner, str(mid), {"memory_id": str(mid), "type": "episodic", "session_id": "s2"})
        committed = time.perf_counter()
        while not await promoted(rt.db, tenant, owner):
            if time.perf_counter() - committed > 10:
                raise RuntimeError(f"owner {i}: no promotion within 10 s")
            await asyncio.sleep(0.005)
        latencies.append((time.perf_counter() - committed) * 1000)
    return {"owners": owners, "p50_ms": round(pct(latencies, 50), 1), "p95_ms": round(pct(latencies, 95), 1),
            "max_ms": round(max(latencies), 1), "mean_ms": round(statistics.mean(latencies), 1)}


async def _wait(db, tenant, sql: str, *args, timeout: float = 10.0) -> float:
    """Milliseconds until `sql` returns true."""
    started = time.perf_counter()
    while True:
        async with db.as_system(tenant) as conn:
            if await conn.fetchval(sql, *args):
                return (time.perf_counter() - started) * 1000
        if time.perf_counter() - started > timeout:
            raise RuntimeError(f"no derived change within {timeout} s: {sql}")
        await asyncio.sleep(0.005)


async def bench_derived(rt: Runtime, embedder, owners: int) -> dict:
    """Per owner: a promoted fact on three episodes (three sessions) and a session summary. Then
    (1) an edit of an episode's text (UPDATE + memory.updated, one transaction, as PATCH does) until
    the session summary holds the new text, and (2) a delete of an episode (DELETE + memory.deleted,
    as DELETE /v1/memory/{id} does) until the fact is demoted and the summary no longer links it.
    Latency = from the source's commit to the derived change being visible."""
    tenant, users = await household(rt.db, owners)
    edits, deletes = [], []
    for i, owner in enumerate(users):
        topic = TOPICS[i % len(TOPICS)]
        for j, text in enumerate(topic):
            await write(rt.db, embedder, tenant, owner, text, f"s{j}")
        await _wait(rt.db, tenant, "SELECT count(*) = 1 FROM memory_items WHERE owner_id = $1 AND 'promoted' = ANY(tags) "
                                   "AND valid_to IS NULL", owner)
        await _wait(rt.db, tenant, "SELECT count(*) = 3 FROM memory_items WHERE owner_id = $1 AND type = 'summary'",
                    owner)
        async with rt.db.as_system(tenant) as conn:
            ids = [r[0] for r in await conn.fetch(
                "SELECT memory_id FROM memory_items WHERE owner_id = $1 AND type = 'episodic' ORDER BY session_id", owner)]
        new_text = f"{topic[0]} and bench edit {i}"
        vec = np.asarray(embedder.embed_one(new_text), dtype=np.float32)
        async with rt.db.as_system(tenant) as conn:
            await conn.execute("UPDATE memory_items SET text = $2, embedding = $3, content_embedding = NULL, "
                               "version = version + 1 WHERE memory_id = $1", ids[0], new_text, vec)
            await conn.execute(OUTBOX_SQL.replace("'memory.created'", "'memory.updated'"), owner, str(ids[0]),
                               {"memory_id": str(ids[0])})
        edits.append(await _wait(rt.db, tenant, "SELECT count(*) = 1 FROM memory_items WHERE owner_id = $1 "
                                                "AND type = 'summary' AND strpos(text, $2) > 0", owner, f"bench edit {i}"))
        async with rt.db.as_system(tenant) as conn:
            await conn.execute("DELETE FROM memory_items WHERE memory_id = $1", ids[1])
            await conn.execute(OUTBOX_SQL.replace("'memory.created'", "'memory.deleted'"), owner, str(ids[1]),
                               {"memory_id": str(ids[1])})
        deletes.append(await _wait(rt.db, tenant, """SELECT NOT EXISTS (SELECT 1 FROM memory_items WHERE owner_id = $1
                                                         AND links && ARRAY[$2::uuid] AND valid_to IS NULL)""",
                                   owner, ids[1]))
    both = edits + deletes

    def stats(v):
        return {"n": len(v), "p50_ms": round(pct(v, 50), 1), "p95_ms": round(pct(v, 95), 1),
                "max_ms": round(max(v), 1)}
    return {"owners": owners, "edit_to_summary": stats(edits), "delete_to_demoted_and_summary": stats(deletes),
            "all": stats(both)}


async def bench_throughput(rt: Runtime, events: int) -> dict:
    tenant, users = await household(rt.db, 20)
    from importlib import import_module

    seed_sql = import_module("memclient.bench.consolidation_seed").SEED_SQL
    applied_sql = "SELECT consumer, sum(applied)::int FROM consumer_progress GROUP BY 1"
    started = time.perf_counter()
    async with rt.db.as_system(tenant) as conn:
        await conn.execute(seed_sql, users, events, len(users))
    while True:
        async with rt.db.as_system(tenant) as conn:
            total = await conn.fetchval("SELECT count(*) FROM outbox")
            done = dict(await conn.fetch(applied_sql))
        if len(done) == len(rt.loops) and all(v >= total for v in done.values()):
            break
        await asyncio.sleep(0.05)
    elapsed = time.perf_counter() - started
    return {"events_committed": events, "events_on_stream": total, "consumers": len(rt.loops),
            "seconds": round(elapsed, 2), "events_per_s_per_consumer": round(total / elapsed, 1),
            "applications_per_s": round(total * len(rt.loops) / elapsed, 1)}


async def run(args) -> dict:
    from memcore.embedding import make_embedder

    stack = None
    if not (os.environ.get("MEMORY_APP_DATABASE_URL") and os.environ.get("REDIS_URL")):
        from memcore.devstack.stack import LocalStack

        stack = LocalStack(Path(tempfile.mkdtemp(prefix="consolidation-bench-")), persistent=False,
                           with_blob=False).start(log=lambda *_: None)
        os.environ.update(stack.env())
    embedder = make_embedder("local")
    settings = ConsolidatorSettings(stream_prefix=f"bench:{uuid.uuid4().hex[:8]}",
                                    consumer_group=f"bench-{uuid.uuid4().hex[:6]}", log_level="WARNING")
    rt = await Runtime(settings, embedder=embedder).start()
    try:
        if args.mode == "derived":
            derived = await bench_derived(rt, embedder, args.owners)
        else:
            latency = await bench_latency(rt, embedder, args.owners)
            throughput = await bench_throughput(rt, args.events)
    finally:
        await rt.stop()
        keys = []
        import redis.asyncio as aioredis

        r = aioredis.from_url(settings.redis_url)
        keys = [k async for k in r.scan_iter(match=f"{settings.stream_prefix}:*")]
        if keys:
            await r.delete(*keys)
        await r.aclose()
        if stack is not None:
            stack.stop()
    if args.mode == "derived":
        return {"benchmark": "consolidation-derived",
                "command": f"python -m memclient.bench.consolidation --mode derived --owners {args.owners}",
                "machine": {"cpus": os.cpu_count(), "python": platform.python_version()}, "bus": "redis_streams",
                "consumers": settings.consumer_list, "source_change_to_derived_change": derived,
                "target": {"p95_ms": 2000}}
    return {
        "benchmark": "consolidation",
        "command": "python -m memclient.bench.consolidation" + (f" --owners {args.owners} --events {args.events}"),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "bus": "redis_streams",
        "commit_to_promoted_fact": latency,
        "consumer_throughput": throughput,
        "promotion_threshold": measure(embedder),
        "target": {"commit_to_promoted_p95_ms": 2000},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--owners", type=int, default=40)
    ap.add_argument("--events", type=int, default=5000)
    ap.add_argument("--mode", choices=["promotion", "derived"], default="promotion")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    args.out = args.out or str(REPO / "results" / ("consolidation-derived.json" if args.mode == "derived"
                                                   else "consolidation.json"))
    result = asyncio.run(run(args))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
