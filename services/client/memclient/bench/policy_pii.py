"""Benchmark: ``python -m memclient.bench.policy_pii [--dataset PATH] [--out PATH] [--runs N]``.

1. PII precision / recall per type on the labelled set (span overlap, same type), on a
   small hand-written set that the generator never produced, and on the conversational set
   written apart from the recognizers (tests/data/pii_conversational.jsonl, docs/pii-eval-spec.md;
   its stricter matching rule, tune and test halves reported separately), and on the held-out
   set hand-written by someone who never read the recognizers (tests/data/pii_heldout.jsonl).
2. Write-check latency (p50/p95) for single 30-word utterances, in process, for the tokenizer
   engine (the default) and the full spaCy engine (NER on), plus the per-item cost in a batch of 16.
Writes ``results/policy.json`` and prints a summary.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from pathlib import Path

from memcore.policy.contract import HouseholdPolicy, WriteCheckRequest, WriteItem
from policy_service.pii import PiiDetector
from .pii_eval import score
from policy_service.write_rules import check_write

TARGET_TYPES = ("PHONE", "EMAIL", "ADDRESS", "SSN", "CARD", "DOB")

# (text, [(type, exact substring)]) written by hand, not by the generator.
HANDWRITTEN: list[tuple[str, list[tuple[str, str]]]] = [
    ("my address is 48 Birch Lane and my phone number is (415) 555-0199",
     [("ADDRESS", "48 Birch Lane"), ("PHONE", "(415) 555-0199")]),
    ("order 4521 ships on May 3", []),
    ("my address is 12 Oak Street and my phone number is 212-555-0143",
     [("ADDRESS", "12 Oak Street"), ("PHONE", "212-555-0143")]),
    ("Can you email Peter at peter.w@wobs-media.com about the Harbor Blvd shoot?", [("EMAIL", "peter.w@wobs-media.com")]),
    ("we have 3 dogs and 2 cats and the vet is at 9:30", []),
    ("The invoice total was $1,249.50 paid on 03/14/2025", []),
    ("my nana lives at 7 Rosewood Court, Apt 2", [("ADDRESS", "7 Rosewood Court, Apt 2")]),
    ("Her SSN is 219-09-9999 please file it", [("SSN", "219-09-9999")]),
    ("I turned 8 on my birthday, June 12th, and got a bike", [("DOB", "June 12th")]),
    ("the meeting on June 12th is cancelled", []),
    ("Pay with 4539 1488 0343 6467 please", [("CARD", "4539 1488 0343 6467")]),
    ("tracking number 1Z999AA10123456784 arrives Tuesday", []),
    ("call me on 650 253 0000 after school", [("PHONE", "650 253 0000")]),
    ("I counted 1234 stars and 56 moons", []),
    ("We sold 15 Main Street to the Johnsons", [("ADDRESS", "15 Main Street")]),
    ("Flight UA 921 departs at 14:05 from gate 22", []),
    ("I live on Maple Drive near the school", [("ADDRESS", "Maple Drive")]),
    ("my number is 4155550199 text me", [("PHONE", "4155550199")]),
    # Known gaps, kept so the numbers stay honest: two-digit years, spelled-out emails.
    ("Peter's birthday: 4/7/91", [("DOB", "4/7/91")]),
    ("write to jane at example dot com", [("EMAIL", "jane at example dot com")]),
]


def _overlaps(a: dict, b: dict) -> bool:
    return a["type"] == b["type"] and a["start"] < b["end"] and b["start"] < a["end"]


def evaluate(records: list[dict], detector: PiiDetector) -> dict[str, dict[str, float]]:
    predicted = detector.detect_many([r["text"] for r in records])
    counts = {t: {"tp_gold": 0, "gold": 0, "tp_pred": 0, "pred": 0} for t in TARGET_TYPES}
    for record, findings in zip(records, predicted):
        preds = [{"type": f.type, "start": f.start, "end": f.end} for f in findings if f.type in counts]
        for gold in record["spans"]:
            counts[gold["type"]]["gold"] += 1
            counts[gold["type"]]["tp_gold"] += any(_overlaps(gold, p) for p in preds)
        for pred in preds:
            counts[pred["type"]]["pred"] += 1
            counts[pred["type"]]["tp_pred"] += any(_overlaps(pred, g) for g in record["spans"])
    return {
        t: {
            "precision": round(c["tp_pred"] / c["pred"], 4) if c["pred"] else 1.0,
            "recall": round(c["tp_gold"] / c["gold"], 4) if c["gold"] else 1.0,
            "gold": c["gold"],
            "predicted": c["pred"],
        }
        for t, c in counts.items()
    }


def evaluate_conversational(path: Path, detector: PiiDetector) -> dict[str, dict]:
    """Spec-rule scores (pii_eval.score) on each half of a set in the spec's record format."""
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    out = {}
    for split in ("tune", "test"):
        part = [r for r in records if r["split"] == split]
        found = detector.detect_many([r["text"] for r in part])
        predictions = [[{"type": f.type, "start": f.start, "end": f.end} for f in fs] for fs in found]
        out[split] = {"utterances": len(part), "scores": score(part, predictions)}
    return out


