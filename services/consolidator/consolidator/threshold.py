"""`python -m consolidator.threshold`: measures the promotion cosine threshold on the labelled
paraphrase pairs (data/paraphrase_pairs.jsonl) with the configured embedder; prints JSON."""
from __future__ import annotations

import json
from pathlib import Path

from .promotion_rules import choose_threshold

PAIRS = Path(__file__).parent / "data" / "paraphrase_pairs.jsonl"


def measure(embedder) -> dict:
    pairs = [json.loads(line) for line in PAIRS.read_text().splitlines() if line.strip()]
    a = embedder.embed([p["a"] for p in pairs])
    b = embedder.embed([p["b"] for p in pairs])
    scored = [(float(s), bool(p["same"])) for s, p in zip((a * b).sum(axis=1), pairs)]
    best = choose_threshold(scored)
    return {"pairs": len(pairs), "positives": sum(y for _, y in scored), "model": embedder.model_name, **best}


if __name__ == "__main__":
    from memcore.embedding import make_embedder

    print(json.dumps(measure(make_embedder("local")), indent=2))
