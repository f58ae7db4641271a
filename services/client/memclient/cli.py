"""memctl: import turns, retrieve, contextify, benchmarks, dead letters and the demo.

Connection: --url/--token (or MEMCTL_URL / MEMCTL_TOKEN). Without a URL, memctl uses the stack
`make run` is running, found from what it recorded in --data (MEMCTL_DATA, default .data/stack.json);
set variables (MEMCTL_URL, DATABASE_URL, ...) always win over the record. The demo uses the running
stack too; benchmarks always start their own stack (in .data/bench) and say so.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import uuid
from contextlib import contextmanager
from pathlib import Path

from tqdm import tqdm

from memcore.retrieval.owner_vector_index import DEFAULT_MAX_BUILDS, DEFAULT_MIN_ROWS

REPO = Path(__file__).resolve().parents[3]
DEFAULT_LOCOMO = REPO.parent / "shared" / "data" / "locomo-dev"
WOBS = REPO.parent / "shared" / "scenarios" / "wobs.jsonl"


def _say(message: str) -> None:
    print(f"memctl: {message}", file=sys.stderr)


def _data_dir(args) -> Path:
    return Path(getattr(args, "data_dir", None) or os.environ.get("MEMCTL_DATA") or REPO / ".data")


def _running_stack(args):
    from memcore.devstack import recorded

    return recorded.running(_data_dir(args))


def _client(args):
    from .client import MemoryClient

    url = args.url or os.environ.get("MEMCTL_URL")
    if not url:
        stack = _running_stack(args)
        url = stack.api_url if stack else None
    token = args.token or os.environ.get("MEMCTL_TOKEN")
    if not url:
        sys.exit(f"memctl: no memory-api: give --url (MEMCTL_URL), or start the stack with `make run` "
                 f"(nothing running is recorded in {_data_dir(args)})")
    if not token:
        sys.exit("memctl: --token (or MEMCTL_TOKEN) is required")
    return MemoryClient(url, token)


@contextmanager
def _api(args, use_running: bool = False):
    """(url, admin token): the given server; with use_running, the stack `make run` runs; else a stack
    of its own (embedded stores and the services in their own processes, data in .data/bench)."""
    url = getattr(args, "url", None) or os.environ.get("MEMCTL_URL")
    admin = getattr(args, "admin_token", None) or os.environ.get("MEMORY_ADMIN_TOKEN")
    if url and admin:
        yield url, admin
        return
    stack = _running_stack(args) if use_running and not url else None
    if stack is not None and (admin or stack.admin_token):
        _say(f"using the running stack at {stack.api_url} (recorded in {stack.data_dir})")
        yield stack.api_url, admin or stack.admin_token
        return
    from .local_api import local_api

    if not use_running:
        reason = "benchmarks run on a stack of their own"
    elif stack is not None:
        reason = f"the running stack's admin token is not in {stack.data_dir / 'admin.token'} (set MEMORY_ADMIN_TOKEN)"
    else:
        reason = f"no running stack is recorded in {_data_dir(args)} (make run)"
    _say(f"{reason}: starting a separate stack (stores in .data/bench, services on free ports), "
         f"stopped when this command ends")
    with local_api(log=lambda m: print(m, file=sys.stderr)) as pair:
        yield pair


def cmd_import(args) -> int:
    client = _client(args)
    lines = [json.loads(line) for line in Path(args.file).read_text().splitlines() if line.strip()]
    for i, t in enumerate(tqdm(lines, desc="import", unit="turn")):
        session = t.get("session_id") or (t.get("at") or "")[:10] or "import"
        client.add_turn(session, t.get("speaker", "user"), t["text"], at=t.get("at"),
                        origin_ref=t.get("id") or f"{Path(args.file).name}:{i}",
                        idempotency_key=f"import:{Path(args.file).name}:{i}")
    return 0


def cmd_retrieve(args) -> int:
    body = _client(args).retrieve(args.query, k=args.k)
    for item in body["items"]:
        print(f"{item['score']:.4f}  [{item['memory']['type']}] {item['memory']['text']}")
    return 0


def cmd_contextify(args) -> int:
    body = _client(args).contextify(args.query, token_budget=args.budget, session_id=args.session)
    print(body["context"] or "(no memory needed)")
    return 0


def cmd_bench(args) -> int:
    results = REPO / "results"
    # The services the benchmarks start use this embedder; its results get their own files.
    if args.embedder:
        os.environ["MEMORY_EMBEDDER"] = args.embedder
    if args.query_embedder:
        os.environ["MEMORY_QUERY_EMBEDDER"] = args.query_embedder
    suffix = ("" if args.embedder in (None, "local") else f"-{args.embedder}") + (
        "" if args.query_embedder in (None, "auto") else f"-questions-{args.query_embedder}")

    def out(name: str) -> Path:
        return results / f"{name}{suffix}.json"
    if args.which in ("locomo", "all"):
        from .bench import locomo

        with _api(args) as (url, admin):
            result = locomo.run(url, admin, Path(args.data), out(locomo.result_name(Path(args.data))),
                                args.conversations)
        locomo.print_table(result)
        print(f"LOCOMO_R10={result['modes']['full']['1-4']['r10']:.4f}")
    if args.which in ("ingest", "all"):
        from .bench import ingest

        with _api(args) as (url, admin):
            ingest.print_result(ingest.run(url, admin, out("ingest")))
    if args.which in ("policy-overhead", "all"):
        from .bench import policy_overhead
        from .local_api import local_api

        with local_api(log=lambda m: print(m, file=sys.stderr), with_unchecked_twin=True) as (url, admin, twin):
            print(json.dumps(policy_overhead.run(url, admin, twin, out("policy_overhead")), indent=2))
    if args.which in ("stages", "all"):
        from .bench import stages

        with _api(args) as (url, admin):
            print(json.dumps(stages.run(url, admin, Path(args.data), out("stages")), indent=2))
    if args.which in ("disambiguation", "all"):
        from .bench import disambiguation

        with _api(args) as (url, admin):
            disambiguation.print_result(disambiguation.run(url, admin, out("disambiguation"),
                                                           wobs_path=WOBS if WOBS.exists() else None))
    if args.which in ("people", "all"):
        from .bench import people_talk

        half = None if args.half == "all" else args.half
        name = people_talk.result_name(args.seed, half, args.voice)
        with _api(args) as (url, admin):
            people_talk.print_result(people_talk.run(
                url, admin, out(name), half=half,
                seed=people_talk.SEED if args.seed is None else args.seed, voice=args.voice))
    if args.which == "tracking":  # issue 37: who a conversation is about, generated cases by class
        from .bench import tracking, tracking_cases

        seed = tracking_cases.SEED if args.seed is None else args.seed
        half = None if args.half in (None, "all") else args.half
        with _api(args) as (url, admin):
            tracking.print_result(tracking.run(url, admin, out(f"tracking-seed{seed}-{half or 'all'}"), seed=seed,
                                               half=half))
    if args.which in ("chats", "all"):  # the second retrieval benchmark, never tuned on (issue 17)
        from .bench import assistant_chats

        with _api(args) as (url, admin):
            assistant_chats.print_result(assistant_chats.run(url, admin, out("assistant-chats")))
    if args.which == "all":
        import subprocess

        for module in ("memclient.bench.policy_pii", "memclient.bench.embedding_speed", "memclient.bench.consolidation"):
            print(f"\n== python -m {module}", flush=True)
            subprocess.run([sys.executable, "-m", module], cwd=REPO, check=True)
    if args.which == "formation":  # issue 35: what a turn teaches, against a note-taker's labels
        from .bench import formation

        data = Path(args.formation_data) if args.formation_data else formation.DEFAULT_DATA
        half = args.half or "all"
        name = (f"formation-{data.stem}-{half}" + ("-verbatim-records" if args.verbatim_records else "")
                + ("-with-pending-review" if args.with_pending_review else ""))
        with _api(args) as (url, admin):
            formation.print_result(formation.run(url, admin, data, out(name), half=half,
                                                 verbatim_is_record=args.verbatim_records,
                                                 with_pending=args.with_pending_review))
    if args.which == "edge":  # issue 15: the edge client (clients/edge/memedge)
        from .bench import edge

        with _api(args) as (url, admin):
            print(json.dumps(edge.run(url, admin, out("edge")), indent=2))
    if args.which == "load":  # issue 14: concurrent sessions of turns and contextify
        from .bench import load

        load.THINK_S = args.think
        with _api(args) as (url, admin):
            print(json.dumps(load.run(url, admin, out("load"), args.sessions, args.duration), indent=2))
    if args.which == "chaos":  # its own stack: the faults stop and kill its processes
        from .bench import chaos

        result = chaos.run(out("chaos-no-faults" if args.no_faults else "chaos"), min(args.sessions, 100), args.think,
                           *args.outages_s, steps=args.requests_per_session,
                           seed=34 if args.seed is None else args.seed,
                           faults=not args.no_faults)
        print(json.dumps(result, indent=2))
        if "derived_compared" in result:
            print(f"derived data differing from the fault-free twin: {result['derived_compared']['differences']}")
    if args.which == "scale":
        from .bench import scale

        return scale.main(args, out("scale-no-owner-index" if args.no_owner_index else "scale"))
    return 0


def cmd_demo(args) -> int:
    from .client import MemoryClient, create_tenant

    with _api(args, use_running=True) as (url, admin):
        tenant = create_tenant(url, admin, "WOBS demo", [("owner", "user")], kind="organisation")
        client = MemoryClient(url, tenant["users"][0]["token"])
        turns = [json.loads(line) for line in WOBS.read_text().splitlines() if line.strip()]
        for i, t in enumerate(tqdm(turns, desc="ingest wobs.jsonl", unit="turn")):
            client.add_turn(f"s-{t['at'][:10]}", t["speaker"], t["text"], at=t["at"], origin_ref=f"wobs:{i}")
        query = "Check if Peter's content is passing as human."
        body = client.contextify(query, token_budget=300)
        print(f"\n> {query}\n")
        print(body["context"])
        print(f"\n({body['tokens_used']}/{body['token_budget']} tokens, {body['took_ms']} ms)")
    return 0


def _owner_dsn(args) -> str:
    """The schema owner's connection: --database-url, else the stores `make run` started, else DATABASE_URL."""
    from memcore.devstack import recorded
    from memcore.settings import get_settings

    if not args.database_url:
        added = recorded.apply(recorded.stores_running(_data_dir(args)))
        if added:
            get_settings.cache_clear()
            _say(f"using the database of the running stack ({added.get('DATABASE_URL', 'DATABASE_URL set')})")
    return args.database_url or get_settings().database_url