def findings_on_real_chat(path: Path, detector: PiiDetector) -> dict[str, object] | None:
    """PII found in real chat turns that hold (almost) none: LoCoMo's ``memories.jsonl``. Every
    finding there is a candidate false positive; the count per type and the first examples."""
    if not path.exists():
        return None
    texts = [json.loads(line).get("text") or "" for line in path.read_text(encoding="utf-8").splitlines() if line]
    counts: dict[str, int] = {}
    examples: list[str] = []
    for text, findings in zip(texts, detector.detect_many(texts)):
        for f in findings:
            counts[f.type] = counts.get(f.type, 0) + 1
            if len(examples) < 10:
                examples.append(f"{f.type}: {text[f.start:f.end]}")
    return {"path": str(path), "turns": len(texts), "findings": counts, "examples": examples}


def handwritten_records() -> list[dict]:
    records = []
    for text, golds in HANDWRITTEN:
        spans = [{"type": t, "start": text.index(s), "end": text.index(s) + len(s)} for t, s in golds]
        records.append({"text": text, "spans": spans})
    return records


def thirty_word_utterances(records: list[dict], n: int, seed: int = 7) -> list[str]:
    """Dataset utterances padded with child-chat words to exactly 30 words."""
    rng = random.Random(seed)
    filler = ("and then we played with the blocks in the garden because my brother wanted to build "
              "a huge castle for the toy dinosaurs before dinner time tonight okay").split()
    out = []
    for _ in range(n):
        words = rng.choice(records)["text"].split()
        while len(words) < 30:
            words.append(rng.choice(filler))
        out.append(" ".join(words[:30]))
    return out


def _percentiles(samples_ms: list[float]) -> dict[str, float]:
    if not samples_ms:
        raise ValueError("no timed samples")
    ordered = sorted(samples_ms)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"p50_ms": round(pick(0.50), 3), "p95_ms": round(pick(0.95), 3), "p99_ms": round(pick(0.99), 3),
            "mean_ms": round(statistics.fmean(ordered), 3), "n": len(ordered)}


def _letters(i: int) -> str:
    out = ""
    while True:
        out += "abcdefghijklmnopqrstuvwxyz"[i % 26]
        i //= 26
        if not i:
            return out


UNCACHED_WARM_UP = 50


def uncached_write_check(detector: PiiDetector, utterances: list[str], runs: int) -> dict[str, float]:
    """Every call sees a text the findings cache has never seen (a unique letters-only word is
    appended), so this is the analyzer's own cost, which a new memory pays on the write path."""
    policy = HouseholdPolicy(age_band="8_12")
    samples = []
    for i in range(UNCACHED_WARM_UP + runs):  # the first calls warm up and are not timed
        text = f"{utterances[i % len(utterances)]} zq{_letters(i)}"
        request = WriteCheckRequest(actor_role="child", policy=policy, items=[WriteItem(text=text, type="episodic")])
        started = time.perf_counter()
        check_write(request, detector.detect_many)
        if i >= UNCACHED_WARM_UP:
            samples.append((time.perf_counter() - started) * 1000)
    return _percentiles(samples)


def phone_recognizer_cost(texts: list[str], rounds: int = 5) -> dict[str, float]:
    """Microseconds per text: Presidio's PhoneRecognizer (US, leniency 1; the recognizer before
    issue 17) against ContextPhoneRecognizer (11 regions), interleaved round by round."""
    from presidio_analyzer.predefined_recognizers import PhoneRecognizer

    from policy_service.recognizers import ContextPhoneRecognizer

    old, new = PhoneRecognizer(supported_regions=("US",), leniency=1), ContextPhoneRecognizer()
    totals = {"presidio_us_only": 0.0, "context_11_regions": 0.0}
    for _ in range(rounds):
        for name, recognizer in (("presidio_us_only", old), ("context_11_regions", new)):
            started = time.perf_counter()
            for text in texts:
                recognizer.analyze(text, ["PHONE_NUMBER"], None)
            totals[name] += time.perf_counter() - started
    return {k: round(v * 1e6 / (rounds * len(texts)), 1) for k, v in totals.items()} | {"texts": len(texts), "unit": "microseconds per text"}


