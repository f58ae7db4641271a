"""Where a conversation turn's extraction spends its time and how often it runs the knowledge parser
(issue 35): the conversation route's `turn_candidates` over LoCoMo turns, in process, no stack needed.

    .venv/bin/python tools/research/turn_profile.py profile [N]   # cProfile of the first N turns (400)
    .venv/bin/python tools/research/turn_profile.py parses        # texts parsed on formation-dev2's team turns

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
    from memory_api.routers.conversations import turn_candidates
    from memory_api.schemas import TurnRequest

    rows = [json.loads(line) for line in LOCOMO.read_text().splitlines()][:n]
    first = rows[0]["speaker"]
    turn_candidates(TurnRequest(speaker="user", text="Hello, I love swimming."), "s", AT, "Hello")  # loads the models

    def run() -> None:
        said: list[str] = []
        for i, r in enumerate(rows):
            body = TurnRequest(speaker="user" if r["speaker"] == first else "assistant", text=r["text"])
            turn_candidates(body, "s", AT, r["text"], said[-3:], i)
            said.append(r["text"])

    prof = cProfile.Profile()
    prof.runcall(run)
    pstats.Stats(prof).sort_stats("cumulative").print_stats(40)


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
    else:
        profile(int(sys.argv[2]) if len(sys.argv) > 2 else 400)
