"""Realistic-looking generated utterances for speed benchmarks (not for quality)."""
from __future__ import annotations

import random

PEOPLE = ["Alice", "Bruno", "Chen", "Dana", "Emeka", "Farah", "Goran", "Hana", "Ivan", "Julia", "Kofi", "Lena"]
VERBS = ["finished", "started", "reviewed", "sent", "fixed", "planned", "cancelled", "booked", "wrote", "shared"]
THINGS = ["the quarterly report", "three blog drafts", "the onboarding checklist", "a trip to Lisbon",
          "the invoice for Harbor Foods", "two podcast episodes", "the garden fence", "a piano lesson",
          "the API migration", "the birthday party plan", "a recipe for lentil soup", "the budget sheet"]
WHEN = ["on Monday", "yesterday", "last week", "this morning", "before lunch", "on Friday", "after the call"]
EXTRA = ["and it went well", "but it needs another pass", "with help from the team", "ahead of schedule",
         "after some delays", "and everyone liked it", "while travelling", ""]


def sentences(rng: random.Random, n: int) -> list[str]:
    out = []
    for i in range(n):
        s = f"{rng.choice(PEOPLE)} {rng.choice(VERBS)} {rng.choice(THINGS)} {rng.choice(WHEN)} {rng.choice(EXTRA)}".strip()
        out.append(f"{s} (note {i}).")
    return out
