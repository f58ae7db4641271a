"""The cards that match no labelled fact (issue 35, precision), without the API: the tuning halves' owner
turns are read as formation_misses.py reads them (`_conversations`, `_read`) and scored by
`memclient.bench.formation_scoring`; every knowledge card that holds no fact is listed with its turn.

The reader that made a card is not recorded on a `Fact`, so cards are grouped by type and predicate (the
predicate names the reader's family: `routine`, `likes`, `event`, ...). Each card gets a first guess at
its class, from the labels of its own turn only:
- `no_knowledge_turn`: the turn carries no knowledge (small talk, a question, a hypothetical ...);
- `turn_without_labels`: a knowledge turn whose labels give it no fact (rare: a label gap, or a wrong card);
- `duplicate`: its words are all in (or hold all of) a card of the same turn that did match;
- `fragment`: it shares value words with a fact of its turn but holds none (part of a fact, another subject,
  a sibling's words run in);
- `unlabelled`: it shares nothing with its turn's facts (a fact the labels left out, or a non-fact).
The guess locates; reading the rows decides.

  .venv/bin/python tools/research/formation_extras.py --sets dev2,dev3,dev4,dev5,dev6,dev7,dev8,dev9
  .venv/bin/python tools/research/formation_extras.py --sets dev10 --rows

Only tuning halves (dev, calibration) are read: a check or test half is refused before any file is opened.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from formation_misses import TUNING, _conversations, _read  # noqa: E402

from memclient.bench.formation_scoring import Fact as Label  # noqa: E402
from memclient.bench.formation_scoring import Memory, score_conversation, terms  # noqa: E402


def guess(card: Memory, kind: str, labels: list[Label], matched: list[Memory]) -> str:
    """A first guess at why a card that matched nothing is there (see the module's docstring)."""
    if kind != "knowledge":
        return "no_knowledge_turn"
    if not labels:
        return "turn_without_labels"
    mine = set(card.terms)
    for other in matched:
        theirs = set(other.terms)
        if mine and (mine <= theirs or theirs <= mine):
            return "duplicate"
    values = set().union(*(set(terms(v)) for f in labels for v in f.values))
    return "fragment" if mine & values else "unlabelled"


def extras(turns: list[dict]) -> list[dict]:
    """The cards of one conversation that hold no fact, each with its turn and guessed class."""
    memories, by_turn = _read(turns)
    scored = score_conversation(turns, memories, turns[0]["owner"], turns[0]["org"])
    correct = {row["id"] for row in scored["memories"] if row["correct"]}
    out = []
    for t in turns:
        cards = by_turn.get(t["seq"], [])
        labels = [Label.from_label(f) for f in t.get("facts", [])]
        matched = [m for m in cards if m.id in correct]
        for m in cards:
            if m.id not in correct:
                out.append({"conversation": t["conversation"], "seq": t["seq"], "kind": t["kind"], "text": t["text"],
                            "card": m, "class": guess(m, t["kind"], labels, matched),
                            "labels": labels})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default="dev2,dev3,dev4,dev5,dev6,dev7,dev8,dev9")
    ap.add_argument("--halves", default="dev")
    ap.add_argument("--rows", action="store_true", help="print each card with its turn and the turn's facts")
    ap.add_argument("--only", default="", help="print rows of these classes only (comma-separated)")
    args = ap.parse_args(argv)
    halves = set(args.halves.split(","))
    if not halves <= set(TUNING):
        ap.error("tuning halves only (dev, calibration): a check or test half is never read")
    rows: list[dict] = []
    for turns in _conversations(args.sets.split(","), halves).values():
        rows.extend(extras(turns))
    by_class = Counter(r["class"] for r in rows)
    by_type: dict[str, Counter] = defaultdict(Counter)
    for r in rows:
        by_type[r["card"].type][r["card"].predicate] += 1
    print(f"cards matching no fact {len(rows)}")
    for name, n in by_class.most_common():
        print(f"  {name:20} {n:4}")
    for type_, preds in sorted(by_type.items(), key=lambda kv: -sum(kv[1].values())):
        print(f"  {type_:12} {sum(preds.values()):4}  " + ", ".join(f"{p} {n}" for p, n in preds.most_common(8)))
    if args.rows:
        only = set(filter(None, args.only.split(",")))
        for r in sorted(rows, key=lambda r: (r["class"], r["card"].type, r["card"].predicate or "")):
            if only and r["class"] not in only:
                continue
            m = r["card"]
            print(f"{r['conversation']}:{r['seq']} [{r['class']}] ({r['kind']}) {r['text']}\n"
                  f"   gave {m.type} {m.subject} | {m.predicate} | {m.value} || {m.text}")
            for f in r["labels"]:
                print(f"     label {f.type} {f.subject} | {f.predicate} | {' / '.join(f.values)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
