"""Benchmark metrics: recall, nDCG, percentiles and the per-stage timing summaries."""
from memclient.bench.metrics import StageTimes, ndcg_at, percentile, recall_at


def test_recall_and_ndcg():
    assert recall_at(["a", "b", "c"], {"b", "z"}, 2) == 0.5
    assert ndcg_at(["x", "a"], {"a"}, 10) < ndcg_at(["a", "x"], {"a"}, 10) == 1.0


def test_percentile_is_nearest_rank():
    values = list(range(1, 101))
    assert percentile(values, 50) == 50 and percentile(values, 95) == 95 and percentile(values, 99) == 99


def test_stage_times_collect_every_response_stage():
    stages = StageTimes()
    for i in range(1, 21):
        stages.add({"timings_ms": {"embed": float(i), "pack": 2.0}})
    stages.add({"items": []})  # a response without timings adds nothing
    stages.add_value("server_total", 7.0)
    summary = stages.summary()
    assert set(summary) == {"embed", "pack", "server_total"}
    assert summary["embed"]["n"] == 20 and summary["embed"]["p50"] == 10.0 and summary["embed"]["p95"] == 19.0
    assert summary["pack"]["mean"] == 2.0 and summary["server_total"]["n"] == 1
