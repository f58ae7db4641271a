"""The resolver's thresholds against each other on people-talk calibration halves (issue 37): how
clarification, accuracy and asks on clue-less queries move together.

`collect` resolves every query of the calibration households that people_voice_rescore.py ingested
(same stack, .data/rescore; ingest first) with the checked-out read side, and keeps each candidate's
evidence (semantic, lexical, alias, descriptor) per query in a JSON file; `--set` changes a constant
of memcore.entities first (one that acts inside the evidence: candidate_evidence.MIN_SPREAD,
clue_meaning.CLOSE_FIT, ...). `sweep` then decides every query again offline for MARGIN, FLOOR and the
weights, per seed, in a second. Tune on calibration halves only.

    .venv/bin/python tools/research/people_voice_sweep.py collect --voice child --seeds 5813,4610 --out /tmp/child.json
    .venv/bin/python tools/research/people_voice_sweep.py collect --voice child --seeds 5813,4610 \\
        --set candidate_evidence.MIN_SPREAD=0.2 --out /tmp/child-ms.json
    .venv/bin/python tools/research/people_voice_sweep.py sweep /tmp/child.json --floor 0.2,0.25,0.3
"""
from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import people_voice_rescore as R  # noqa: E402


def _recording():
    """score_candidates as the product's, keeping each candidate's evidence in the list returned."""
    from memcore.entities import disambiguation as D

    kept: list[dict] = []
    original = D.score_candidates

    def score_candidates(context, context_vec, candidates, session=None, described=(), word_vecs=None):
        index = candidates if isinstance(candidates, D.CandidateIndex) else D.CandidateIndex(candidates)
        saved = (D.LEXICAL_WEIGHT, D.ALIAS_WEIGHT, D.DESCRIPTOR_WEIGHT, D.SESSION_WEIGHT)
        parts = {}
        for name, weights in (("sem", (0, 0, 0, 0)), ("lex", (1, 0, 0, 0)), ("alias", (0, 1, 0, 0)),
                              ("desc", (0, 0, 1, 0)), ("act", (0, 0, 0, 1))):
            D.LEXICAL_WEIGHT, D.ALIAS_WEIGHT, D.DESCRIPTOR_WEIGHT, D.SESSION_WEIGHT = weights
            parts[name] = {s.entity_id: s.score for s in original(context, context_vec, index, session, described, word_vecs)}
        D.LEXICAL_WEIGHT, D.ALIAS_WEIGHT, D.DESCRIPTOR_WEIGHT, D.SESSION_WEIGHT = saved
        for name in ("lex", "alias", "desc", "act"):
            parts[name] = {k: v - parts["sem"][k] for k, v in parts[name].items()}
        kept.append({"informative": bool(D.words_of(context)) or any((session or {}).values()) or bool(described),
                     "cands": [{"id": c.entity_id, **{n: parts[n][c.entity_id] for n in parts}} for c in index.candidates]})
        return original(context, context_vec, index, session, described, word_vecs)

    D.score_candidates = score_candidates
    return kept


async def collect(voice: str, seeds: list[int], out: Path) -> None:
    import asyncpg

    from memcore.adapters.postgres import init_connection
    from memcore.devstack.stack import LocalStack
    from memory_api.entity_resolver import resolve_text

    kept = _recording()
    rows = []
    stack = LocalStack(R.DATA, persistent=True, with_blob=False).start(log=lambda m: None)
    try:
        conn = await asyncpg.connect(stack.env()["MEMORY_SUPERUSER_DATABASE_URL"])
        await init_connection(conn)
        res = R._resources()
        for seed in seeds:
            stored = json.loads(R._mapping(voice, seed).read_text())
            for h in R._households(voice, seed):
                s = stored[str(h["id"])]
                from uuid import UUID
                for q in h["queries"]:
                    del kept[:]
                    ctx = await resolve_text(res, conn, UUID(s["owner"]), q["text"])
                    r = next((r for r in ctx.resolutions if q["name"].lower() in r.surface.lower().split()), None)
                    right = set(s["entities"].get(str(q["person"]), []))
                    outcome = "asked" if r is None or r.entity_id is None else "correct" if r.entity_id in right else "wrong"
                    ids = {c.entity_id for c in r.candidates} if r is not None and r.status != "unique" else set()
                    rec = next((k for k in kept if {c["id"] for c in k["cands"]} == ids), None) if ids else None
                    rows.append({"voice": voice, "seed": seed, "kind": q["kind"], "text": q["text"],
                                 "resolvable": q["resolvable"], "outcome": outcome, "right": sorted(right), "rec": rec})
        await conn.close()
    finally:
        stack.stop()
    out.write_text(json.dumps(rows))


