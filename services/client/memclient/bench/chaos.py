"""Chaos: a steady load of turns and contextify calls while the dependencies go away one after the
other, as an operator would see a bad day (issue 34). On a fresh embedded stack with the policy
service, memory-api and the consolidator each in its own process:

    steady -> Postgres away (killed, `pg_ctl -m immediate`) -> Redis away (stopped) -> the policy
    service away -> memory-api SIGKILLed and restarted -> the consolidator SIGKILLed and restarted

with a settle time after each. Clients behave as they should: a turn answered 503 (or not answered)
is sent again after Retry-After with the same Idempotency-Key, until it is acknowledged or the run
ends. Reported: acknowledged writes missing from Postgres afterwards (must be 0), dead letters (must
be 0), answers by status (5xx other than 503 must be 0), dropped connections by phase (only where
the API itself was killed), how long the consolidator took to catch up after the last recovery, and
how long the load ran past its end.

    memctl bench chaos [--postgres-s 120 --redis-s 60 --policy-s 60 --settle-s 30 --sessions 20]
"""
from __future__ import annotations

import asyncio
import os
import random
import secrets
import shutil
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg

from memcore.devstack.service_process import ServiceProcess
from memcore.devstack.stack import REPO_ROOT, LocalStack

from ..client import create_tenant
from .metrics import write_result
from .textgen import sentences

@dataclass
class Record:
    phase: str = "warm-up"
    acked: list[str] = field(default_factory=list)  # memory ids of acknowledged turns
    statuses: Counter = field(default_factory=Counter)  # "turn 200", "contextify 503", ...
    no_answer: Counter = field(default_factory=Counter)  # phase -> requests with no HTTP answer (dropped, timed out)
    unacknowledged: set = field(default_factory=set)  # turns sent and not (yet) acknowledged


async def _session(n: int, client: httpx.AsyncClient, token: str, texts: list[str], rec: Record,
                   think_s: float) -> None:
    """Runs until cancelled (the end of the run)."""
    rng, headers, session = random.Random(n), {"Authorization": f"Bearer {token}"}, f"chaos-{n}"
    turn = 0
    while True:
        if rng.random() < 0.4:
            body = {"query": f"What do you remember about {rng.choice(rng.choice(texts).split())}?",
                    "session_id": session, "token_budget": 300}
            await _send(client, "contextify", "/v1/memory/contextify", body, headers, rec)
        else:
            turn += 1
            keyed = {**headers, "Idempotency-Key": f"{session}-{turn}"}
            body = {"speaker": "user", "text": rng.choice(texts)}
            rec.unacknowledged.add(keyed["Idempotency-Key"])
            while True:  # the same turn, the same key, until it is acknowledged
                r = await _send(client, "turn", f"/v1/conversations/{session}/turns", body, keyed, rec)
                if r is not None and r.status_code == 200:
                    rec.acked += [i["memory"]["id"] for i in r.json()["items"] if i.get("memory")]
                    rec.unacknowledged.discard(keyed["Idempotency-Key"])
                    break
                if r is not None and r.status_code not in (503, 429):
                    break  # a refusal, not an outage: not retried
                await asyncio.sleep(float(r.headers.get("Retry-After", 1)) if r is not None else 1.0)
        await asyncio.sleep(rng.expovariate(1 / think_s))


async def _send(client, kind: str, path: str, body: dict, headers: dict, rec: Record):
    try:
        r = await client.post(path, json=body, headers=headers)
    except httpx.HTTPError:
        rec.no_answer[f"{rec.phase}: {kind}"] += 1
        return None
    rec.statuses[f"{kind} {r.status_code}"] += 1
    return r


def _faults(stack: LocalStack, policy: ServiceProcess, api: ServiceProcess, consolidator: ServiceProcess,
            rec: Record, durations: dict[str, float], log) -> dict[str, float]:
    """The fault script (in a thread); returns when each phase ended (seconds since the start)."""
    start, marks = time.monotonic(), {}

    def phase(name: str, seconds: float) -> None:
        rec.phase = name
        log(f"[chaos] {time.monotonic() - start:5.0f} s  {name}")
        time.sleep(seconds)
        marks[name] = round(time.monotonic() - start, 1)

    settle = durations["settle"]
    phase("steady", settle)
    stack.postgres.stop("immediate")
    phase("postgres away", durations["postgres"])
    stack.postgres.start()
    phase("after postgres", settle)
    stack.redis.stop()
    phase("redis away", durations["redis"])
    stack.redis.start()
    phase("after redis", settle)
    policy.stop()
    phase("policy away", durations["policy"])
    policy.start()
    phase("after policy", settle)
    rec.phase = "api killed"
    api.proc.kill()  # SIGKILL: requests in flight are lost with it (clients send them again)
    api.proc.wait()
    api.start()
    phase("after api kill", settle)
    consolidator.proc.kill()
    consolidator.proc.wait()
    consolidator.start()
    rec.phase = "after consolidator kill"
    recovered = time.monotonic()  # the last recovery: how long until every consumer has applied the
    backlog = _progress(stack.database_url)[0]  # events committed before it (the load goes on meanwhile)
    while time.monotonic() - recovered < settle:
        if "caught_up_s" not in marks and _progress(stack.database_url)[2] >= backlog:
            marks["caught_up_s"] = round(time.monotonic() - recovered, 1)
        time.sleep(0.5)
    marks["after consolidator kill"] = round(time.monotonic() - start, 1)
    return marks


CONSUMERS = ("promotion", "supersession", "session_summary", "derived")


