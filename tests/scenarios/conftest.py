import json
from pathlib import Path

import pytest

from tests.conftest import shared_file
from tests.edge.kit import device, household, proxy  # noqa: F401 (fixtures of S9)
from tests.portal.kit import browser, family, screenshots  # noqa: F401 (fixtures of S7)


def load_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def wobs_turns() -> list[dict]:
    return load_jsonl(shared_file("scenarios/wobs.jsonl"))
