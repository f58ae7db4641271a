"""The consolidator worker's throughput on the crash test's input, with the work it takes per event.

    source <worktree env>; .venv/bin/python scripts/consolidator_throughput.py [--events 10000]

Starts an embedded stack (or uses DATABASE_URL, MEMORY_APP_DATABASE_URL, MEMORY_RELAY_DATABASE_URL and
REDIS_URL), seeds the input of tests/consolidator/test_crash_slow.py (one tenant), runs the worker's
Runtime (relay + the four consumers, CONSOLIDATOR_EMBEDDER=none as the test) in this process until every
event is applied by every consumer, and prints the wall time and, per outbox event, the SQL statements
(by kind, with the rows they fetched), transactions committed and Redis round trips, and how long each
consumer was busy applying (the slowest one sets the pace). The counts do not depend on the host's load.
"""
from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import shutil
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path

import asyncpg
import redis.asyncio.client as redis_client

REPO = Path(__file__).resolve().parents[1]
SQL: Counter = Counter()
ROWS: Counter = Counter()  # rows fetched, by statement
REDIS: Counter = Counter()


def _count_sql() -> None:
    conn = asyncpg.connection.Connection
    for name in ("execute", "fetch", "fetchrow", "fetchval", "executemany"):
        original = getattr(conn, name)

        async def wrapped(self, query, *args, _original=original, **kw):
            key = " ".join(str(query).split())[:70]
            SQL[key] += 1
            result = await _original(self, query, *args, **kw)
            if isinstance(result, list):
                ROWS[key] += len(result)
            return result

        setattr(conn, name, wrapped)
    execute_command = redis_client.Redis.execute_command
    pipeline_execute = redis_client.Pipeline.execute

    async def command(self, *args, **kw):
        REDIS[str(args[0])] += 1
        return await execute_command(self, *args, **kw)

    async def pipeline(self, *args, **kw):
        REDIS["pipeline"] += 1
        return await pipeline_execute(self, *args, **kw)

    redis_client.Redis.execute_command = command
    redis_client.Pipeline.execute = pipeline


BUSY: Counter = Counter()  # seconds each consumer spent applying (its loop's busy time)


def _time_consumers() -> None:
    from consolidator.consumer import IdempotentConsumer

    apply_batch = IdempotentConsumer.apply_batch

    async def timed(self, events):
        started = time.monotonic()
        try:
            return await apply_batch(self, events)
        finally:
            BUSY[self.name] += time.monotonic() - started

    IdempotentConsumer.apply_batch = timed


def _test_module():
    spec = importlib.util.spec_from_file_location("crash_test", REPO / "tests/consolidator/test_crash_slow.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def run(env: dict, events: int) -> None:
    from memcore.adapters.postgres import Database
    from memcore.embedding import make_embedder

    crash = _test_module()
    crash.EVENTS = events
    os.environ.update({k: v for k, v in crash.worker_env(env, f"bench:{uuid.uuid4().hex[:8]}", "bench").items()
                       if k.startswith(("CONSOLIDATOR_", "MEMORY_", "REDIS_"))})
    from consolidator.runtime import Runtime
    from consolidator.settings import ConsolidatorSettings

    db = await Database(env["MEMORY_APP_DATABASE_URL"], min_size=1, max_size=4).connect()
    tenant, users = uuid.uuid4(), [uuid.uuid4() for _ in range(crash.OWNERS)]
    seeding = time.monotonic()
    await crash.seed(db, make_embedder("local"), tenant, users)
    print(f"seeded {events} rows and events in {time.monotonic() - seeding:.1f} s")

    class Kit:
        async def fetch(self, t, sql, *args):
            async with db.as_system(t) as conn:
                return await conn.fetch(sql, *args)

        async def fetchval(self, t, sql, *args):
            async with db.as_system(t) as conn:
                return await conn.fetchval(sql, *args)

    kit = Kit()
    _count_sql()
    _time_consumers()
    SQL.clear()
    ROWS.clear()
    REDIS.clear()
    started = time.monotonic()
    runtime = await Runtime(ConsolidatorSettings()).start()
    try:
        while not await crash.all_applied(kit, tenant):
            await asyncio.sleep(0.5)
    finally:
        await runtime.stop()
    elapsed = time.monotonic() - started
    total = await kit.fetchval(tenant, "SELECT count(*) FROM outbox")
    promoted = await crash.promoted_set(kit, tenant, users)
    await db.close()
    # the polling above is the harness's, not the worker's
    harness = {k for k in SQL if "consumer_progress GROUP BY" in k or "FROM outbox WHERE sent_at IS NULL" in k
               or k == "SELECT count(*) FROM outbox" or k.startswith("SELECT 1")}
    commits = sum(n for k, n in SQL.items() if k == "COMMIT")
    statements = sum(n for k, n in SQL.items() if k not in harness)
    print(f"{events} events (+{total - events} derived) = {total} outbox rows, {4 * total} applications, "
          f"{elapsed:.1f} s ({4 * total / elapsed:.0f} applications/s), promoted facts {len(promoted)}")
    print(f"per outbox row: {statements / total:.2f} SQL calls, {commits / total:.2f} commits, "
          f"{sum(REDIS.values()) / total:.3f} Redis round trips")
    for k, n in SQL.most_common(25):
        if k not in harness:
            print(f"  {n / total:7.3f}  {k}  ({ROWS[k] / total:.1f} rows)")
    print("  redis:", {k: n for k, n in REDIS.most_common()})
    print("  busy applying (s):", {k: round(v, 1) for k, v in BUSY.most_common()})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=10_000)
    args = ap.parse_args()
    keys = ("DATABASE_URL", "MEMORY_APP_DATABASE_URL", "MEMORY_RELAY_DATABASE_URL", "REDIS_URL")
    if all(os.environ.get(k) for k in keys):
        asyncio.run(run({k: os.environ[k] for k in keys}, args.events))
        return
    from memcore.devstack.stack import LocalStack

    tmp = Path(tempfile.mkdtemp(prefix="consolidator-bench-"))
    stack = LocalStack(tmp, persistent=False, with_blob=False).start(log=lambda *_: None)
    try:
        asyncio.run(run(stack.env(), args.events))
    finally:
        stack.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
