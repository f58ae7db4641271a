import json
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[3] / "shared"


def load_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def wobs_turns() -> list[dict]:
    path = SHARED / "scenarios" / "wobs.jsonl"
    if not path.exists():
        pytest.skip(f"scenario data not found at {path}")
    return load_jsonl(path)
