"""A variant tried in the tenth session and not kept (issue 12): matching a clue's words, one by one,
with a candidate's fact words, for allusions that whole-clause embeddings miss ("the oak she felled"
/ "cuts down trees for a living").

Each uncommon word of the query (Zipf < 5, filler left out) is embedded alone and compared with every
uncommon word of each candidate's profile facts; its best match per candidate is z-scored against its
similarity to all the candidates' fact words. A word counts for the one candidate it fits at z >= 2,
with a lead of 0.5 over the runner-up and a cosine of at least 0.3; the candidate with the most such
words would be the answer. Prints, per query kind, how often that candidate is right or wrong.

Needs the people-talk ingest of tools/research/disambiguation_rescore.py in the running stack:

    .venv/bin/python tools/research/disambiguation_rescore.py ingest people
    .venv/bin/python tools/research/word_clue_analysis.py [--half calibration]
    # the cosine of texts, pair by pair (no stack needed): words or phrases
    .venv/bin/python tools/research/word_clue_analysis.py --pairs "oak|trees" "flat|round"
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter
from pathlib import Path
from uuid import UUID

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import disambiguation_rescore as rescore  # noqa: E402

Z, LEAD, COSINE = 2.0, 0.5, 0.3


def _words(text: str) -> list[str]:
    from wordfreq import zipf_frequency

    from memcore.entities import clue_words as cw
    from memcore.extraction.discourse import DISCOURSE
    from memcore.retrieval.query_terms import content_words

    return [w for w in dict.fromkeys(content_words(cw.drop_linking_verbs(DISCOURSE.sub(" ", text))))
            if cw.stem(w) not in cw.FILLER and zipf_frequency(w, "en") < 5.0]


def _pick(best: np.ndarray, z: np.ndarray) -> int | None:
    """candidates x words -> the candidate most words fit (None: no word, or a tie)."""
    votes = np.zeros(best.shape[0])
    for j in range(best.shape[1]):
        order = np.argsort(-z[:, j])
        top, second = order[0], order[1]
        if best[top, j] < 0.999 and z[top, j] >= Z and z[top, j] - z[second, j] >= LEAD and best[top, j] >= COSINE:
            votes[top] += 1
    if votes.max() == 0 or (votes == votes.max()).sum() > 1:
        return None
    return int(np.argmax(votes))


async def main(half: str) -> None:
    from memclient.bench import people_talk
    from memcore.extraction.entities import strip_names
    from memory_api import entity_resolver as er
    from memory_api.store import entity_repo

    stored = json.loads(rescore._mapping("people").read_text())
    res, conn = rescore._resources(), await rescore._connect()
    cache: dict[str, np.ndarray] = {}

    def embed(words: list[str]) -> np.ndarray:
        missing = [w for w in words if w not in cache]
        for w, v in zip(missing, res.embedder.embed(missing) if missing else []):
            cache[w] = v / np.linalg.norm(v)
        return np.array([cache[w] for w in words]) if words else np.zeros((0, res.embedder.dim))

    counts: Counter = Counter()
    for h in people_talk.generate():
        if h["half"] != half:
            continue
        s = stored[str(h["id"])]
        owner = UUID(s["owner"])
        person_of = {e: int(k) for k, v in s["entities"].items() for e in v}
        for q in h["queries"]:
            rows = await entity_repo.named_in(conn, owner, er.name_ngrams(q["text"]))
            groups = [g for sf, g in er._surfaces(q["text"], rows)
                      if len(g) > 1 and q["name"].lower() in sf.lower().split()]
            if not groups:
                continue
            group = groups[0]
            clue = _words(strip_names(q["text"], [q["name"]]))
            if not clue:
                counts[(q["kind"], "no word")] += 1
                continue
            cv = embed(clue)
            facts = [sorted({w for f in er._facts(r) for w in _words(f)}) for r in group]
            everyone = cv @ embed(sorted({w for fw in facts for w in fw})).T
            mu, sd = everyone.mean(axis=1), everyone.std(axis=1) + 1e-6
            best = np.array([(cv @ embed(fw).T).max(axis=1) if fw else np.zeros(len(clue)) for fw in facts])
            pick = _pick(best, (best - mu) / sd)
            outcome = "none" if pick is None else (
                "right" if person_of.get(str(group[pick]["entity_id"])) == q["person"] else "wrong")
            counts[(q["kind"], outcome)] += 1
    for (kind, outcome), n in sorted(counts.items()):
        print(f"{kind:12} {outcome:8} {n}")


def pairs(texts: list[str]) -> None:
    embedder = rescore._resources().embedder
    for pair in texts:
        a, b = pair.split("|")
        va, vb = embedder.embed([a, b])
        print(f"{a!r} / {b!r}: {float(va @ vb):.2f}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--half", default="calibration", choices=["calibration", "test"])
    ap.add_argument("--pairs", nargs="+", help='"text a|text b": print their cosine and stop')
    args = ap.parse_args()
    if args.pairs:
        pairs(args.pairs)
    else:
        asyncio.run(main(args.half))
