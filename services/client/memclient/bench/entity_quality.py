"""Entity quality on LoCoMo (issue 12): the share of "person" entities that are people.

The labels are hand labels (results/locomo-person-labels.json): the names, among those that runs of
`memctl bench locomo` typed as persons, that name one individual, kept as fingerprints so that the
repository holds no name from the benchmark's conversations. A person-typed name whose fingerprint
is not in the labels counts as not a person, so a new name a later run produces lowers the share
until someone labels it; the report lists every name counted as not a person (printed by the run,
never written to results/), to make that review quick.

    share = person_share(["person:Ada", "person:Hiking", "org:Pride"], {fingerprint("Ada")})
    # {"person_entities": 2, "people": 1, "share": 0.5, "not_people": ["Hiking"]}
"""
from __future__ import annotations

import hashlib
import json
import subprocess
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
LABELS = REPO / "results" / "locomo-person-labels.json"
LABELLED_DATA = "locomo-dev"  # the data set whose names the labels judge: no share is given for another
# One line per run, never in a tracked file (results/person-share-history.jsonl keeps the runs before
# issue 36 as they were)
HISTORY = REPO / ".data" / "bench" / "person-share-history.jsonl"


def fingerprint(name: str) -> str:
    """How the labels name a person entity's name (as the entity carries it)."""
    return hashlib.sha256(f"locomo-person:{name}".encode()).hexdigest()[:16]


def load_people(path: Path = LABELS) -> set[str]:
    """The fingerprints of the labelled people."""
    return set(json.loads(path.read_text())["people"]) if path.exists() else set()


def person_share(typed_names: list[str], people: set[str]) -> dict:
    """Over "type:name" strings (entity_report's names): how many person entities name people
    (`people`: fingerprints of the labelled names)."""
    persons = [n.split(":", 1)[1] for n in typed_names if n.startswith("person:")]
    good = [n for n in persons if fingerprint(n) in people]
    return {"person_entities": len(persons), "people": len(good),
            "share": round(len(good) / len(persons), 4) if persons else None,
            "not_people": sorted(set(persons) - set(good))}


def report(entities_by_conversation: dict[str, dict], people: set[str]) -> dict:
    """The share over every conversation's entities together, and per conversation."""
    every = [n for e in entities_by_conversation.values() for n in e.get("names", [])]
    return {**person_share(every, people),
            "by_conversation": {c: {k: v for k, v in person_share(e.get("names", []), people).items()
                                    if k != "not_people"} for c, e in entities_by_conversation.items()}}


def quality_for(data: Path, entities_by_conversation: dict[str, dict]) -> dict | None:
    """The report for a run on `data`; None when the labels do not cover that data set (its names
    were never labelled, so a share would only count them as not people)."""
    if Path(data).name != LABELLED_DATA:
        return None
    return report(entities_by_conversation, load_people())


def _commit() -> str | None:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=REPO, timeout=5).stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


def append_history(quality: dict, r10: float | None, path: Path = HISTORY) -> dict:
    """One line per run (.data/bench/person-share-history.jsonl), to track the share from run to run."""
    line = {"at": datetime.now(timezone.utc).isoformat(timespec="seconds"), "commit": _commit(),
            "person_entities": quality["person_entities"], "people": quality["people"],
            "share": quality["share"], "r10": r10}
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        f.write(json.dumps(line) + "\n")
    return line
