"""Chaos: a steady load of turns and contextify calls while the dependencies go away one after the
other, as an operator would see a bad day (issue 34). On a fresh embedded stack with the policy
service, memory-api and the consolidator each in its own process:

    steady -> Postgres away (killed, `pg_ctl -m immediate`) -> Redis away (stopped) -> the policy
    service away -> memory-api SIGKILLed and restarted -> the consolidator SIGKILLed and restarted

with a settle time after each. The load is a script fixed by a seed: each session sends the same
requests in the same order in every run, and a turn answered 503 (or not answered) is sent again
after Retry-After with the same Idempotency-Key until it is acknowledged, so the run ends with the
same acknowledged turns as a run without faults. The same script runs first on a stack of its own
without faults (the twin); once every consumer has caught up in each, their derived data (session
summaries, promoted facts, knowledge facts, entity profiles, and the turns themselves) are compared
by content (`derived_compare`; must not differ). Reported besides: acknowledged writes missing from
Postgres afterwards (must be 0), dead letters (must be 0), answers by status (5xx other than 503
must be 0), dropped connections by phase (only where the API itself was killed), how long the
consolidator took to catch up after the last recovery.

    memctl bench chaos [--outages-s 120 60 60 30] [--sessions 20] [--requests-per-session 200]
                       [--seed 34] [--no-faults]
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
from datetime import datetime, timedelta, timezone
from pathlib import Path

import httpx
import psycopg

from memcore.devstack.service_process import ServiceProcess
from memcore.devstack.stack import REPO_ROOT, LocalStack

from ..client import create_tenant
from .metrics import write_result
from . import derived_compare
from .chaos_rows import derived_rows
from .textgen import sentences

LOAD_DEADLINE_S = 900  # after the fault script (or from the start, without faults)
LOAD_END_SLACK_S = 10.0  # done criterion: a load run ends within 10 s of its duration
CATCH_UP_LIMIT_S = 60.0  # done criterion: every consumer caught up within 60 s of the last recovery
CATCH_UP_WATCH_S = 600.0  # how long after the last recovery the catch-up is watched for

@dataclass
class Record:
    phase: str = "warm-up"
    acked: list[str] = field(default_factory=list)  # memory ids of acknowledged turns
    statuses: Counter = field(default_factory=Counter)  # "turn 200", "contextify 503", ...
    no_answer: Counter = field(default_factory=Counter)  # phase -> requests with no HTTP answer (dropped, timed out)
    unacknowledged: set = field(default_factory=set)  # turns sent and not (yet) acknowledged
    refused: dict = field(default_factory=dict)  # idempotency key -> status of a refusal other than 503/429
    slowest_s: dict = field(default_factory=dict)  # kind -> the longest wait for one answer (or for giving up)
    session_ended_s: list = field(default_factory=list)  # when each session finished its script (since the load began)


@dataclass(frozen=True)
class Step:
    kind: str  # "turn" or "contextify"
    text: str  # the turn, or the question
    turn: int  # the turn's number in the user's script (0 for a contextify)
    think_s: float  # the pause after it
    session: str  # the user's first session for the first half of the script, their second after


# What the owner says of themself, so that turns teach knowledge (facts, repeats that reinforce them,
# changes that supersede them) and name people whose profiles grow
FIRST_PERSON = ([f"I love {x}." for x in ("horses", "chess", "swimming", "jazz", "baking")]
                + [f"I hate {x}." for x in ("peas", "mushrooms", "traffic", "rain")]
                + [f"I live in {x}." for x in ("Lisbon", "Porto", "Leeds")]
                + [f"I work at {x}." for x in ("Harbor Foods", "Acme Labs")]
                + [f"My best friend is {x}." for x in ("Dana", "Kofi", "Lena")]
                + [f"My sister {x} plays the piano." for x in ("Hana", "Julia")]
                + ["I'm allergic to peanuts.", "I play football every Saturday.", "I think I like sushi."])


def session_script(seed: int, n: int, texts: list[str], steps: int, think_s: float) -> list[Step]:
    """User n's requests, the same in every run with this seed: a turn (60%; a third of them of the
    owner themself) or a contextify (40%), in two sessions one after the other (promotion wants what
    was said in two sessions)."""
    rng, script, turn = random.Random(seed * 1000 + n), [], 0
    for i in range(steps):
        session = f"chaos-{n}" if i < steps // 2 else f"chaos-{n}-2"
        if rng.random() < 0.4:
            question = f"What do you remember about {rng.choice(rng.choice(texts).split())}?"
            script.append(Step("contextify", question, 0, rng.expovariate(1 / think_s), session))
        else:
            turn += 1
            text = rng.choice(FIRST_PERSON) if rng.random() < 1 / 3 else rng.choice(texts)
            script.append(Step("turn", text, turn, rng.expovariate(1 / think_s), session))
    return script


async def _session(n: int, client: httpx.AsyncClient, token: str, script: list[Step], rec: Record,
                   said_at: datetime) -> None:
    """Runs its script to the end: each turn is sent until it is acknowledged (a refusal other than
    503/429 is recorded, not retried), in order, so a run with faults ends with the same turns as one
    without. Each turn says when it was said (`said_at` + its number in seconds), so that what is drawn
    from it ("yesterday") does not depend on when it was acknowledged."""
    headers = {"Authorization": f"Bearer {token}"}
    for step in script:
        session = step.session
        if step.kind == "contextify":
            body = {"query": step.text, "session_id": session, "token_budget": 300}
            await _send(client, "contextify", "/v1/memory/contextify", body, headers, rec)
        else:
            keyed = {**headers, "Idempotency-Key": f"chaos-{n}-turn-{step.turn}"}
            body = {"speaker": "user", "text": step.text, "at": (said_at + timedelta(seconds=step.turn)).isoformat()}
            rec.unacknowledged.add(keyed["Idempotency-Key"])
            while True:  # the same turn, the same key, until it is acknowledged
                r = await _send(client, "turn", f"/v1/conversations/{session}/turns", body, keyed, rec)
                if r is not None and r.status_code == 200:
                    rec.acked += [i["memory"]["id"] for i in r.json()["items"] if i.get("memory")]
                    rec.unacknowledged.discard(keyed["Idempotency-Key"])
                    break
                if r is not None and r.status_code not in (503, 429):
                    rec.refused[keyed["Idempotency-Key"]] = r.status_code  # a refusal, not an outage
                    break
                await asyncio.sleep(float(r.headers.get("Retry-After", 1)) if r is not None else 1.0)
        await asyncio.sleep(step.think_s)


async def _send(client, kind: str, path: str, body: dict, headers: dict, rec: Record):
    sent = time.monotonic()
    try:
        r = await client.post(path, json=body, headers=headers)
    except httpx.HTTPError:
        rec.no_answer[f"{rec.phase}: {kind}"] += 1
        r = None
    else:
        rec.statuses[f"{kind} {r.status_code}"] += 1
    rec.slowest_s[kind] = round(max(rec.slowest_s.get(kind, 0.0), time.monotonic() - sent), 2)
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
    # the settle time at least, and until the consumers have caught up (watched up to CATCH_UP_WATCH_S,
    # so that a catch-up slower than the settle time is measured, not reported as none)
    while time.monotonic() - recovered < settle or (
            "caught_up_s" not in marks and time.monotonic() - recovered < CATCH_UP_WATCH_S):
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
        redis_s: float = 60, policy_s: float = 60, settle_s: float = 30, steps: int = 200, seed: int = 34,
        faults: bool = True, log=print) -> dict:
    """The fault-free twin first, then (unless `faults` is False) the same workload under the faults;
    then the derived data of the two compared (`derived_compare`)."""
    said_at = datetime.now(timezone.utc).replace(minute=0, second=0, microsecond=0) - timedelta(hours=12)
    texts = sentences(random.Random(seed), 500)
    scripts = [session_script(seed, n, texts, steps, think_s) for n in range(sessions)]
    durations = {"postgres": postgres_s, "redis": redis_s, "policy": policy_s, "settle": settle_s}
    log(f"[chaos] the fault-free twin: {sessions} sessions of {steps} requests (seed {seed})")
    twin, twin_rows = _one_run("chaos-twin", scripts, said_at, None, log)
    twin_snapshot = derived_compare.snapshot(twin_rows)
    workload = {"seed": seed, "requests_per_session": steps, "turns": sum(s.kind == "turn" for x in scripts for s in x)}
    if not faults:
        result = {"sessions": sessions, "think_s": think_s, "workload": workload, "without_faults": twin,
                  "derived": derived_compare.counts(twin_snapshot)}
        write_result(out, result)
        return result
    log("[chaos] the same workload under faults")
    result, rows = _one_run("chaos", scripts, said_at, durations, log)
    snap = derived_compare.snapshot(rows)
    differences = derived_compare.compare(twin_snapshot, snap)
    result = {"sessions": sessions, "think_s": think_s, "workload": workload,
              "done_criteria": done_criteria(result, twin, len(differences)), **result, "without_faults": twin,
              "derived_compared": {"without_faults": derived_compare.counts(twin_snapshot),
                                   "with_faults": derived_compare.counts(snap),
                                   "differences": len(differences),
                                   "differences_by_section": dict(Counter(d["section"] for d in differences)),
                                   "listed": differences[:100]}}
    write_result(out, result)
    return result


def done_criteria(faulty: dict, twin: dict, differences: int) -> dict[str, dict]:
    """Issue 34's done criteria, each with what the run measured and whether it holds."""
    caught_up = faulty.get("consumers_caught_up_after_last_recovery_s")
    dropped = {k: n for k, n in faulty.get("no_answer_by_phase", {}).items() if not k.startswith("api killed")}
    slowest = max([*faulty.get("slowest_answer_s", {}).values(), *twin.get("slowest_answer_s", {}).values()],
                  default=0.0)
    cut = faulty.get("sessions_cut_off", 0) + twin.get("sessions_cut_off", 0)

    def verdict(measured, holds: bool) -> dict:
        return {"measured": measured, "holds": bool(holds)}

    return {
        "acknowledged_writes_lost_0": verdict(faulty["acknowledged_writes_lost"], faulty["acknowledged_writes_lost"] == 0),
        "dead_letters_0": verdict(faulty["dead_letters"], faulty["dead_letters"] == 0),
        f"consumers_caught_up_within_{CATCH_UP_LIMIT_S:.0f}_s_of_the_last_recovery": verdict(
            caught_up, caught_up is not None and caught_up <= CATCH_UP_LIMIT_S),
        "derived_data_identical_to_the_fault_free_twin": verdict(differences, differences == 0),
        "no_5xx_but_503": verdict(faulty["server_errors_other_than_503"], faulty["server_errors_other_than_503"] == 0),
        "no_dropped_connection_but_where_the_api_was_killed": verdict(dropped, not dropped),
        f"load_runs_end_within_{LOAD_END_SLACK_S:.0f}_s_of_their_duration": verdict(
            {"slowest_answer_s": slowest, "sessions_cut_off": cut}, slowest <= LOAD_END_SLACK_S and cut == 0),
    }


