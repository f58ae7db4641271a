"""The full disambiguation benchmark (slow: ~1,000 turns and 1,000 resolutions). Run with
MEMORY_RUN_BENCH=1; `memctl bench` runs the same module against a deployed stack."""
import os
from pathlib import Path

import pytest

ADMIN_TOKEN = "test-admin-token"  # the harness token (tests/conftest.py)


@pytest.mark.skipif(os.environ.get("MEMORY_RUN_BENCH") != "1", reason="slow benchmark; set MEMORY_RUN_BENCH=1")
def test_disambiguation_benchmark(api_url):
    from memclient.bench import disambiguation

    out = Path(__file__).resolve().parents[2] / "results" / "disambiguation.json"
    result = disambiguation.run(api_url, ADMIN_TOKEN, out)
    disambiguation.print_result(result)
    assert result["accuracy_among_resolved"] >= 0.95
    assert result["clarification_rate"] <= 0.10
    assert not result["wobs"]["duplicates"]
