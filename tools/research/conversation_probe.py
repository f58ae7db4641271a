"""Probe conversations (worktree who45): blocks split by blank lines; "#owner Name", "#org Name" ("-": none);
"A: ..." is the assistant. Each owner line is read with the two lines before it, as formation_misses.py does:

    .venv/bin/python tools/research/conversation_probe.py tools/research/who_sentences_who45.txt
"""
from __future__ import annotations

import sys
from datetime import datetime, timedelta, timezone

from memcore.knowledge.reading import learn
from memcore.retrieval.document_text import render_turn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def main(path: str) -> None:
    owner, org, lines = "Sam", None, []
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f):
            line = raw.rstrip("\n")
            if not line.strip():
                lines = []
                continue
            if line.startswith("#"):
                parts = line.split(None, 1)
                if parts[0] == "#owner":
                    owner = parts[1]
                if parts[0] == "#org":
                    org = parts[1] if len(parts) > 1 and parts[1] != "-" else None
                continue
            if line.startswith("A: "):
                lines.append(render_turn(line[3:], "assistant", None))
                continue
            facts = learn(line, None, at=AT + timedelta(minutes=n), owner=owner, role="owner", speaker=owner,
                          previous=lines[-2:], account_org=org)
            print(">>", line)
            for fact in facts:
                print(f"   {fact.certainty:.2f} {fact.type:12} {fact.subject} | {fact.predicate} | {fact.value}   || {fact.text}")
            if not facts:
                print("   (nothing)")
            lines.append(render_turn(line, owner, None))


if __name__ == "__main__":
    main(sys.argv[1])
