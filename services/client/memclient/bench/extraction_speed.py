"""Latency of `extract` per turn: python -m memclient.bench.extraction_speed [turns.jsonl ...]

Without arguments it times built-in invented turns of about 30 words. With JSONL
files it times their "text" fields. Prints p50/p95/p99 in ms with and without NER.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from datetime import UTC, datetime

from memcore.extraction.ner import warm_up
from memcore.extraction.pipeline import extract

SAMPLE_TURNS = [
    "Ines is our head baker at Crumb & Co and she told me the sourdough starter needs feeding by Friday, "
    "so please remind Joaquín to check the fridge before closing tonight.",
    "Priya Raman, the CTO of Kestrel Labs, wants the staging API keys rotated before the audit next week, "
    "and Omar Haddad from their security team will review the logs.",
    "Remember this process: to close the till, count the cash twice and log the total in Square. "
    "Then lock the drawer and put the key in the office safe.",
    "My son Leo loves sharks and whales, but no horror movies for him, he gets nightmares easily and "
    "his teacher Mrs. Okafor said he is allergic to peanuts.",
    "We finally moved the sprint board from Trello into Linear on Monday, and Zoë Brandão migrated "
    "all the open tickets for the Falcon migration by herself.",
]


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return f"p50 {pick(0.50):.2f} ms  p95 {pick(0.95):.2f} ms  p99 {pick(0.99):.2f} ms  mean {statistics.mean(ordered):.2f} ms"


WARM_UP = 5  # turns extracted before timing, untimed


def time_turns(turns: list[str], use_ner: bool, repeats: int) -> list[float]:
    at = datetime(2025, 3, 3, 10, 0, tzinfo=UTC)
    for t in turns[:WARM_UP]:
        extract(t, "user", at, use_ner=use_ner)
    samples: list[float] = []
    for _ in range(repeats):
        for t in turns:
            start = time.perf_counter()
            extract(t, "user", at, use_ner=use_ner)
            samples.append((time.perf_counter() - start) * 1000.0)
    return samples


def main(argv: list[str]) -> None:
    turns = list(SAMPLE_TURNS)
    repeats = 200
    if argv:
        turns = [json.loads(line)["text"] for path in argv for line in open(path, encoding="utf-8") if line.strip()]
        repeats = 3
    words = statistics.mean(len(t.split()) for t in turns)
    print(f"{len(turns)} turns, mean {words:.1f} words, {repeats} repeats")
    print("rules only:", percentiles(time_turns(turns, False, repeats)))
    start = time.perf_counter()
    loaded = warm_up()
    print(f"spaCy NER load: {(time.perf_counter() - start) * 1000:.0f} ms (available={loaded})")
    print("rules + NER:", percentiles(time_turns(turns, True, repeats)))


if __name__ == "__main__":
    main(sys.argv[1:])
