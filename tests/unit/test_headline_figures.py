"""docs/benchmarks.md's headline figures are the result files' (issue 36: they had drifted apart).
After a benchmark run: `python -m memclient.bench.headline --write`."""
import json

from memclient.bench import headline


def test_the_doc_shows_what_the_results_say():
    shown = headline.in_doc(headline.DOC.read_text())
    assert shown is not None, "docs/benchmarks.md lost its headline markers"
    assert shown == headline.section(), "stale headline figures: run python -m memclient.bench.headline --write"


def test_a_changed_result_changes_the_table(tmp_path):
    (tmp_path / "chaos.json").write_text(json.dumps({"acknowledged_writes_lost": 0, "dead_letters": 3}))
    first = headline.table(tmp_path)
    assert "| Chaos run: events dead-lettered | 3 |" in first
    assert "| Formation, test half: fact recall | not run |" in first
    (tmp_path / "chaos.json").write_text(json.dumps({"acknowledged_writes_lost": 0, "dead_letters": 0}))
    assert headline.table(tmp_path) != first
