"""What each shape of memcore.knowledge.card_shapes drops on tuning halves (issue 35, precision): every owner turn
goes through `reading.learn` as formation_misses.py sends it, with card_shapes.sound letting every card through and
noting the shapes each has; the scorer then says which of the cards a shape would drop held a fact. A shape worth
keeping drops (almost) only cards that hold none.

Tuning halves only (dev, calibration): a check or test half is never read here.

  .venv/bin/python tools/research/card_shapes_counts.py --sets dev2,dev3,dev4,dev5,dev6,dev7,dev8,dev9,dev10,dev11 [--rows]
"""
from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from datetime import timedelta

from formation_misses import START, TUNING, _conversations
from memclient.bench.formation_scoring import Memory, score_conversation
from memcore.knowledge import card_shapes
from memcore.knowledge.models import Fact
from memcore.knowledge.parse import Sentence
from memcore.knowledge.reading import learn
from memcore.retrieval.document_text import render_turn

_SEEN: dict[tuple[str, str, str], list[str]] = {}


def _noting(cards: list[Fact], readings: Sequence[Sentence], owner: str = "") -> list[Fact]:
    for f in cards:
        _SEEN[(f.subject, f.predicate, f.value)] = card_shapes.shapes(f, readings, owner)
    return cards


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default="dev2,dev3,dev4,dev5,dev6,dev7,dev8,dev9,dev10,dev11")
    ap.add_argument("--halves", default="dev")
    ap.add_argument("--rows", action="store_true", help="print each card a shape drops")
    args = ap.parse_args(argv)
    halves = set(args.halves.split(","))
    if not halves <= set(TUNING):
        ap.error("tuning halves only (dev, calibration): a check or test half is never read here")
    card_shapes.sound = _noting  # type: ignore[assignment]  (a measurement: every card through, its shapes noted)
    by_shape: Counter[tuple[str, bool]] = Counter()
    rows: list[str] = []
    for conv, turns in _conversations(args.sets.split(","), halves).items():
        owner, org, lines, known = turns[0]["owner"], turns[0]["org"], [], None
        memories, shapes_of = [], {}
        for t in turns:
            if t["speaker_role"] == "owner":
                _SEEN.clear()
                facts = learn(t["text"], None, at=START + timedelta(minutes=t["seq"]), owner=owner, role="owner",
                              speaker=t["speaker"], speaker_org=known if org else None, previous=lines[-2:],
                              account_org=org)
                for n, f in enumerate(facts):
                    mid = f"{conv}-{t['seq']}-{n}"
                    memories.append(Memory(id=mid, type=f.type, text=f.text, subject=f.subject, predicate=f.predicate,
                                           value=f.value, confidence=f.certainty, seqs=(t["seq"],)))
                    shapes_of[mid] = (_SEEN.get((f.subject, f.predicate, f.value), []), f)
                    if f.subject == owner and f.predicate in ("organisation", "works_for", "runs"):
                        known = f.value
            lines.append(render_turn(t["text"], t["speaker"], None))
        scored = score_conversation(turns, memories, owner, org)
        for row in scored["memories"]:
            shapes, f = shapes_of[row["id"]]
            for shape in shapes:
                by_shape[(shape, row["correct"])] += 1
                rows.append(f"  {shape:16} {'HELD A FACT' if row['correct'] else 'held none  '} {row['id']} "
                            f"{f.type} {f.subject} | {f.predicate} | {f.value}")
    for shape in sorted({s for s, _ in by_shape}):
        print(f"{shape:16} drops {by_shape[(shape, True)]} cards that held a fact, {by_shape[(shape, False)]} that held none")
    if args.rows:
        print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
