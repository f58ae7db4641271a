"""Per-request stage timings (returned by contextify as `timings_ms`, for operators).

Each stage is also a span of the request's trace (policy, extraction, embedding, the SQL stages,
fusion, packing) and an observation of the `memory_stage_duration_seconds` histogram: one facility,
three views. Outside a request (no `start()`), a stage costs a context-variable lookup.
"""
from __future__ import annotations

import contextvars
import time
from contextlib import contextmanager
from typing import Iterator

from prometheus_client import Histogram

from memcore.telemetry import metrics, tracing

SERVICE = "memory-api"
_stages: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar("stages", default=None)


def start() -> dict[str, float]:
    stages: dict[str, float] = {}
    _stages.set(stages)
    return stages


@contextmanager
def stage(name: str) -> Iterator[None]:
    stages = _stages.get()
    if stages is None:
        yield
        return
    t0 = time.perf_counter()
    try:
        if tracing.active():
            with tracing.span(name):
                yield
        else:
            yield
    finally:
        elapsed = time.perf_counter() - t0
        stages[name] = round(stages.get(name, 0.0) + elapsed * 1000, 2)
        observer = _observers.get(name)
        if observer is None:
            observer = _observers[name] = metrics.stage_latency.labels(SERVICE, name)
        observer.observe(elapsed)


_observers: dict[str, Histogram] = {}  # stage name -> its histogram child (labels() takes a lock on every call)
