"""Where the evidence of a resolvable people-talk query is lost, for the queries the resolver asks
about with no evidence for any candidate (issue 37): on the stack people_voice_rescore.py ingested
(.data/rescore; ingest first), each such query is put in one class, in this order:

  a:not told          the household's turns never state the clue's attribute of that person
  b:no memory         it was told, but no memory of the owner holds the statement
  b:not linked        a memory holds it, not linked to the person's entity
  b:crowded out       linked, current, but not among the profile's facts (the summary's MAX_FACTS)
  b:closed            linked, but closed or disputed
  c:shares words      in the profile, and the clue's allusion shares a word with the statement told
  c:world knowledge   in the profile, the allusion shares no word with it: only knowing what the words
                      mean links them ("the ninety-nines" / "sells ice creams"); "(other statement)" when
                      the allusion's word is in the voice's other statement of that attribute, not told

    .venv/bin/python tools/research/people_voice_why.py --voice child --seeds 5813,4610 [--all] [--show]

`--all`: every asked resolvable query, not only those with no evidence; `--show`: each query, the
turns that told its clue, the memories that hold them and the right entity's profile facts.
"""
from __future__ import annotations

import argparse
import asyncio
import re
import sys
from collections import Counter
from pathlib import Path
from uuid import UUID

sys.path.insert(0, str(Path(__file__).resolve().parent))
import people_voice_rescore as R  # noqa: E402

_STOP = set("the a an his her their is are was he she and of in on at by to with for has have lives does got".split())


def _keywords(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9'-]+", text.lower()) if w not in _STOP and len(w) > 2}


def _told(h: dict, i: int, q: dict, voice: str) -> list[dict]:
    """The turns that told the query's clues of person i, each with the statement it used."""
    from memclient.bench.people_talk_households import VOICES, attribute_text

    out = []
    for t in h["turns"]:
        if t["person"] != i:
            continue
        for a in q["clues"]:
            if not ((a in t["traits"] and "fact" in t["traits"]) or (a == "relation" and "intro_relation" in t["traits"])):
                continue
            said = [] if a == "relation" else attribute_text(h, h["people"][i], a, VOICES[voice])[0]
            used = [s for s in said if s.lower() in t["text"].lower()]
            pred = h["people"][i]["relation"][0] if a == "relation" else (used[0] if used else t["text"])
            out.append({"attr": a, "text": t["text"], "pred": pred, "said": said})
    return out


def _allusions(h: dict, i: int, q: dict, voice: str) -> list[str]:
    from memclient.bench.people_talk_households import VOICES, attribute_text

    return [al for a in q["clues"] if a != "relation"
            for al in attribute_text(h, h["people"][i], a, VOICES[voice])[1] if al.lower() in q["text"].lower()]


def classify(told: list[dict], allusions: list[str], facts: list[str]) -> str:
    """The class of one query (the module's docstring) from what was told, the memories that hold it
    (each told item's "memories": text, closed, linked to the person) and the right entity's facts."""
    from memcore.entities.clue_words import words_of

    if not told:
        return "a:not told"
    out = []
    for w in told:
        linked = [m for m in w["memories"] if m["linked"]]
        kw = _keywords(w["pred"])
        if not w["memories"]:
            out.append("b:no memory")
        elif not linked:
            out.append("b:not linked")
        elif not any(len(kw & _keywords(f)) >= len(kw) - (1 if len(kw) >= 3 else 0) for f in facts):
            out.append("b:crowded out" if any(not m["closed"] for m in linked) else "b:closed")
        elif not allusions or any(words_of(a) & words_of(w["pred"]) for a in allusions):
            out.append("c:shares words")
        elif any(words_of(a) & words_of(o) for a in allusions for o in w["said"] if o != w["pred"]):
            out.append("c:world knowledge (other statement)")
        else:
            out.append("c:world knowledge")
    # the earliest loss; of two clues (one often shared by the namesakes), the one no word links
    return min(out, key=_ORDER.index)


_ORDER = ["a:not told", "b:no memory", "b:not linked", "b:closed", "b:crowded out", "c:world knowledge",
          "c:world knowledge (other statement)", "c:shares words"]


async def main(voice: str, seeds: list[int], every: bool, show: bool) -> None:
    import asyncpg

    from memcore.adapters.postgres import init_connection
    from memcore.devstack.stack import LocalStack
    from memcore.entities import profiles

    stack = LocalStack(R.DATA, persistent=True, with_blob=False).start(log=lambda m: None)
    total: Counter[str] = Counter()
    try:
        conn = await asyncpg.connect(stack.env()["MEMORY_SUPERUSER_DATABASE_URL"])
        await init_connection(conn)
        res = R._resources()
        for seed in seeds:
            households = {h["id"]: h for h in R._households(voice, seed)}
            counts: Counter[str] = Counter()
            for q, r, outcome, right in await R._rows(res, conn, voice, seed):
                top = r.candidates[0].score if r is not None and r.candidates else 0.0
                if outcome != "asked" or not q["resolvable"] or (top > 0.0 and not every):
                    continue
                h, i = households[q["household"]], q["person"]
                owner = UUID(q["owner"])
                told = _told(h, i, q, voice)
                memories = await conn.fetch("SELECT memory_id, text, valid_to, tier FROM memory_items WHERE owner_id = $1", owner)
                for w in told:
                    kw = _keywords(re.sub(rf"\b{re.escape(q['name'])}\b", "", w["text"]))
                    w["memories"] = []
                    for m in memories:
                        if kw and len(kw & _keywords(m["text"])) >= max(1, len(kw) - 1):
                            ids = {str(x["entity_id"]) for x in await conn.fetch(
                                "SELECT entity_id FROM memory_entities WHERE memory_id = $1", m["memory_id"])}
                            w["memories"].append({"text": m["text"], "closed": m["valid_to"] is not None or m["tier"] == "disputed",
                                                  "linked": bool(ids & right)})
                facts = []
                for eid in right:
                    row = await conn.fetchrow("SELECT canonical_name, type, profile_summary FROM entities WHERE entity_id = $1",
                                              UUID(eid))
                    facts += profiles.profile_facts(row["profile_summary"] or "", profiles.own_names(row["canonical_name"], row["type"]))
                allusions = _allusions(h, i, q, voice)
                why = classify(told, allusions, facts)
                counts[why] += 1
                if show:
                    print(f"\n{why} | s{seed} h{q['household']} [{q['kind']}] {q['text']}  (top {top:.3f}) {allusions}")
                    for w in told:
                        print(f"    told: {w['text']}")
                        for m in w["memories"]:
                            print(f"        memory{' (closed)' if m['closed'] else ''}{' (linked)' if m['linked'] else ''}: {m['text']}")
                    print(f"    facts: {facts}")
            print(f"{voice} {seed}: {sum(counts.values())} {dict(counts.most_common())}")
            total += counts
        if len(seeds) > 1:
            print(f"all: {sum(total.values())} {dict(total.most_common())}")
        await conn.close()
    finally:
        stack.stop()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--voice", default="child", choices=["adult", "child", "business"])
    ap.add_argument("--seeds", required=True, help="comma-separated seeds (calibration halves, ingested)")
    ap.add_argument("--all", action="store_true", help="every asked resolvable query, not only those with no evidence")
    ap.add_argument("--show", action="store_true", help="print each query and where its clue went")
    a = ap.parse_args()
    asyncio.run(main(a.voice, [int(s) for s in a.seeds.split(",")], a.all, a.show))
