"""Prometheus metrics of every service, in the process's default registry.

Labels are bounded and carry no personal data: service names, route templates (never raw paths, which
hold ids), stage names, outcomes, consumer names. Each service serves them at GET /metrics (no auth:
counts and latencies only); `install_endpoint` adds that route.
"""
from __future__ import annotations

import inspect
from typing import Awaitable, Callable

from fastapi import FastAPI
from fastapi.responses import Response
from prometheus_client import CONTENT_TYPE_LATEST, Counter, Gauge, Histogram, generate_latest

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
STAGE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

http_latency = Histogram("memory_http_request_duration_seconds", "Request latency by route template",
                         ["service", "method", "route", "status"], buckets=LATENCY_BUCKETS)
stage_latency = Histogram("memory_stage_duration_seconds",
                          "Time per stage of a turn, a write or a contextify (embed = embedding time)",
                          ["service", "stage"], buckets=STAGE_BUCKETS)
policy_decisions = Counter("memory_policy_decisions_total", "Policy decisions by check and outcome",
                           ["check", "outcome"])
cache_requests = Counter("memory_cache_requests_total", "Cache lookups by cache and result (hit or miss)",
                         ["cache", "result"])
rate_limited = Counter("memory_rate_limited_total", "Requests refused with 429, by the limit that was hit",
                       ["scope"])
outbox_backlog = Gauge("memory_outbox_backlog", "Outbox rows committed but not yet published to the bus")
outbox_oldest_s = Gauge("memory_outbox_oldest_unpublished_seconds", "Age of the oldest unpublished outbox row")
outbox_published = Counter("memory_outbox_published_total", "Outbox rows published to the bus")
consumer_events = Counter("memory_consumer_events_total", "Bus events handled, by consumer and result "
                          "(applied, duplicate, failed)", ["consumer", "result"])
consumer_lag = Histogram("memory_consumer_lag_seconds", "Commit-to-effect lag: from the outbox row's commit "
                         "to a consumer applying the event", ["consumer"],
                         buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0, 1800.0))
dead_letters = Gauge("memory_dead_letters", "Events a consumer group gave up on (its handler kept failing while "
                     "the database answered); list and replay them: docs/operations.md, Dead letters", ["consumer"])
consumer_pending = Gauge("memory_consumer_pending", "Events delivered to a consumer group and not yet acked",
                         ["consumer"])


def install_endpoint(app: FastAPI, refresh: Callable[[FastAPI], Awaitable[None] | None] | None = None) -> None:
    """GET /metrics in the Prometheus text format; `refresh` updates gauges read at scrape time
    (outbox backlog, pending events) first and may fail without failing the scrape."""

    @app.get("/metrics", tags=["operations"], summary="Prometheus metrics (counts and latencies, no personal data)",
             response_class=Response, responses={200: {"content": {CONTENT_TYPE_LATEST: {}},
                                                       "description": "Prometheus text format"}})
    async def metrics() -> Response:
        if refresh is not None:
            try:
                done = refresh(app)
                if inspect.isawaitable(done):
                    await done
            except Exception:  # noqa: BLE001 - a gauge that could not be read keeps its last value
                pass
        return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)

