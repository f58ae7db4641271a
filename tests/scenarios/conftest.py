import json
from pathlib import Path

import pytest

from tests.conftest import shared_file


def load_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def wobs_turns() -> list[dict]:
    return load_jsonl(shared_file("scenarios/wobs.jsonl"))
