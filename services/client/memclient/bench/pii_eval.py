"""Span-level, type-aware scoring of PII findings (the matching rule of docs/pii-eval-spec.md).

Pure: records and predicted spans in, counts and rates out.

- A gold span is found when the predicted spans of its type cover >= 80 % of its letters and
  digits and, for PHONE, CARD, IBAN and SSN, every one of its digits.
- A predicted span is correct when >= 50 % of its letters and digits fall inside gold spans of
  its type.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

SCORED_TYPES = ("PHONE", "EMAIL", "ADDRESS", "SSN", "CARD", "IBAN", "DOB")
ALL_DIGITS_TYPES = frozenset({"PHONE", "CARD", "IBAN", "SSN"})
GOLD_COVER = 0.8
PRED_INSIDE = 0.5


def _alnum_positions(text: str, start: int, end: int) -> list[int]:
    return [i for i in range(start, end) if text[i].isalnum()]


def _covered(spans: Iterable[dict], type_: str) -> set[int]:
    out: set[int] = set()
    for s in spans:
        if s["type"] == type_:
            out.update(range(s["start"], s["end"]))
    return out


def gold_found(text: str, gold: dict, predicted: Sequence[dict]) -> bool:
    positions = _alnum_positions(text, gold["start"], gold["end"])
    if not positions:
        return False
    covered = _covered(predicted, gold["type"])
    if gold["type"] in ALL_DIGITS_TYPES and any(text[i].isdigit() and i not in covered for i in positions):
        return False
    return sum(i in covered for i in positions) / len(positions) >= GOLD_COVER


def prediction_correct(text: str, pred: dict, golds: Sequence[dict]) -> bool:
    positions = _alnum_positions(text, pred["start"], pred["end"])
    if not positions:
        return False
    inside = _covered(golds, pred["type"])
    return sum(i in inside for i in positions) / len(positions) >= PRED_INSIDE


def score(records: Sequence[dict], predictions: Sequence[Sequence[dict]],
          types: Sequence[str] = SCORED_TYPES) -> dict[str, dict]:
    """Per type and ``ALL`` (micro): precision, recall, gold, predicted, and the misses' ids."""
    counts = {t: {"found": 0, "gold": 0, "correct": 0, "predicted": 0, "missed": [], "false": []} for t in types}
    for record, preds in zip(records, predictions, strict=True):
        text = record["text"]
        preds = [p for p in preds if p["type"] in counts]
        for gold in record["spans"]:
            c = counts[gold["type"]]
            c["gold"] += 1
            if gold_found(text, gold, preds):
                c["found"] += 1
            else:
                c["missed"].append(record.get("id", text))
        for pred in preds:
            c = counts[pred["type"]]
            c["predicted"] += 1
            if prediction_correct(text, pred, record["spans"]):
                c["correct"] += 1
            else:
                c["false"].append(record.get("id", text))
    total = {k: sum(c[k] for c in counts.values()) for k in ("found", "gold", "correct", "predicted")}
    out = {t: _rates(c) for t, c in counts.items()}
    out["ALL"] = _rates({**total, "missed": [], "false": []})
    return out


def _rates(c: dict) -> dict:
    return {
        "precision": round(c["correct"] / c["predicted"], 4) if c["predicted"] else 1.0,
        "recall": round(c["found"] / c["gold"], 4) if c["gold"] else 1.0,
        "gold": c["gold"], "predicted": c["predicted"],
        "missed": c["missed"], "false_positives": c["false"],
    }
