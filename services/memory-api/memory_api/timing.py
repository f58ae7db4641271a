"""Per-request stage timings (returned by contextify as `timings_ms`, for operators)."""
from __future__ import annotations

import contextvars
import time
from contextlib import contextmanager

_stages: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar("stages", default=None)


def start() -> dict[str, float]:
    stages: dict[str, float] = {}
    _stages.set(stages)
    return stages


@contextmanager
def stage(name: str):
    t0 = time.perf_counter()
    try:
        yield
    finally:
        stages = _stages.get()
        if stages is not None:
            stages[name] = round(stages.get(name, 0.0) + (time.perf_counter() - t0) * 1000, 2)