def _one_run(name: str, scripts: list[list[Step]], said_at: datetime, durations: dict | None, log) -> tuple[dict, dict]:
    """One run on a clean stack of its own (`.data/<name>`): its measures and its derived rows."""
    data_dir = REPO_ROOT / ".data" / name
    shutil.rmtree(data_dir, ignore_errors=True)
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
        result = asyncio.run(_run(stack, policy, api, consolidator, admin, scripts, said_at, durations, log))
        rows = derived_rows(stack.database_url)
    finally:
        for service in reversed(started):
            service.stop()
        stack.stop()
    return result, rows


async def _run(stack, policy, api, consolidator, admin: str, scripts: list[list[Step]], said_at: datetime,
               durations: dict | None, log) -> dict:
    sessions = len(scripts)
    tokens = [u["token"] for u in create_tenant(api.url, admin, "chaos", [(f"u{i}", "user") for i in range(sessions)],
                                                kind="household")["users"]]
    rec = Record(phase="steady" if durations else "no faults")
    began = time.monotonic()
    async with httpx.AsyncClient(base_url=api.url, timeout=30,
                                 limits=httpx.Limits(max_connections=sessions, keepalive_expiry=2.0)) as client:
        load = [asyncio.create_task(_session(n, client, tokens[n], scripts[n], rec, said_at)) for n in range(sessions)]
        for task in load:
            task.add_done_callback(lambda _: rec.session_ended_s.append(round(time.monotonic() - began, 1)))
        marks = {}
        if durations:
            marks = await asyncio.to_thread(_faults, stack, policy, api, consolidator, rec, durations, log)
            rec.phase = "after the faults"
        faults_ended = time.monotonic()
        _, late = await asyncio.wait(load, timeout=LOAD_DEADLINE_S)  # a load that never ends is cut off
        for task in late:
            task.cancel()
        ends = await asyncio.gather(*load, return_exceptions=True)
        load_ended = time.monotonic()
    failed = [repr(e) for e in ends if isinstance(e, Exception)]  # a session that broke off is no comparison
    database_url, drained_s = stack.database_url, None
    started = time.monotonic()
    while time.monotonic() - started < 300:
        if _caught_up(database_url):
            await asyncio.sleep(3.0)  # and still so a moment later (nothing derived is left to come)
            if _caught_up(database_url):
                drained_s = round(time.monotonic() - started - 3.0, 1)
                break
        await asyncio.sleep(1.0)
    dead = httpx.get(f"{api.url}/v1/admin/dead-letters", headers={"Authorization": f"Bearer {admin}"}, timeout=30)
    statuses = dict(sorted(rec.statuses.items()))
    result = {"acknowledged_writes": len(rec.acked), "acknowledged_writes_lost": _missing(database_url, rec.acked),
              "turns_unacknowledged_at_end": len(rec.unacknowledged), "turns_refused": len(rec.refused),
              "sessions_cut_off": len(late), "sessions_failed": failed,
              "dead_letters": dead.json().get("total") if dead.status_code == 200 else f"HTTP {dead.status_code}",
              "answers": statuses,
              "server_errors_other_than_503": sum(n for k, n in statuses.items() if k.split()[-1].startswith("5")
                                                  and not k.endswith("503")),
              "no_answer_by_phase": dict(rec.no_answer),
              "load_s": round(load_ended - began, 1),
              # when the sessions finished their scripts, and the longest any request waited: a load
              # run ends within 10 s of its duration when no request hangs (LOAD_END_SLACK_S)
              "sessions_ended_s": {"first": min(rec.session_ended_s, default=None),
                                   "last": max(rec.session_ended_s, default=None)},
              "slowest_answer_s": dict(sorted(rec.slowest_s.items())),
              "consumers_drained_after_the_load_s": drained_s}
    if durations:
        # from the consolidator's restart (the last recovery) until every consumer had applied as many
        # events as were committed at the restart, under the load still running
        result = {"durations_s": durations, "phases_ended_at_s": marks, **result,
                  "consumers_caught_up_after_last_recovery_s": marks.pop("caught_up_s", None),
                  # the scripted load goes on after the fault script until every turn is acknowledged
                  "load_ran_after_the_faults_s": round(load_ended - faults_ended, 1)}
    return result
