"""Why the deterministic extractor misses the facts it misses (issue 35), without the API: every owner
turn of the chosen halves goes through `memcore.knowledge.reading.learn` with the two lines before it
(as the service reads a turn), and `memclient.bench.formation_scoring` scores what it gives.

Each missed fact is put in one class:
- `turn_gave_nothing`: the turn gave no fact at all;
- `value_absent`: the turn gave facts, none holding the fact's value;
- `value_wrong_subject`: a fact holds the value, under another subject;
- `held_wrong_type`: a fact holds it, of a type the label does not accept;
- `not_atomic`: a fact of an acceptable type holds it together with a sibling fact's words;
- `relation_or_polarity`: what is left (a relation word missing, the polarity wrong).

Counts only, by class and by the fact's type. `--rows` prints the missed facts with what their turn gave,
and `--wrong` every card that holds no labelled fact (with its turn's text and kind, and whether the turn
is one the note-taker keeps nothing from: the scorer's `NO_KNOWLEDGE_KINDS`); both only for tuning halves
(dev, calibration): a check or test half's rows are never printed.

  .venv/bin/python tools/research/formation_misses.py --sets dev2,dev3,dev4,dev5,dev6,three-voices --halves check,test
  .venv/bin/python tools/research/formation_misses.py --sets dev6 --halves dev --rows
  .venv/bin/python tools/research/formation_misses.py --sets dev9 --halves dev --wrong

The figures differ a little from `memctl bench formation` (no dedupe, review or merge: the write path
is not run), so they locate misses; the bench measures them.
"""
from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from datetime import datetime, timedelta, timezone
from pathlib import Path

from memclient.bench.formation_scoring import Fact as Label
from memclient.bench.formation_scoring import (
    NO_KNOWLEDGE_KINDS,
    Memory,
    holds,
    score_conversation,
    summarise,
    terms,
)
from memcore.knowledge.reading import learn
from memcore.retrieval.document_text import render_turn

DATA = Path(__file__).resolve().parents[2] / "services" / "client" / "memclient" / "bench" / "data"
TUNING = ("dev", "calibration")
START = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
FILTER: dict = {}  # --filter: the weights card_filter_train.py trained and the threshold (a measurement; not in memcore)


def _file(name: str) -> Path:
    return DATA / ("three-voices.jsonl" if name == "three-voices" else f"formation-{name}.jsonl")


def _conversations(sets: list[str], halves: set[str]) -> dict[str, list[dict]]:
    convs: dict[str, list[dict]] = defaultdict(list)
    for name in sets:
        for line in _file(name).read_text().splitlines():
            turn = json.loads(line)
            if turn["half"] in halves:
                convs[turn["conversation"]].append(turn)
    return convs


def _read(turns: list[dict]) -> tuple[list[Memory], dict[int, list[Memory]]]:
    """What the extractor gives each owner turn, as the scorer's memories."""
    owner, org, lines = turns[0]["owner"], turns[0]["org"], []
    memories: list[Memory] = []
    by_turn: dict[int, list[Memory]] = defaultdict(list)
    known = None  # the organisation an earlier turn named: read only in an organisation's account, as the service does
    for t in turns:
        if t["speaker_role"] == "owner":
            facts = learn(t["text"], None, at=START + timedelta(minutes=t["seq"]), owner=owner, role="owner",
                          speaker=t["speaker"], speaker_org=known if org else None, previous=lines[-2:], account_org=org)
            if FILTER:  # card_filter_features.py, beside this file
                from card_filter_features import kept
                facts = kept(facts, t["text"], owner, FILTER["weights"], FILTER["threshold"])
            for n, f in enumerate(facts):
                m = Memory(id=f"{t['conversation']}-{t['seq']}-{n}", type=f.type, text=f.text, subject=f.subject,
                           predicate=f.predicate, value=f.value, confidence=f.certainty, seqs=(t["seq"],))
                memories.append(m)
                by_turn[t["seq"]].append(m)
                if f.subject == owner and f.predicate in ("organisation", "works_for", "runs"):
                    known = f.value
        lines.append(render_turn(t["text"], t["speaker"], None))
    return memories, by_turn