def write_check_latency(detector: PiiDetector, utterances: list[str], runs: int) -> dict[str, object]:
    policy = HouseholdPolicy(age_band="8_12", do_not_learn_topics=["divorce", "scary movies"])
    for text in utterances[:50]:  # warm
        check_write(WriteCheckRequest(actor_role="child", policy=policy, items=[WriteItem(text=text, type="episodic")]),
                    detector.detect_many)
    samples = []
    for i in range(runs):
        request = WriteCheckRequest(
            actor_role="child", policy=policy, items=[WriteItem(text=utterances[i % len(utterances)], type="episodic")]
        )
        started = time.perf_counter()
        check_write(request, detector.detect_many)
        samples.append((time.perf_counter() - started) * 1000)
    batch = [WriteItem(text=t, type="episodic") for t in utterances[:16]]
    batch_samples = []
    for _ in range(max(20, runs // 20)):
        started = time.perf_counter()
        check_write(WriteCheckRequest(actor_role="child", policy=policy, items=batch), detector.detect_many)
        batch_samples.append((time.perf_counter() - started) * 1000 / len(batch))
    return {"single": _percentiles(samples), "batch16_per_item": _percentiles(batch_samples),
            "single_uncached": uncached_write_check(detector, utterances, runs)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", default="tests/data/pii_labelled.jsonl")
    parser.add_argument("--conversational", default="tests/data/pii_conversational.jsonl")
    parser.add_argument("--heldout", default="tests/data/pii_heldout.jsonl",
                        help="the hand-written held-out set (written apart from the recognizers)")
    parser.add_argument("--real-chat", default="../shared/data/locomo-dev/memories.jsonl",
                        help="real chat turns (JSONL with 'text'); skipped when missing")
    parser.add_argument("--out", default="results/policy.json")
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--skip-spacy", action="store_true", help="do not measure the full spaCy engine")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    records = [json.loads(line) for line in Path(args.dataset).read_text(encoding="utf-8").splitlines() if line]
    started = time.perf_counter()
    detector = PiiDetector(nlp_mode="tokenizer")
    detector.warm_up()
    load_s = time.perf_counter() - started
    utterances = thirty_word_utterances(records, 400)
    result: dict[str, object] = {
        "command": "python -m memclient.bench.policy_pii",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "dataset": {"path": args.dataset, "utterances": len(records),
                    "with_pii": sum(1 for r in records if r["spans"])},
        "pii_generated": evaluate(records, detector),
        "pii_handwritten": evaluate(handwritten_records(), detector),
        "pii_conversational": evaluate_conversational(Path(args.conversational), detector),
        "pii_heldout": evaluate_conversational(Path(args.heldout), detector),
        "real_chat_findings": findings_on_real_chat(Path(args.real_chat), detector),
        "phone_recognizer_us_per_text": phone_recognizer_cost(
            [r["text"] for r in records] + [json.loads(line)["text"] for line in
                                            Path(args.conversational).read_text(encoding="utf-8").splitlines() if line]),
        "analyzer_load_s": round(load_s, 3),
        "write_check_30_words": {"tokenizer": write_check_latency(detector, utterances, args.runs)},
    }
    if not args.skip_spacy:
        full = PiiDetector(nlp_mode="spacy")
        full.warm_up()
        latency = result["write_check_30_words"]
        latency["spacy_full_pipeline"] = write_check_latency(full, utterances, max(200, args.runs // 4))  # type: ignore[index]
        result["pii_generated_spacy_full_pipeline"] = evaluate(records, full)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    _print_summary(result, out)


def _print_summary(result: dict, out: Path) -> None:
    print(f"PII on {result['dataset']['utterances']} generated utterances (span overlap):")
    for name in ("pii_generated", "pii_handwritten"):
        print(f"  {name}:")
        for t, m in result[name].items():
            print(f"    {t:8s} precision {m['precision']:.3f}  recall {m['recall']:.3f}  (gold {m['gold']}, pred {m['predicted']})")
    for name in ("pii_conversational", "pii_heldout"):
        for split, part in result[name].items():
            print(f"  {name} [{split}, {part['utterances']} utterances, spec matching rule]:")
            for t, m in part["scores"].items():
                print(f"    {t:8s} precision {m['precision']:.3f}  recall {m['recall']:.3f}  (gold {m['gold']}, pred {m['predicted']})")
    if result["real_chat_findings"]:
        real = result["real_chat_findings"]
        print(f"  findings on {real['turns']} real chat turns ({real['path']}): {real['findings'] or 'none'}")
    cost = result["phone_recognizer_us_per_text"]
    print(f"  phone recognizer per text ({cost['texts']} texts): Presidio US-only {cost['presidio_us_only']} us, "
          f"context + 11 regions {cost['context_11_regions']} us")
    for mode, lat in result["write_check_30_words"].items():
        s, b = lat["single"], lat["batch16_per_item"]
        u = lat["single_uncached"]
        print(f"  write-check 30 words [{mode}]: p50 {s['p50_ms']} ms  p95 {s['p95_ms']} ms  "
              f"(batch of 16: p50 {b['p50_ms']} ms/item; never-seen texts: p50 {u['p50_ms']} ms  p95 {u['p95_ms']} ms)")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
