"""Per-query dump of people-talk resolutions (issue 12): for the queries of some kinds that ended a
given way, each candidate's score and, for each clue part, its best-matching profile fact and cosine.

Needs the running stack (`make run`) and an ingest by tools/research/disambiguation_rescore.py.

    .venv/bin/python tools/research/disambiguation_dump.py "shared clue" calibration wrong 2027   # seed 2027
    .venv/bin/python tools/research/disambiguation_dump.py "late role,one clue" calibration asked

Arguments: kinds (comma-separated), half, outcome (correct | wrong | asked), optional seed. Never run
it on the test half of the benchmark's own seed for tuning.
"""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import disambiguation_rescore as R  # noqa: E402

from memcore.entities import disambiguation as D  # noqa: E402
from memcore.extraction.entities import strip_names  # noqa: E402
from memory_api import entity_resolver as ER  # noqa: E402
from memory_api.store import entity_repo  # noqa: E402


async def dump(kinds: list[str], half: str, wanted: str) -> None:
    res, conn = R._resources(), await R._connect()
    async for q, owner, r, outcome, right in R.people_resolutions(res, conn, half):
        if q["kind"] not in kinds or outcome != wanted:
            continue
        print(f"\n[{q['kind']}] {q['text']}  -> {outcome}, lead {r.margin if r else None}")
        if r is None:
            continue
        ids = {c.entity_id for c in r.candidates}
        group = [x for x in await entity_repo.named_in(conn, owner, ER.name_ngrams(q["text"]))
                 if str(x["entity_id"]) in ids]
        index = await ER._index(res, group)
        parts = D.context_parts(strip_names(q["text"], [r.surface.lower()]))
        pv = D._unit_rows(res.embedder.embed(parts)) if parts else None
        for c in r.candidates:
            cand = next(x for x in index.candidates if x.entity_id == c.entity_id)
            mark = "*" if c.entity_id in right else " "
            print(f"  {mark} {c.name:18} score {c.score:.3f} semantic {c.similarity:.3f} lexical {c.lexical:.3f}")
            if pv is None or cand.fact_vectors is None:
                continue
            sims = pv @ D._unit_rows(np.asarray(cand.fact_vectors)).T
            for i, part in enumerate(parts):
                j = int(np.argmax(sims[i]))
                print(f"      '{part}': best {sims[i, j]:.3f} <- '{cand.facts[j] if j < len(cand.facts) else '?'}'")


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        sys.exit(__doc__)
    R.SEED = int(argv[3]) if len(argv) > 3 else None
    asyncio.run(dump(argv[0].split(","), argv[1], argv[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