def cmd_reembed(args) -> int:
    from memcore.embedding import make_embedder
    from memcore.settings import get_settings

    from .reembed import reembed

    dsn = _owner_dsn(args)
    print(reembed(dsn, make_embedder(get_settings().embedder), force=args.all, tenant_id=args.tenant))
    return 0


def cmd_owner_indexes(args) -> int:
    import asyncio

    from memcore.adapters import owner_vector_indexes

    print(json.dumps(asyncio.run(owner_vector_indexes.sync_at(
        _owner_dsn(args), min_rows=args.min_rows, max_builds=args.max_builds, tenant_id=args.tenant, say=_say))))
    return 0


def cmd_dead_letters(args) -> int:
    from . import dead_letters

    url = args.url or os.environ.get("MEMCTL_URL")
    admin = args.admin_token or os.environ.get("MEMORY_ADMIN_TOKEN")
    stack = None if url and admin else _running_stack(args)
    url, admin = url or (stack.api_url if stack else None), admin or (stack.admin_token if stack else None)
    if not url or not admin:
        sys.exit("memctl: dead-letters needs --url (MEMCTL_URL) and --admin-token (MEMORY_ADMIN_TOKEN), "
                 "or a running stack (make run)")
    return dead_letters.run(url, admin, args.action, args.group, args.id, args.all)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="memctl", description=__doc__)
    p.add_argument("--url", help="memory-api base URL (MEMCTL_URL)")
    p.add_argument("--token", help="bearer token (MEMCTL_TOKEN)")
    p.add_argument("--admin-token", help="service admin token for benchmarks (MEMORY_ADMIN_TOKEN)")
    p.add_argument("--data", dest="data_dir", help="data directory of `make run` whose running stack to use "
                                                   "(MEMCTL_DATA, default .data)")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("import", help="import a JSONL of turns {at, speaker, text[, session_id, id]}")
    s.add_argument("file")
    s.set_defaults(fn=cmd_import)
    s = sub.add_parser("retrieve", help="ranked memories for a query")
    s.add_argument("query")
    s.add_argument("-k", type=int, default=10)
    s.set_defaults(fn=cmd_retrieve)
    s = sub.add_parser("contextify", help="the memory block for a query")
    s.add_argument("query")
    s.add_argument("--budget", type=int, default=300)
    s.add_argument("--session")
    s.set_defaults(fn=cmd_contextify)
    s = sub.add_parser("bench", help="benchmarks: locomo, ingest, disambiguation, people, chats, formation, all, "
                                     "scale, load, chaos, tracking")
    s.add_argument("which", choices=["locomo", "ingest", "policy-overhead", "stages", "disambiguation", "people", "chats", "all",
                                          "scale", "edge", "load", "formation", "chaos", "tracking"])
    s.add_argument("--scale-data", help="scale: where the 1,000,000-row stack and its progress live "
                                        "(default .data/scale; reused across runs)")
    s.add_argument("--no-owner-index", action="store_true",
                   help="scale: time the searches without the measured owner's own vector index (dropped)")
    s.add_argument("--data", default=str(DEFAULT_LOCOMO), help="LoCoMo-format folder; its results go to "
                   "results/locomo-<folder name>.json (results/locomo.json for the labelled locomo-dev)")
    s.add_argument("--conversations", type=int, default=None, help="only the first N conversations")
    s.add_argument("--embedder", choices=["local", "local-int8"], default=None,
                   help="MEMORY_EMBEDDER of the services the benchmark starts (not of a --url server); "
                        "results of local-int8 go to results/<name>-local-int8.json")
    s.add_argument("--query-embedder", choices=["auto", "index", "local-int8"], default=None,
                   help="MEMORY_QUERY_EMBEDDER of the services the benchmark starts: what embeds questions "
                        "(default auto: int8 weights for the float local model); results of index or "
                        "local-int8 go to results/<name>-questions-<value>.json")
    s.add_argument("--sessions", type=int, default=200, help="load: concurrent sessions")
    s.add_argument("--duration", type=float, default=600.0, help="load: seconds to run")
    s.add_argument("--think", type=float, default=1.0, help="load: mean think time between a session's requests (s)")
    s.add_argument("--outages-s", type=float, nargs=4, default=[120, 60, 60, 30],
                   metavar=("POSTGRES", "REDIS", "POLICY", "SETTLE"),
                   help="chaos: how long Postgres, Redis and the policy service are away, and the settle time "
                        "after each fault (use --sessions 20 for the chaos run's load)")
    s.add_argument("--requests-per-session", type=int, default=200,
                   help="chaos: each session's scripted requests (turns and contextify), the same in both runs")
    s.add_argument("--no-faults", action="store_true",
                   help="chaos: only the fault-free twin (results/chaos-no-faults.json); by default the twin "
                        "runs first, then the same workload under faults, and their derived data are compared")
    s.add_argument("--half", choices=["calibration", "test", "dev", "check", "all"], default=None,
                   help="people, formation: only the households / conversations of one half (tune on "
                        "calibration, or on the dev half of formation-dev*.jsonl; check: the other half of "
                        "formation-dev2.jsonl and formation-dev3.jsonl; results go to "
                        "results/people-talk-<half>.json, results/formation-<data set>-<half>.json; "
                        "formation's default: all)")
    s.add_argument("--voice", choices=["adult", "child", "business"], default="adult",
                   help="people: whose words the households are told and asked in (docs/people-talk-voices.md); "
                        "results of the child's and the business's voice go to "
                        "results/people-talk-<voice>-seed<N>[-<half>].json")
    s.add_argument("--formation-data", help="formation: a labelled JSONL of turns (docs/formation-spec.md; "
                                            "default: memclient/bench/data/three-voices.jsonl)")
    s.add_argument("--verbatim-records", action="store_true",
                   help="formation, on an API without `layer`: count every memory that is its turn verbatim "
                        "as the turn's record, never as knowledge")
    s.add_argument("--with-pending-review", action="store_true",
                   help="formation: a child's household gets a parent, and the child's facts that wait for the "
                        "parent's review count as knowledge (default: only stored memories count)")
    s.add_argument("--seed", type=int, default=None,
                   help="people: generate the households from another seed (other names, facts and "
                        "wording: a check on conversations never tuned on; results go to "
                        "results/people-talk-seed<N>.json); chaos: the seed of the scripted workload (34); "
                        "tracking: the seed of the cases (3301; results/tracking-seed<N>-<half>.json)")
    s.set_defaults(fn=cmd_bench)
    s = sub.add_parser("reembed", help="re-embed every row on another embedding model (resumable)")
    s.add_argument("--all", action="store_true", help="also rows already on the current model")
    s.add_argument("--database-url", help="schema owner's connection (default: DATABASE_URL)")
    s.add_argument("--tenant", help="only this tenant's rows (default: every tenant)")
    s.set_defaults(fn=cmd_reembed)
    s = sub.add_parser("owner-indexes", help="give large owners a vector index of their own, drop the ones no "
                                             "longer large (what the consolidator does hourly)")
    s.add_argument("--min-rows", type=int, default=DEFAULT_MIN_ROWS, help="owners with at least this many rows (0: drop all)")
    s.add_argument("--max-builds", type=int, default=DEFAULT_MAX_BUILDS, help="indexes built in this run, largest owners first")
    s.add_argument("--database-url", help="schema owner's connection (default: DATABASE_URL)")
    s.add_argument("--tenant", type=uuid.UUID, help="only this tenant's owners (default: every tenant)")
    s.set_defaults(fn=cmd_owner_indexes)
    s = sub.add_parser("dead-letters", help="list, show and replay the change stream's dead letters "
                                            "(service admin token; ids and reason codes only)")
    s.add_argument("action", choices=["list", "show", "replay"])
    s.add_argument("id", nargs="?", help="show/replay: the dead letter's id (from list)")
    s.add_argument("--group", help="the consumer group, e.g. consolidator.promotion (list: all groups' counts)")
    s.add_argument("--all", action="store_true", help="replay: every dead letter of the group")
    s.set_defaults(fn=cmd_dead_letters)
    s = sub.add_parser("demo", help="ingest the WOBS scenario and print the context for Peter's content check")
    s.set_defaults(fn=cmd_demo)
    args = p.parse_args(argv)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
