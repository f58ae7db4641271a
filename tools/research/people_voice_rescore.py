"""Offline re-scoring of people-talk in any voice (issue 37), on a stack of its own in .data/rescore.

disambiguation_rescore.py does this for the adult voice on the stack `make run` runs; this one
ingests the calibration households of a voice and seed once (~40 s a seed) into a persistent
embedded stack, then `score` calls the product's own entity_resolver.resolve_text in this process
against the stored entities, with whatever read-side code is checked out (a write-side change needs
a new ingest: `ingest --force`). `--dump asked` (or wrong, correct) prints, for each such query of
the resolvable kinds, each candidate's score and each clue part's best fact.

    .venv/bin/python tools/research/people_voice_rescore.py ingest --voice child --seeds 1409,6032
    .venv/bin/python tools/research/people_voice_rescore.py score --voice child --seeds 1409,6032
    .venv/bin/python tools/research/people_voice_rescore.py score --voice child --seeds 1409 --dump asked

Tune on calibration halves only: the tool never ingests a test half.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from types import SimpleNamespace
from uuid import UUID

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / ".data" / "rescore"
HALF = "calibration"
STATS_OUT = ""  # set by a --patch: where to write STATS
TRACE: list = []
STATS: list = []  # filled by a --patch that traces how candidates came by their evidence


def _mapping(voice: str, seed: int) -> Path:
    return DATA / f"people-{voice}-seed{seed}.json"


def _households(voice: str, seed: int) -> list[dict]:
    from memclient.bench.people_talk_households import HOUSEHOLDS, generate

    return [h for h in generate(HOUSEHOLDS, seed, voice) if h["half"] == HALF]


def ingest(voice: str, seeds: list[int], force: bool) -> None:
    from tqdm import tqdm

    from memclient.bench import people_talk
    from memclient.bench.people_talk_households import VOICES
    from memclient.client import MemoryClient, create_tenant
    from memclient.local_api import local_api

    todo = [s for s in seeds if force or not _mapping(voice, s).exists()]
    if not todo:
        return
    with local_api(DATA, log=lambda m: print(m, file=sys.stderr)) as (api, admin):
        for seed in todo:
            out: dict = {}
            data = _households(voice, seed)
            with tqdm(total=sum(len(h["turns"]) for h in data), desc=f"ingest {voice} {seed}", unit="turn") as bar:
                for h in data:
                    # the benchmark's own tenant name: a team's name is said in its members' profiles
                    t = create_tenant(api, admin, f"people-talk-{h['id']}", [("owner", "user")],
                                      kind=VOICES[voice].settings[h["workspace"]].tenant_kind)
                    client = MemoryClient(api, t["users"][0]["token"], timeout=300)
                    people_talk._ingest(client, h, bar)
                    out[str(h["id"])] = {"owner": t["users"][0]["user_id"],
                                         "entities": {str(i): sorted(v) for i, v in
                                                      people_talk._entity_ids(client, h).items()}}
                    client.close()
            _mapping(voice, seed).write_text(json.dumps(out))


def _resources():
    from memcore.embedding import make_embedder
    from memcore.embedding.model_files import ONNX_FILENAME
    from memory_api.resolver_cache import ResolverCache

    return SimpleNamespace(embedder=make_embedder("local", model_path=ROOT / ".data" / "models" / ONNX_FILENAME),
                           resolver_cache=ResolverCache())


async def _rows(res, conn, voice: str, seed: int) -> list[tuple[dict, object, str, set[str]]]:
    from memory_api.entity_resolver import resolve_text

    stored = json.loads(_mapping(voice, seed).read_text())
    out = []
    for h in _households(voice, seed):
        s = stored[str(h["id"])]
        owner, ents = UUID(s["owner"]), {int(k): set(v) for k, v in s["entities"].items()}
        for q in h["queries"]:
            del TRACE[:], STATS[:]
            ctx = await resolve_text(res, conn, owner, q["text"])
            r = next((r for r in ctx.resolutions if q["name"].lower() in r.surface.lower().split()), None)
            right = ents.get(q["person"], set())
            outcome = "asked" if r is None or r.entity_id is None else "correct" if r.entity_id in right else "wrong"
            out.append(({**q, "household": h["id"], "owner": s["owner"], "trace": list(TRACE), "stats": list(STATS)}, r, outcome, right))
    return out


async def _dump(res, conn, rows, wanted: str) -> None:
    import numpy as np

    from memcore.entities import candidate_evidence as E
    from memcore.entities.clue_words import context_parts
    from memcore.extraction.entities import strip_names
    from memcore.textnorm import name_ngrams
    from memory_api import entity_resolver as ER
    from memory_api.store import entity_repo

    for q, r, outcome, right in rows:
        if wanted == "resolved-clue-less":
            if q["resolvable"] or outcome == "asked":
                continue
        elif outcome != wanted or not q["resolvable"]:
            continue
        print(f"\n[{q['kind']}] h{q['household']} {q['text']}  -> {outcome}, lead {r.margin if r else None}")
        if r is None:
            continue
        ids = {c.entity_id for c in r.candidates}
        group = [x for x in await entity_repo.named_in(conn, UUID(q["owner"]), name_ngrams(q["text"]))
                 if str(x["entity_id"]) in ids]
        index = await ER._index(res, group)
        parts = context_parts(strip_names(q["text"], [r.surface.lower()]))
        pv = E._unit_rows(np.asarray(res.embedder.embed(parts), dtype=np.float32)) if parts else None
        for c in r.candidates:
            mark = "*" if c.entity_id in right else " "
            print(f"  {mark} {c.name:18} score {c.score:.3f} semantic {c.similarity:.3f} lexical {c.lexical:.3f}"
                  + "".join(f"  [part {p} {why} {v:.2f}]" for p, who, why, v in q["trace"] if who == c.entity_id))
            cand = next((x for x in index.candidates if x.entity_id == c.entity_id), None) if index else None
            if pv is None or cand is None or cand.fact_vectors is None:
                continue
            sims = pv @ E._unit_rows(np.asarray(cand.fact_vectors, dtype=np.float32)).T
            for i, part in enumerate(parts):
                j = int(np.argmax(sims[i]))
                print(f"      '{part}': best {sims[i, j]:.3f} <- '{cand.facts[j] if j < len(cand.facts) else '?'}'")


async def score(voice: str, seeds: list[int], dump: str | None) -> None:
    import asyncpg

    from memclient.bench import people_talk
    from memcore.adapters.postgres import init_connection
    from memcore.devstack.stack import LocalStack

    stack = LocalStack(DATA, persistent=True, with_blob=False).start(log=lambda m: None)
    try:
        conn = await asyncpg.connect(stack.env()["MEMORY_SUPERUSER_DATABASE_URL"])
        await init_connection(conn)
        res = _resources()
        total = {"resolved": 0, "correct": 0, "asked": 0, "resolvable": 0, "clue_less": 0, "clue_less_asked": 0}
        for seed in seeds:
            rows = await _rows(res, conn, voice, seed)
            summary = people_talk.summarise([{**q, "outcome": o, "missing": r is None, "ms": 0.0}
                                             for q, r, o, _ in rows])
            kinds = " ".join(f"{k.split()[0][:5]}:{c['asked']}a{c['wrong']}w" for k, c in summary["by_kind"].items())
            print(f"{voice} {seed}: accuracy {summary['accuracy_among_resolved']} clarification "
                  f"{summary['clarification_rate']} asks on clue-less {summary['ask_rate_on_clue_less']}  | {kinds}")
            for q, _r, o, _ in rows:
                if q["resolvable"]:
                    total["resolvable"] += 1
                    total["asked"] += o == "asked"
                    total["resolved"] += o != "asked"
                    total["correct"] += o == "correct"
                else:
                    total["clue_less"] += 1
                    total["clue_less_asked"] += o == "asked"
            if STATS_OUT:
                with open(STATS_OUT, "a") as fh:
                    for q, _r, o, _ in rows:
                        for st in q["stats"]:
                            fh.write(json.dumps({"seed": seed, "kind": q["kind"], "outcome": o, "text": q["text"], **st}) + "\n")
            if dump:
                await _dump(res, conn, rows, dump)
        if len(seeds) > 1:
            print(f"all: accuracy {total['correct'] / max(total['resolved'], 1):.4f} clarification "
                  f"{total['asked'] / max(total['resolvable'], 1):.4f} asks on clue-less "
                  f"{total['clue_less_asked'] / max(total['clue_less'], 1):.4f} "
                  f"(wrong {total['resolved'] - total['correct']}, asked {total['asked']})")
        await conn.close()
    finally:
        stack.stop()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["ingest", "score"])
    ap.add_argument("--voice", default="child", choices=["adult", "child", "business"])
    ap.add_argument("--seeds", required=True, help="comma-separated seeds (calibration halves only)")
    ap.add_argument("--force", action="store_true", help="ingest: again, after a write-side change")
    ap.add_argument("--dump", choices=["asked", "wrong", "correct", "resolved-clue-less"], help="score: print these queries' evidence")
    ap.add_argument("--patch", action="append", default=[],
                    help="score: a Python file run first (a variant tried: it may set memcore's settings or "
                         "replace its functions)")
    ap.add_argument("--data", help="the stack's directory (default .data/rescore): another one lets one seed be "
                                   "ingested while another directory's seeds are scored")
    a = ap.parse_args(argv)
    global DATA
    if a.data:
        DATA = Path(a.data).resolve()
    seeds = [int(s) for s in a.seeds.split(",")]
    DATA.mkdir(parents=True, exist_ok=True)
    if a.what == "ingest":
        ingest(a.voice, seeds, a.force)
    else:
        for path in a.patch:
            exec(compile(Path(path).read_text(), path, "exec"), {"__name__": "patch"})
        asyncio.run(score(a.voice, seeds, a.dump))
    return 0


if __name__ == "__main__":
    sys.exit(main())