def decide(q: dict, margin: float, floor: float, lw: float, aw: float, dw: float, sw: float) -> str:
    """A query's outcome again, as disambiguation.resolve decides it, from the kept evidence."""
    rec = q["rec"]
    if rec is None or len(rec["cands"]) < 2:
        return q["outcome"]
    scored = sorted((-round(c["sem"] + lw * c["lex"] + aw * c["alias"] + dw * c["desc"] + sw * c["act"], 4), c["id"])
                    for c in rec["cands"])
    lead, top = scored[1][0] - scored[0][0], -scored[0][0]
    if rec["informative"] and lead >= margin - 1e-9 and top >= floor:
        return "correct" if scored[0][1] in q["right"] else "wrong"
    return "asked"


def sweep(files: list[str], grid: dict[str, list[float]]) -> None:
    from memcore.entities import disambiguation as D

    rows = [q for f in files for q in json.loads(Path(f).read_text())]
    seeds = sorted({(q["voice"], q["seed"]) for q in rows})
    print("setting" + "".join(f"  {v[:3]} {s:<17}" for v, s in seeds) + "  (accuracy/clarification/asks on clue-less)")
    base = {"margin": D.MARGIN, "floor": D.FLOOR, "lw": D.LEXICAL_WEIGHT, "aw": D.ALIAS_WEIGHT,
            "dw": D.DESCRIPTOR_WEIGHT, "sw": D.SESSION_WEIGHT}
    for key, values in grid.items():
        for value in values:
            kw = {**base, key: value}
            cells = []
            for voice, seed in seeds:
                qs = [q for q in rows if (q["voice"], q["seed"]) == (voice, seed)]
                res = [decide(q, **kw) for q in qs if q["resolvable"]]
                less = [decide(q, **kw) for q in qs if not q["resolvable"]]
                c, w, a = res.count("correct"), res.count("wrong"), res.count("asked")
                cells.append(f"{c / max(c + w, 1):.3f}/{a / max(len(res), 1):.3f}/{less.count('asked') / max(len(less), 1):.3f}")
            print(f"{key} {value:<5}" + "".join(f"  {c:21}" for c in cells))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--voice", default="child", choices=["adult", "child", "business"])
    c.add_argument("--seeds", required=True)
    c.add_argument("--out", required=True)
    c.add_argument("--set", action="append", default=[], help="module.CONSTANT=value of memcore.entities")
    s = sub.add_parser("sweep")
    s.add_argument("files", nargs="+")
    for key in ("margin", "floor", "lw", "aw", "dw", "sw"):
        s.add_argument(f"--{key}", default="", help="comma-separated values (lw/aw/dw/sw: the lexical, alias, "
                                                      "descriptor and session weights)")
    a = ap.parse_args(argv)
    if a.what == "collect":
        for setting in a.set:
            target, value = setting.split("=")
            module, const = target.rsplit(".", 1)
            setattr(importlib.import_module(f"memcore.entities.{module}"), const, float(value))
        asyncio.run(collect(a.voice, [int(x) for x in a.seeds.split(",")], Path(a.out)))
    else:
        grid = {k: [float(x) for x in getattr(a, k).split(",")] for k in ("margin", "floor", "lw", "aw", "dw", "sw")
                if getattr(a, k)}
        sweep(a.files, grid or {"margin": [0.08]})
    return 0


if __name__ == "__main__":
    sys.exit(main())
