"""The API tunes the interpreter once its models are loaded: the collector's thresholds and the GIL's
switch interval (MEMORY_GIL_SWITCH_INTERVAL_MS)."""
import gc
import sys

import pytest
from pydantic import ValidationError

from memory_api.app import GC_GEN0_THRESHOLD, ApiSettings, tune_interpreter


@pytest.fixture
def restore_interpreter():
    interval, thresholds = sys.getswitchinterval(), gc.get_threshold()
    yield
    sys.setswitchinterval(interval)
    gc.set_threshold(*thresholds)
    gc.unfreeze()


def test_the_switch_interval_is_the_setting(restore_interpreter, monkeypatch):
    monkeypatch.setenv("MEMORY_GIL_SWITCH_INTERVAL_MS", "2")
    tune_interpreter(ApiSettings())
    assert sys.getswitchinterval() == pytest.approx(0.002)
    assert gc.get_threshold()[0] == GC_GEN0_THRESHOLD


def test_the_default_switch_interval_is_half_a_millisecond(restore_interpreter, monkeypatch):
    monkeypatch.delenv("MEMORY_GIL_SWITCH_INTERVAL_MS", raising=False)
    tune_interpreter(ApiSettings())
    assert sys.getswitchinterval() == pytest.approx(0.0005)


@pytest.mark.parametrize("bad", ["0", "-1", "500"])
def test_a_switch_interval_out_of_range_is_refused(monkeypatch, bad):
    monkeypatch.setenv("MEMORY_GIL_SWITCH_INTERVAL_MS", bad)
    with pytest.raises(ValidationError, match="gil_switch_interval_ms"):
        ApiSettings()
