"""Does a change to how the spaCy pipelines run change anything a turn yields? (issue 35, latency)

    .venv/bin/python tools/research/spacy_equivalence.py save /tmp/spacy-old.jsonl     # on the old code
    .venv/bin/python tools/research/spacy_equivalence.py compare /tmp/spacy-old.jsonl  # on the new code

For about 700 varied texts (every 7th LoCoMo dev turn, read from /work/shared at run time, and every
8th turn of each formation set under services/client/memclient/bench/data/) it records, per text:
the extraction (memcore.extraction.pipeline.extract: statements with their types, triples, mentions,
relations, pronouns), the name candidates (NER and tagger), the knowledge parse of the statements
(memcore.knowledge.parse, every token's lemma, tags and dependency), the facts of
memcore.knowledge.reading.learn, the conversation route's candidates (record and facts, with the
entities they link) and the PII findings of the policy service's detector. `compare` runs the same
on the code it imports and prints every text whose record differs; it exits 1 if any does. The
recorded file holds LoCoMo text: keep it out of the repository.
"""
from __future__ import annotations

import dataclasses
import enum
import json
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
SHARED = next((p for p in (REPO.parent / "shared", REPO.parents[1] / "shared") if p.is_dir()), REPO.parent / "shared")
LOCOMO = SHARED / "data" / "locomo-dev" / "memories.jsonl"
SETS = sorted((REPO / "services" / "client" / "memclient" / "bench" / "data").glob("*.jsonl"))
AT = datetime(2024, 1, 10, 12, tzinfo=timezone.utc)


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_plain(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, (str, int, bool)) or value is None:
        return value
    if hasattr(value, "model_dump"):
        return _plain(value.model_dump())
    return repr(value)


def turns() -> list[dict[str, Any]]:
    """(text, speaker, owner, org, previous) of each sampled turn, in a fixed order."""
    out: list[dict[str, Any]] = []
    rows = [json.loads(line) for line in LOCOMO.read_text().splitlines()]
    for i in range(0, len(rows), 7):
        r = rows[i]
        first = next(x["speaker"] for x in rows if x["conversation_id"] == r["conversation_id"])
        previous = [x["text"] for x in rows[max(0, i - 2):i] if x["conversation_id"] == r["conversation_id"]]
        out.append({"text": r["text"], "speaker": "user" if r["speaker"] == first else "assistant",
                    "owner": first, "org": None, "previous": previous, "from": f"locomo:{r['uid']}"})
    for path in SETS:
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        for i in range(0, len(rows), 8):
            r = rows[i]
            previous = [x["text"] for x in rows[max(0, i - 2):i] if x.get("conversation") == r.get("conversation")]
            assistant = r.get("speaker") == "assistant" or r.get("speaker_role") == "assistant"
            out.append({"text": r["text"], "speaker": "assistant" if assistant else "user", "owner": r.get("owner"),
                        "org": r.get("org"), "previous": previous, "from": f"{path.name}:{i}"})
    return out


def record(turn: dict[str, Any], pii: Any) -> dict[str, Any]:
    from memcore.extraction.name_candidates import name_candidates
    from memcore.extraction.pipeline import extract
    from memcore.knowledge import learn
    from memcore.knowledge.parse import parse
    from memory_api.routers.conversations import turn_candidates
    from memory_api.schemas import TurnRequest

    text, speaker = turn["text"], turn["speaker"]
    result = extract(text, speaker=speaker, at=AT)
    statements = [s for s in result.statements if s.text.strip()]
    facts = learn(text, statements, at=AT, owner=turn["owner"] or "Sam", role="owner", speaker=speaker,
                  previous=turn["previous"], account_org=turn["org"])
    body = TurnRequest(speaker=speaker, text=text)
    candidates = turn_candidates(body, "s", AT, text, turn["previous"], 0, owner_name=turn["owner"],
                                 account_org=turn["org"])
    return {
        "from": turn["from"],
        "extraction": _plain(result),
        "name_candidates": _plain(name_candidates(text, True, [])),
        "parse": _plain(parse([s.text for s in statements])),
        "facts": _plain(facts),
        "candidates": [{"text": c.text, "type": c.type, "fields": _plain(c.fields), "entities": _plain(c.entities)}
                       for c in candidates],
        "pii": _plain(pii.detect(text)),
    }


def run() -> list[dict[str, Any]]:
    from policy_service.pii import PiiDetector

    pii = PiiDetector()
    return [record(t, pii) for t in turns()]


def main() -> int:
    command, path = sys.argv[1], Path(sys.argv[2])
    records = run()
    if command == "save":
        path.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
        print(f"{len(records)} texts recorded in {path}")
        return 0
    old = [json.loads(line) for line in path.read_text().splitlines()]
    new = [json.loads(json.dumps(r, sort_keys=True)) for r in records]
    if len(old) != len(new):
        print(f"{len(old)} texts recorded, {len(new)} now")
        return 1
    differ = 0
    for a, b in zip(old, new):
        keys = [k for k in a if a[k] != b.get(k)]
        if keys:
            differ += 1
            print(f"{a['from']}: differs in {', '.join(keys)}")
    print(f"{len(new)} texts compared, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
