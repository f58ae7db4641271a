"""Crash test: 10,000 events; the consolidator worker (relay + consumers) is SIGKILLed at random
points 20 times and restarted; afterwards every event was applied exactly once by every consumer."""
from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
import uuid

import pytest

from memcore.adapters.bus.redis_streams import RedisStreamsBus

from consolidator.bench_seed import SEED_SQL

EVENTS, KILLS, OWNERS = 10_000, 20, 40
CONSUMERS = ("promotion", "supersession", "session_summary")



def start_worker(env: dict) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "consolidator.worker"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


@pytest.mark.slow
@pytest.mark.timeout(400)
async def test_sigkill_twenty_times_loses_and_doubles_nothing(stack_env, app_db, kit):
    rng = random.Random(20250301)
    users = [uuid.uuid4() for _ in range(OWNERS)]
    tenant = uuid.uuid4()
    async with app_db.as_system(tenant) as conn:
        await conn.execute("INSERT INTO tenants (tenant_id, name) VALUES ($1, 'crash')", tenant)
        await conn.executemany("INSERT INTO users (tenant_id, user_id, display_name, role) VALUES ($1, $2, 'u', 'child')",
                               [(tenant, u) for u in users])
        await conn.execute(SEED_SQL, users, EVENTS, OWNERS)
    prefix, group = f"crash:{uuid.uuid4().hex[:8]}", f"crash-{uuid.uuid4().hex[:6]}"
    env = {**os.environ, "MEMORY_APP_DATABASE_URL": stack_env["MEMORY_APP_DATABASE_URL"],
           "MEMORY_RELAY_DATABASE_URL": stack_env["MEMORY_RELAY_DATABASE_URL"], "REDIS_URL": stack_env["REDIS_URL"],
           "CONSOLIDATOR_STREAM_PREFIX": prefix, "CONSOLIDATOR_CONSUMER_GROUP": group,
           "CONSOLIDATOR_CLAIM_IDLE_S": "1.0", "CONSOLIDATOR_EMBEDDER": "none", "CONSOLIDATOR_MAX_ATTEMPTS": "50",
           "CONSOLIDATOR_CONSUMERS": ",".join(CONSUMERS), "CONSOLIDATOR_LOG_LEVEL": "ERROR"}

    async def applied() -> dict[str, int]:
        rows = await kit.fetch(tenant, "SELECT consumer, sum(applied)::int AS n FROM consumer_progress GROUP BY 1")
        return {r["consumer"]: r["n"] for r in rows}

    started = time.monotonic()
    kills = 0
    proc = start_worker(env)
    try:
        while kills < KILLS:
            await asyncio.sleep(rng.uniform(0.5, 3.0))
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            kills += 1
            proc = start_worker(env)
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            done = await applied()
            unsent = await kit.fetchval(tenant, "SELECT count(*) FROM outbox WHERE sent_at IS NULL")
            total = await kit.fetchval(tenant, "SELECT count(*) FROM outbox")
            if unsent == 0 and all(done.get(c, 0) >= total for c in CONSUMERS):
                break
            await asyncio.sleep(1.0)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(30)
    elapsed = time.monotonic() - started
    done = await applied()
    # the session_summary consumer's own summary events travel the same stream and count too
    total = await kit.fetchval(tenant, "SELECT count(*) FROM outbox")
    print(f"\ncrash test: {EVENTS} events (+{total - EVENTS} derived), {kills} SIGKILLs, {elapsed:.1f}s, "
          f"applied={done}")
    assert kills == KILLS
    assert done == {c: total for c in CONSUMERS}  # none lost, none doubled
    processed = await kit.fetch(tenant, "SELECT consumer, count(*)::int AS n, count(DISTINCT event_id)::int AS d "
                                        "FROM processed_events GROUP BY 1")
    assert {r["consumer"]: (r["n"], r["d"]) for r in processed} == {c: (total, total) for c in CONSUMERS}
    outbox_ids = {f"{tenant}:{r['event_id']}" for r in await kit.fetch(tenant, "SELECT event_id FROM outbox")}
    got = {r["event_id"] for r in await kit.fetch(tenant, "SELECT event_id FROM processed_events WHERE consumer = $1",
                                                  "promotion")}
    assert outbox_ids == got
    bus = RedisStreamsBus(stack_env["REDIS_URL"], prefix=prefix, partitions=4)
    try:
        for c in CONSUMERS:
            assert await bus.dead_letters(f"{group}.{c}") == []
    finally:
        keys = [k async for k in bus.redis.scan_iter(match=f"{prefix}:*")]
        if keys:
            await bus.redis.delete(*keys)
        await bus.close()
