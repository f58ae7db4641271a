"""Offline re-scoring of the two disambiguation benchmarks (issue 12), for choosing on a calibration
half in seconds instead of a full `memctl bench people` / `memctl bench disambiguation` run.

A benchmark's turns are ingested once into the running stack (`make run`); then `score` calls the
product's own `entity_resolver.resolve_text` in this process against the stored entities (as the
database superuser), with whatever code is checked out: a read-side change is measured without
re-ingesting. A write-side change needs a new `ingest`. `links` checks the write side of people-talk:
whether each fact turn's memory is linked to the right person.

    .venv/bin/python tools/research/disambiguation_rescore.py ingest people      # ~4 min, both halves
    .venv/bin/python tools/research/disambiguation_rescore.py score people --half calibration
    .venv/bin/python tools/research/disambiguation_rescore.py links people --half calibration
    .venv/bin/python tools/research/disambiguation_rescore.py ingest peters      # ~3 min
    .venv/bin/python tools/research/disambiguation_rescore.py score peters --half calibration
    .venv/bin/python tools/research/disambiguation_rescore.py score people --pronouns-as-filler   # a variant
    # the read-side settings, and the variants tried in the eleventh session and not kept
    .venv/bin/python tools/research/disambiguation_rescore.py score people --episode-discount 0 --floor 0.3
    .venv/bin/python tools/research/disambiguation_rescore.py score people --variant lead-pronoun
    # households from another seed: a further development set, apart from both halves of the benchmark
    .venv/bin/python tools/research/disambiguation_rescore.py ingest people --seed 2027
    .venv/bin/python tools/research/disambiguation_rescore.py score people --seed 2027 --half both

The superuser URL is MEMORY_SUPERUSER_DATABASE_URL from the stack's record (.data/stack.json).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from uuid import UUID

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / ".data"


def _stack() -> tuple[str, str, str]:
    """(api url, admin token, superuser database url) of the running stack."""
    rec = json.loads((DATA / "stack.json").read_text())
    return (rec["services"]["memory-api"], (DATA / "admin.token").read_text().strip(),
            rec["env"]["MEMORY_SUPERUSER_DATABASE_URL"])


SEED: int | None = None  # --seed: people-talk households generated from another seed


def _mapping(bench: str) -> Path:
    return DATA / (f"rescore-{bench}.json" if SEED is None or bench != "people" else f"rescore-people-seed{SEED}.json")


def _households() -> list[dict]:
    from memclient.bench import people_talk

    return people_talk.generate() if SEED is None else people_talk.generate(seed=SEED)


def ingest(bench: str) -> None:
    from tqdm import tqdm

    from memclient.bench import disambiguation as peters
    from memclient.bench import people_talk
    from memclient.client import MemoryClient, create_tenant

    api, admin, _ = _stack()
    out: dict = {}
    if bench == "people":
        data = _households()
        with tqdm(total=sum(len(h["turns"]) for h in data), desc="ingest people-talk", unit="turn") as bar:
            for h in data:
                t = create_tenant(api, admin, f"rescore-people-{SEED or ''}{h['id']}", [("owner", "user")],
                                  kind="organisation" if h["workspace"] else "household")
                client = MemoryClient(api, t["users"][0]["token"], timeout=300)
                people_talk._ingest(client, h, bar)
                out[str(h["id"])] = {"owner": t["users"][0]["user_id"],
                                     "entities": {str(i): sorted(v) for i, v in people_talk._entity_ids(client, h).items()}}
    else:
        rng = random.Random(peters.SEED)
        people = peters.make_people(rng)
        t = create_tenant(api, admin, "rescore-peters", [("owner", "user")], kind="organisation")
        client = MemoryClient(api, t["users"][0]["token"], timeout=600)
        out = {"owner": t["users"][0]["user_id"],
               "entities": {str(i): e for i, e in peters.teach(client, rng, people).items()}}
    _mapping(bench).write_text(json.dumps(out))
    print(f"ingested; mapping in {_mapping(bench)}")


async def _connect():
    import asyncpg

    from memcore.adapters.postgres import init_connection

    conn = await asyncpg.connect(_stack()[2])
    await init_connection(conn)
    return conn


def _resources():
    from memcore.embedding import make_embedder
    from memcore.embedding.model_files import ONNX_FILENAME

    return SimpleNamespace(embedder=make_embedder("local", model_path=DATA / "models" / ONNX_FILENAME))


async def people_resolutions(res, conn, half: str):
    """Each people-talk query of the half, resolved by the product's resolve_text: yields (query,
    owner id, the query's resolution or None, outcome, ids of the query's person's entities)."""
    from memory_api.entity_resolver import resolve_text

    stored = json.loads(_mapping("people").read_text())
    for h in _households():
        if half != "both" and h["half"] != half:
            continue
        s = stored[str(h["id"])]
        owner, ents = UUID(s["owner"]), {int(k): set(v) for k, v in s["entities"].items()}
        for q in h["queries"]:
            ctx = await resolve_text(res, conn, owner, q["text"])
            r = next((r for r in ctx.resolutions if q["name"].lower() in r.surface.lower().split()), None)
            right = ents.get(q["person"], set())
            outcome = "asked" if r is None or r.entity_id is None else "correct" if r.entity_id in right else "wrong"
            yield q, owner, r, outcome, right


