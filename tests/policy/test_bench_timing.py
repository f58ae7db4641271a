"""The policy benchmark's timing helpers: any number of timed runs gives percentiles (a run of 50 or
fewer used to crash, the warm-up being cut from the timed samples)."""
import pytest

from memclient.bench.policy_pii import UNCACHED_WARM_UP, _percentiles, uncached_write_check


def test_few_runs_are_timed_after_the_warm_up(detector):
    for runs in (1, 5, UNCACHED_WARM_UP):
        got = uncached_write_check(detector, ["we went to the park after school"], runs)
        assert got["n"] == runs and got["p50_ms"] > 0


def test_percentiles_need_samples():
    assert _percentiles([3.0, 1.0, 2.0])["p50_ms"] == 2.0
    with pytest.raises(ValueError, match="no timed samples"):
        _percentiles([])