def _why(label: Label, row: dict, given: list[Memory]) -> str:
    if not given:
        return "turn_gave_nothing"
    with_value = [m for m in given if any(set(terms(v)) <= set(m.terms) and terms(v) for v in label.values)]
    if not with_value:
        return "value_absent"
    if not any(set(terms(label.subject)) <= m.subject_terms for m in with_value):
        return "value_wrong_subject"
    if row["held"]:
        return "held_wrong_type"
    if any(m.type in label.types_ok and holds(m, label) for m in given):
        return "not_atomic"
    return "relation_or_polarity"


def _print_wrong(conv: str, turns: list[dict], memories: list[Memory], rows: list[dict]) -> None:
    """Every card of the conversation that holds no labelled fact, under its turn: the turn's kind, and
    NO-KNOWLEDGE when the note-taker keeps nothing from such a turn (the scorer's own rule)."""
    kinds = {t["seq"]: t["kind"] for t in turns}
    text = {t["seq"]: t["text"] for t in turns}
    for m, row in zip(memories, rows):
        if row["correct"]:
            continue
        seq = m.seqs[0] if m.seqs else None
        kind = kinds.get(seq, "unknown")
        flag = "NO-KNOWLEDGE" if kind in NO_KNOWLEDGE_KINDS else "knowledge-turn"
        print(f"WRONG {conv}:{seq} [{flag} {kind}] {text.get(seq, '')}\n"
              f"     card {m.type} {m.subject} | {m.predicate} | {m.value} || {m.text}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default="dev,dev2,dev3,dev4,dev5,dev6,three-voices")
    ap.add_argument("--halves", default="dev,calibration")
    ap.add_argument("--rows", action="store_true", help="print the missed facts (tuning halves only)")
    ap.add_argument("--wrong", action="store_true",
                    help="print every card that holds no labelled fact, with its turn (tuning halves only)")
    ap.add_argument("--filter", type=Path, help="drop the cards card_filter_features scores below --threshold (weights JSON)")
    ap.add_argument("--threshold", type=float, default=0.5)
    args = ap.parse_args(argv)
    if args.filter:
        FILTER.update(weights=json.loads(args.filter.read_text()), threshold=args.threshold)
    halves = set(args.halves.split(","))
    if (args.rows or args.wrong) and not halves <= set(TUNING):
        ap.error("--rows and --wrong print tuning halves only (dev, calibration): a check or test half's rows are "
                 "never read")
    scored, why, by_type = [], Counter(), Counter()
    for conv, turns in _conversations(args.sets.split(","), halves).items():
        memories, by_turn = _read(turns)
        s = score_conversation(turns, memories, turns[0]["owner"], turns[0]["org"])
        scored.append(s | {"voice": turns[0]["voice"], "half": turns[0]["half"]})
        labels = {t["seq"]: [Label.from_label(f) for f in t.get("facts", [])] for t in turns}
        text = {t["seq"]: t["text"] for t in turns}
        if args.wrong:
            _print_wrong(conv, turns, memories, s["memories"])
        for row in s["facts"]:
            if row["found"]:
                continue
            label = next(f for f in labels[row["seq"]] if f.predicate == row["predicate"] and f.values[0] == row["value"])
            kind = _why(label, row, by_turn[row["seq"]])
            why[kind] += 1
            by_type[(kind, label.type)] += 1
            if args.rows:
                print(f"{conv}:{row['seq']} [{kind}] {text[row['seq']]}\n   missed {label.type} {label.subject} | "
                      f"{label.predicate} | {row['value']}")
                for m in by_turn[row["seq"]]:
                    print(f"     gave {m.type} {m.subject} | {m.predicate} | {m.value} || {m.text}")
    total = summarise(scored)
    print(f"recall {total['found']}/{total['facts']} = {total['recall']}, precision {total['correct_memories']}/"
          f"{total['knowledge_memories']} = {total['precision']}, missed {sum(why.values())}, "
          f"knowledge from no-knowledge turns {total['knowledge_from_no_knowledge_turns']}")
    for kind, n in why.most_common():
        kinds = ", ".join(f"{t} {c}" for (k, t), c in sorted(by_type.items()) if k == kind)
        print(f"  {kind:22} {n:4}  ({kinds})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