async def _score_people(half: str) -> None:
    from memclient.bench import people_talk

    rows = [{**q, "outcome": outcome, "missing": r is None, "ms": 0.0}
            async for q, _, r, outcome, _ in people_resolutions(_resources(), await _connect(), half)]
    summary = people_talk.summarise(rows)
    for name, part in summary["halves"].items():
        if part["queries"]:
            print(f"{name}: accuracy {part['accuracy_among_resolved']}, clarification {part['clarification_rate']}, "
                  f"asks on clue-less {part['ask_rate_on_clue_less']}")
            for kind, c in part["by_kind"].items():
                print(f"  {kind:12} correct {c['correct']} wrong {c['wrong']} asked {c['asked']}")


async def _score_peters(half: str) -> None:
    from memclient.bench import disambiguation as peters
    from memory_api.entity_resolver import resolve_text

    stored = json.loads(_mapping("peters").read_text())
    rng = random.Random(peters.SEED)
    people = peters.make_people(rng)
    for p in people:  # the random draws teach() made, so that the queries are the benchmark's
        peters.teaching_turns(p, rng)
    queries = [q for q in peters.make_queries(rng, people) if half == "both" or q["half"] == half]
    res, conn, rows = _resources(), await _connect(), []
    for q in queries:
        ctx = await resolve_text(res, conn, UUID(stored["owner"]), q["text"])
        r = next((r for r in ctx.resolutions if r.surface.lower() == "peter"), None)
        outcome = "asked" if r is None or r.entity_id is None else (
            "correct" if r.entity_id == stored["entities"].get(str(q["person"])) else "wrong")
        rows.append({**q, "outcome": outcome, "margin": r and r.margin, "ms": 0.0})
    summary = peters.summarise(rows)
    print({k: v for k, v in summary.items() if k not in ("halves", "by_kind")} if half == "both"
          else summary["halves"][half])
    for kind, c in summary["by_kind"].items():
        print(f"  {kind:15} {dict(c)}")


async def _links(half: str) -> None:
    """Each people-talk fact turn: is its memory linked to exactly the right person?"""
    stored = json.loads(_mapping("people").read_text())
    conn, counts = await _connect(), Counter()
    for h in _households():
        if half != "both" and h["half"] != half:
            continue
        s = stored[str(h["id"])]
        linked = {r["text"]: set(r["ids"] or ()) for r in await conn.fetch(
            """SELECT m.text, array_agg(e.entity_id::text) FILTER (WHERE e.type = 'person') AS ids
               FROM memory_items m LEFT JOIN memory_entities l ON l.memory_id = m.memory_id
               LEFT JOIN entities e ON e.entity_id = l.entity_id
               WHERE m.owner_id = $1 AND m.type <> 'summary' GROUP BY m.memory_id, m.text""", UUID(s["owner"]))}
        for t in h["turns"]:
            if "fact" not in t["traits"] or t["person"] is None:
                continue
            want, got = set(s["entities"].get(str(t["person"]), [])), linked.get(t["text"])
            counts["not stored" if got is None else "right" if got and got <= want else
                   "right and someone else" if got & want else "someone else" if got else "nobody"] += 1
    print(f"fact turns: {sum(counts.values())}", dict(counts))


