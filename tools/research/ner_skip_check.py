"""Extraction with and without the NER skip (memcore.extraction.name_candidates.may_hold_names) on every
turn of the LoCoMo dev half, the people-talk benchmark and the assistant-chats benchmark: how many
turns skip the model, and whether any turn's extraction differs.

    .venv/bin/python tools/research/ner_skip_check.py [../shared/data/locomo-dev]
"""
from __future__ import annotations

import sys
from datetime import datetime, timezone
from pathlib import Path

from memclient.bench import assistant_chats, locomo, people_talk
from memcore.extraction import name_candidates
from memcore.extraction.pipeline import extract

REPO = Path(__file__).resolve().parents[2]


def main(argv: list[str]) -> int:
    data = Path(argv[0]) if argv else REPO.parent / "shared" / "data" / "locomo-dev"
    turns, _ = locomo.load(data)
    texts = [(t["text"], t["speaker"]) for c in sorted(turns) for t in turns[c]]
    texts += [(t["text"], t["speaker"]) for h in people_talk.generate() for t in h["turns"]]
    texts += [(t["text"], t["speaker"]) for u in assistant_chats.generate() for t in u["turns"]]
    at = datetime(2024, 1, 1, tzinfo=timezone.utc)
    may = name_candidates.may_hold_names
    skipped = sum(not may(text, frozenset(s for s, _ in name_candidates.split_sentences(text))) for text, _ in texts)
    with_skip = [extract(text, speaker, at) for text, speaker in texts]
    name_candidates.may_hold_names = lambda text, starts: True
    try:
        always = [extract(text, speaker, at) for text, speaker in texts]
    finally:
        name_candidates.may_hold_names = may
    differ = [text for (text, _), a, b in zip(texts, with_skip, always) if a != b]
    print(f"{len(texts)} turns; the NER model skipped on {skipped}; extraction differs on {len(differ)}")
    for text in differ[:10]:
        print("  differs:", text[:100])
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
