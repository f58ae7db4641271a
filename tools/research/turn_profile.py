"""Where a conversation turn's extraction spends its time and how often it runs the knowledge parser
(issue 35): the conversation route's `turn_candidates` over LoCoMo turns, in process, no stack needed.

    .venv/bin/python tools/research/turn_profile.py profile [N]   # cProfile of the first N turns (400)
    .venv/bin/python tools/research/turn_profile.py parses        # texts parsed on formation-dev2's team turns
    .venv/bin/python tools/research/turn_profile.py save FILE [N]  # the cProfile of N turns (400) into FILE
    .venv/bin/python tools/research/turn_profile.py diff OLD NEW   # calls per function, old against new code

`profile` prints the top of the cProfile by cumulative time (the NER pass, syntax.analyse, the knowledge
parse). `parses` counts the texts handed to memcore.knowledge.parse.parse for the org voice's owner turns of
formation-dev2.jsonl (all halves; only their text is read). Run old and new code from two worktrees on a
quiet machine to compare. cProfile charges every Python call: since the NER and parser steps run from
Python (memcore.extraction.transition_loop) they look slower under it than they run; compare CPU time
(time.thread_time around turn_candidates) for those.
"""
from __future__ import annotations

import cProfile
import json
import pstats
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# the main checkout sits beside /work/shared; a helper's worktree (/work/wt/<name>) two levels below /work
LOCOMO = next((p for p in (REPO.parent / "shared", REPO.parents[1] / "shared") if p.is_dir()),
              REPO.parent / "shared") / "data" / "locomo-dev" / "memories.jsonl"
DEV2 = REPO / "services" / "client" / "memclient" / "bench" / "data" / "formation-dev2.jsonl"
AT = datetime(2024, 1, 1, tzinfo=timezone.utc)


def profile(n: int) -> None:
    pstats.Stats(_profiled(n)).sort_stats("cumulative").print_stats(40)


def _profiled(n: int) -> cProfile.Profile:
    from memory_api.routers.conversations import turn_candidates
    from memory_api.schemas import TurnRequest

    rows = [json.loads(line) for line in LOCOMO.read_text().splitlines()][:n]
    first = rows[0]["speaker"]

    def run() -> None:
        said: list[str] = []
        for i, r in enumerate(rows):
            body = TurnRequest(speaker="user" if r["speaker"] == first else "assistant", text=r["text"])
            turn_candidates(body, "s", AT, r["text"], said[-3:], i)
            said.append(r["text"])

    run()  # models loaded, caches warm: the profile is of the work a turn does
    prof = cProfile.Profile()
    prof.runcall(run)
    return prof


def diff(old: str, new: str) -> None:
    """Call counts are the same on any host and under any load (unlike times): where the new code does more."""
    def calls(path: str) -> dict[tuple[str, str], list[float]]:
        out: dict[tuple[str, str], list[float]] = {}
        for (file, _line, fn), (_cc, nc, tt, _ct, _callers) in pstats.Stats(path).stats.items():  # type: ignore[attr-defined]
            fn = re.sub(r" at 0x[0-9a-f]+", "", fn)  # a built-in's address differs by process
            a = out.setdefault((file.split("/services/")[-1].split("site-packages/")[-1], fn), [0, 0.0])
            a[0] += nc
            a[1] += tt
        return out

    o, n = calls(old), calls(new)
    print(f"calls {sum(v[0] for v in o.values()):,.0f} -> {sum(v[0] for v in n.values()):,.0f}")
    grown = sorted(((n.get(k, [0, 0])[0] - o.get(k, [0, 0])[0], k) for k in set(o) | set(n)), reverse=True)
    for d, (file, fn) in grown[:25]:
        print(f"{d:+10,.0f}  {o.get((file, fn), [0])[0]:>10,.0f} -> {n.get((file, fn), [0])[0]:>10,.0f}  {file}:{fn}")


def parses() -> None:
    import memcore.knowledge.parse as knowledge_parse
    from memcore.extraction.pipeline import extract
    from memcore.knowledge.extract import facts_of_turn

    counted = {"texts": 0}
    real = knowledge_parse.parse

    def counting(texts: list[str]):  # noqa: ANN202 - the parser's own signature
        counted["texts"] += len(texts)
        return real(texts)

    knowledge_parse.parse = counting
    import memcore.knowledge.extract as extract_module
    if hasattr(extract_module, "parse"):  # code before parse_once imported the parser by name
        extract_module.parse = counting
    rows = [json.loads(line) for line in DEV2.read_text().splitlines()]
    turns = [r for r in rows if r.get("voice") == "org" and r.get("speaker_role", "owner") == "owner"
             and r.get("speaker") != "assistant"]
    for r in turns:
        statements = extract(r["text"], speaker="user", at=AT).statements
        facts_of_turn(r["text"], statements, owner="Sam", role="owner", account_org="Brightside Dental")
    print(f"{len(turns)} owner turns, {counted['texts']} texts parsed")


if __name__ == "__main__":
    if sys.argv[1:2] == ["parses"]:
        parses()
    elif sys.argv[1:2] == ["save"]:
        _profiled(int(sys.argv[3]) if len(sys.argv) > 3 else 400).dump_stats(sys.argv[2])
    elif sys.argv[1:2] == ["diff"]:
        diff(sys.argv[2], sys.argv[3])
    else:
        profile(int(sys.argv[2]) if len(sys.argv) > 2 else 400)