def _as_said(d) -> None:
    """Clue parts and facts embedded as said, not as their content words alone (before the eleventh
    session)."""
    d.content_text = lambda text: text


def _lead_pronoun(d) -> None:
    """A fact's leading subject pronoun dropped ("He rows on the river" -> "rows on the river")."""
    import re

    lead, fact_text = re.compile(r"^(?:he|she|they)\s+(?=\w)", re.I), d.fact_text
    d.fact_text = lambda f: lead.sub("", fact_text(f)) or fact_text(f)


def _runner_up_shares(d, lexical: bool) -> None:
    """A clue the runner-up fits too (cosine >= 0.45 and >= 0.6 of the best fit) is shared: the same
    semantic credit; with `lexical`, the best candidate's rare words count for it as well."""
    import numpy as np

    shared, sharing = d.CandidateIndex._shared, d.CandidateIndex._sharing

    def _shared(self, sims, best, credit, part_words=()):
        out = shared(self, sims, best, credit, part_words)
        for p in range(1 if credit.shape[0] > 1 else 0, credit.shape[0]):
            c = int(np.argmax(credit[p]))
            if credit[p, c] > 0:
                fits = (best[p] >= 0.45) & (best[p] >= best[p, c] * 0.6)
                out[p, fits] = np.maximum(out[p, fits], credit[p, c])
        return out

    def _sharing(self, word, holders, fit):
        out = sharing(self, word, holders, fit)
        for h in holders:
            out |= {j for j in range(len(fit)) if fit[j] >= 0.45 and fit[j] >= fit[h] * 0.6}
        return out - holders

    d.CandidateIndex._shared = _shared
    if lexical:
        d.CandidateIndex._sharing = _sharing


VARIANTS = {
    "as-said": _as_said,
    "lead-pronoun": _lead_pronoun,
    "runner-up-shares": lambda d: _runner_up_shares(d, False),
    "runner-up-shares-words": lambda d: _runner_up_shares(d, True),
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["ingest", "score", "links"])
    ap.add_argument("bench", choices=["people", "peters"])
    ap.add_argument("--half", default="calibration", choices=["calibration", "test", "held_out", "both"])
    ap.add_argument("--pronouns-as-filler", action="store_true",
                    help="score: a variant tried in the tenth session and not kept (personal pronouns left "
                         "out of what is embedded and compared, like filler words)")
    ap.add_argument("--seed", type=int, help="people: households generated from this seed instead of the "
                    "benchmark's (a further development set; score it with --half both)")
    ap.add_argument("--episode-discount", type=float, help="score: EPISODE_DISCOUNT to use")
    ap.add_argument("--floor", type=float, help="score: FLOOR to use")
    ap.add_argument("--margin", type=float, help="score: MARGIN to use")
    ap.add_argument("--variant", choices=sorted(VARIANTS), action="append", default=[],
                    help="score: a variant of the eleventh session (see VARIANTS): as-said is the code before it, "
                         "the others were tried and not kept")
    a = ap.parse_args(argv)
    global SEED
    SEED = a.seed
    from memcore.entities import candidate_evidence, clue_words
    from memcore.entities import disambiguation as d

    if a.episode_discount is not None:
        candidate_evidence.EPISODE_DISCOUNT = a.episode_discount
    if a.floor is not None:
        d.FLOOR = a.floor
    if a.margin is not None:
        d.MARGIN = a.margin
    for v in a.variant:
        VARIANTS[v](clue_words)
    if a.pronouns_as_filler:
        pronouns = "he she him her his hers they them their theirs himself herself themselves".split()
        clue_words.FILLER = frozenset(clue_words.FILLER | {clue_words.stem(w) for w in pronouns})
    if a.what == "ingest":
        ingest(a.bench)
    elif a.what == "links":
        if a.bench != "people":
            sys.exit("links: people-talk only")
        asyncio.run(_links(a.half))
    else:
        asyncio.run(_score_people(a.half) if a.bench == "people" else _score_peters(a.half))
    return 0


if __name__ == "__main__":
    sys.exit(main())
