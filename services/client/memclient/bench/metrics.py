"""Retrieval metrics (pure)."""
from __future__ import annotations

import math
import json
from pathlib import Path
from statistics import mean
from typing import Sequence


def recall_at(ranked: Sequence[str], gold: set[str], k: int) -> float:
    if not gold:
        raise ValueError("recall needs at least one gold item")
    return len(gold & set(ranked[:k])) / len(gold)


def ndcg_at(ranked: Sequence[str], gold: set[str], k: int) -> float:
    dcg, seen = 0.0, set()
    for i, item in enumerate(ranked[:k]):
        if item in gold and item not in seen:
            dcg += 1.0 / math.log2(i + 2)
            seen.add(item)
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(len(gold), k)))
    return dcg / ideal if ideal else 0.0


def percentile(values: Sequence[float], p: float) -> float:
    if not values:
        return float("nan")
    xs = sorted(values)
    idx = min(len(xs) - 1, max(0, math.ceil(p / 100 * len(xs)) - 1))
    return xs[idx]


def summary_ms(values: Sequence[float]) -> dict:
    return {"n": len(values), "p50": round(percentile(values, 50), 2), "p95": round(percentile(values, 95), 2),
            "p99": round(percentile(values, 99), 2), "mean": round(mean(values), 2) if values else None}


def write_result(out: Path | None, result: dict) -> dict:
    """Write a benchmark's result as JSON (results/*.json) and return it."""
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(result, indent=2))
    return result


class StageTimes:
    """Collects the per-stage `timings_ms` that API responses carry, and summarises each stage."""

    def __init__(self) -> None:
        self._ms: dict[str, list[float]] = {}

    def add(self, body: dict) -> None:
        for name, ms in body.get("timings_ms", {}).items():
            self._ms.setdefault(name, []).append(ms)

    def add_value(self, name: str, ms: float) -> None:
        self._ms.setdefault(name, []).append(ms)

    def summary(self) -> dict:
        return {name: summary_ms(values) for name, values in self._ms.items()}
