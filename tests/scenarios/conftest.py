import json
from pathlib import Path

import pytest

# The scenario data lives beside the checkout (/work/shared for /work/main), also for a worktree
# one level deeper (/work/wt/<name>).
SHARED = next((p / "shared" for p in Path(__file__).resolve().parents[3:5] if (p / "shared" / "scenarios").is_dir()),
              Path(__file__).resolve().parents[3] / "shared")


def load_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def wobs_turns() -> list[dict]:
    path = SHARED / "scenarios" / "wobs.jsonl"
    if not path.exists():
        pytest.skip(f"scenario data not found at {path}")
    return load_jsonl(path)
