"""Which person each stored memory is linked to, against whom the generator told it about (issue 37).

On a stack that people_voice_rescore.py ingested (same --data), for each calibration household: every
memory linked to a namesake's entity is traced to the turn(s) it was said in (a turn's record by its
session and text, a fact by the records it cites: source_turns), and the link is "foreign" when no
such turn was about that person (the generator's `person` of the turn). Reports the foreign links to
namesakes (a statement about one Wayne linked to another Wayne), which the shared-clue ties of the
read path would follow from, and the statements each namesake truly shares (told of several).

    .venv/bin/python tools/research/people_voice_links.py --voice business --seeds 3619 --data /tmp/p/rescore
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter
from pathlib import Path
from uuid import UUID

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "research"))

import people_voice_rescore as R  # noqa: E402

SQL = """
SELECT l.entity_id, m.memory_id, m.layer, m.text, m.session_id,
       coalesce((SELECT array_agg(r.session_id || '|' || r.text) FROM memory_items r
                 WHERE r.memory_id = ANY(m.source_turns)), ARRAY[]::text[]) AS turns
FROM memory_entities l JOIN memory_items m ON m.memory_id = l.memory_id
WHERE l.entity_id = ANY($1::uuid[]) AND m.valid_to IS NULL"""


async def check(voice: str, seeds: list[int], show: bool) -> None:
    import asyncpg

    from memcore.adapters.postgres import init_connection
    from memcore.devstack.stack import LocalStack

    stack = LocalStack(R.DATA, persistent=True, with_blob=False).start(log=lambda m: None)
    try:
        conn = await asyncpg.connect(stack.env()["MEMORY_SUPERUSER_DATABASE_URL"])
        await init_connection(conn)
        total: Counter = Counter()
        for seed in seeds:
            stored = json.loads(R._mapping(voice, seed).read_text())
            for h in R._households(voice, seed):
                ents = {UUID(e): int(p) for p, es in stored[str(h["id"])]["entities"].items() for e in es}
                firsts = Counter(p["first"] for p in h["people"])
                told: dict[str, set] = {}
                for t in h["turns"]:
                    if t["speaker"] == "user":
                        told.setdefault(f"h{h['id']}-s{t['session']}|{t['text']}", set()).add(t["person"])
                for r in await conn.fetch(SQL, list(ents)):
                    p = ents[r["entity_id"]]
                    if firsts[h["people"][p]["first"]] < 2:
                        continue
                    keys = list(r["turns"]) if r["layer"] != "record" else [f"{r['session_id']}|{r['text']}"]
                    about = set().union(*(told.get(k, set()) for k in keys)) if keys else set()
                    total["links"] += 1
                    if not about or None in about and len(about) == 1:
                        total["untraced or about no one"] += 1
                        continue
                    if p in about:
                        continue
                    other = {h["people"][a]["first"] for a in about if a is not None}
                    kind = "foreign, a namesake's" if h["people"][p]["first"] in other else "foreign, another's"
                    total[kind] += 1
                    if show:
                        print(f"{voice} {seed} h{h['id']} {h['people'][p]['full']:20} {kind}: [{r['layer']}] {r['text']}")
            print(f"{voice} {seed}: {dict(total)}")
        await conn.close()
    finally:
        stack.stop()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--voice", default="child", choices=["adult", "child", "business"])
    ap.add_argument("--seeds", required=True)
    ap.add_argument("--data", help="the stack's directory (as people_voice_rescore.py --data)")
    ap.add_argument("--show", action="store_true", help="print each foreign link")
    a = ap.parse_args(argv)
    if a.data:
        R.DATA = Path(a.data).resolve()
    asyncio.run(check(a.voice, [int(s) for s in a.seeds.split(",")], a.show))
    return 0


if __name__ == "__main__":
    sys.exit(main())
