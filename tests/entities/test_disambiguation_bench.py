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
    assert result["ask_rate_on_ambiguous"] >= 0.90
    assert not result["wobs"]["duplicates"]


def test_benchmark_labels_resolvable_queries_by_who_the_clues_fit():
    """Fairness of the benchmark (pure, fast): a query counts as resolvable only when its clues fit
    exactly one person; one clue or no clue never does, and the ambiguous share is labelled."""
    import random

    from memclient.bench import disambiguation as b

    rng = random.Random(b.SEED)
    people = b.make_people(rng)
    assert len({(p["occupation"], p["city"], p["hobby"]) for p in people}) == len(people)
    queries = b.make_queries(rng, people)
    assert len(queries) == b.QUERIES
    for q in queries[:300]:
        clued = {a: people[q["person"]][a] for a, c in b._clues(people[q["person"]]) if c in q["text"]}
        assert len(clued) == q["strength"]
        assert q["resolvable"] == (len(b.matching_people(people, clued)) == 1)
    assert not any(q["resolvable"] for q in queries if q["strength"] < 2)
    assert 0.1 <= sum(not q["resolvable"] for q in queries) / len(queries) <= 0.3
    rows = [{**q, "outcome": o, "margin": 0.5, "ms": 1.0}
            for q, o in zip(queries[:6], ["correct", "wrong", "asked", "asked", "correct", "asked"])]
    s = b.summarise(rows)
    res = [r for r in rows if r["resolvable"]]
    assert s["resolvable_queries"] == len(res)
    if res:
        assert s["clarification_rate"] == round(sum(r["outcome"] == "asked" for r in res) / len(res), 4)


def test_the_written_result_keeps_no_scenario_names():
    """The scenario's entity names are its data: results/ keeps counts by type (pure, fast)."""
    import json

    from memclient.bench.disambiguation import without_names

    run = {"queries": 3, "wobs": {"entities": 2, "duplicates": ["org:acme"],
                                  "list": [{"name": "Acme Pipes", "type": "org", "aliases": [], "memories": 2},
                                           {"name": "Zed", "type": "person", "aliases": [], "memories": 1}]}}
    kept = without_names(run)
    assert kept["wobs"] == {"entities": 2, "duplicates": 1, "by_type": {"org": 1, "person": 1}}
    assert "Acme" not in json.dumps(kept) and "Zed" not in json.dumps(kept)
    assert run["wobs"]["list"]  # the run's own result (printed for review) keeps them
    committed = json.loads((Path(__file__).resolve().parents[2] / "results" / "disambiguation.json").read_text())
    assert set(committed["wobs"]) == {"entities", "duplicates", "by_type"}