def _progress(database_url: str) -> tuple[int, int, int]:
    """(outbox rows, of them unsent, events applied by the consumer that applied fewest)."""
    with psycopg.connect(database_url, autocommit=True) as conn:
        total, unsent = conn.execute("SELECT count(*), count(*) FILTER (WHERE sent_at IS NULL) FROM outbox").fetchone()
        done = dict(conn.execute("SELECT consumer, sum(applied)::bigint FROM consumer_progress GROUP BY 1").fetchall())
    return total, unsent, min(done.get(c, 0) for c in CONSUMERS)


def _caught_up(database_url: str) -> bool:
    """Every outbox row published and applied (or found not wanted) by every consumer."""
    total, unsent, applied = _progress(database_url)
    return unsent == 0 and applied >= total


def _missing(database_url: str, ids: list[str]) -> int:
    with psycopg.connect(database_url, autocommit=True) as conn:
        found = conn.execute("SELECT count(*) FROM memory_items WHERE memory_id = ANY(%s::uuid[])", (ids,)).fetchone()[0]
    return len(set(ids)) - found


def run(out: Path | None = None, sessions: int = 20, think_s: float = 1.0, postgres_s: float = 120,
        redis_s: float = 60, policy_s: float = 60, settle_s: float = 30, log=print) -> dict:
    data_dir = REPO_ROOT / ".data" / "chaos"
    shutil.rmtree(data_dir, ignore_errors=True)  # a clean stack each run
    os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")
    stack = LocalStack(data_dir, persistent=True, with_blob=False).start(log=log)
    admin, logs = secrets.token_urlsafe(16), data_dir / "logs"
    env = {**stack.env(), "POLICY_LOG_LEVEL": "WARNING", "MEMORY_LOG_LEVEL": "WARNING", "MEMORY_ADMIN_TOKEN": admin,
           "MEMORY_MODEL_DIR": os.environ.get("MEMORY_MODEL_DIR", str(REPO_ROOT / ".data" / "models")),
           "CONSOLIDATOR_EMBEDDER": "none", "CONSOLIDATOR_LOG_LEVEL": "WARNING"}
    started: list[ServiceProcess] = []
    try:
        policy = ServiceProcess("policy_service.app:app", "policy", env, logs, cwd=REPO_ROOT)
        started.append(policy.start())
        api = ServiceProcess("memory_api.app:app", "memory-api", {**env, "MEMORY_POLICY_URL": policy.url}, logs,
                             cwd=REPO_ROOT)
        started.append(api.start())
        consolidator = ServiceProcess("consolidator.app:app", "consolidator", env, logs, cwd=REPO_ROOT)
        started.append(consolidator.start())
        durations = {"postgres": postgres_s, "redis": redis_s, "policy": policy_s, "settle": settle_s}
        result = asyncio.run(_run(stack, policy, api, consolidator, admin, sessions, think_s, durations, log))
    finally:
        for service in reversed(started):
            service.stop()
        stack.stop()
    write_result(out, result)
    return result


async def _run(stack, policy, api, consolidator, admin: str, sessions: int, think_s: float,
               durations: dict[str, float], log) -> dict:
    tokens = [u["token"] for u in create_tenant(api.url, admin, "chaos", [(f"u{i}", "user") for i in range(sessions)],
                                                kind="household")["users"]]
    texts, rec = sentences(random.Random(34), 500), Record()
    faults = asyncio.create_task(asyncio.to_thread(_faults, stack, policy, api, consolidator, rec, durations, log))
    async with httpx.AsyncClient(base_url=api.url, timeout=30,
                                 limits=httpx.Limits(max_connections=sessions, keepalive_expiry=2.0)) as client:
        load = [asyncio.create_task(_session(n, client, tokens[n], texts, rec, think_s))
                for n in range(sessions)]
        marks = await faults
        ended = time.monotonic()
        for task in load:  # the end of the run: requests in flight are cancelled with their sessions
            task.cancel()
        await asyncio.gather(*load, return_exceptions=True)
        load_overrun_s = round(time.monotonic() - ended, 1)
    database_url, drained_s = stack.database_url, None
    started = time.monotonic()
    while time.monotonic() - started < 300:
        if _caught_up(database_url):
            drained_s = round(time.monotonic() - started, 1)
            break
        await asyncio.sleep(1.0)
    dead = httpx.get(f"{api.url}/v1/admin/dead-letters", headers={"Authorization": f"Bearer {admin}"}, timeout=30)
    statuses = dict(sorted(rec.statuses.items()))
    return {"sessions": sessions, "think_s": think_s, "durations_s": durations, "phases_ended_at_s": marks,
            "acknowledged_writes": len(rec.acked), "acknowledged_writes_lost": _missing(database_url, rec.acked),
            "turns_unacknowledged_at_end": len(rec.unacknowledged),
            "dead_letters": dead.json().get("total") if dead.status_code == 200 else f"HTTP {dead.status_code}",
            "answers": statuses,
            "server_errors_other_than_503": sum(n for k, n in statuses.items() if k.split()[-1].startswith("5")
                                                and not k.endswith("503")),
            "no_answer_by_phase": dict(rec.no_answer),
            # from the consolidator's restart (the last recovery) until every consumer had applied as many
            # events as were committed at the restart, under the load still running; and after the load
            # stopped, until every event was applied
            "consumers_caught_up_after_last_recovery_s": marks.pop("caught_up_s", None),
            "consumers_drained_after_the_load_s": drained_s,
            "load_ended_after_its_end_s": load_overrun_s}
