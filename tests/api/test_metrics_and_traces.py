"""Observability (issue 14): one trace per turn and per contextify with a span per stage, continued by
the policy service (traceparent header) and by the consolidator's consumers (the bus envelope); and
Prometheus /metrics on memory-api, policy and the consolidator, without personal data."""
from __future__ import annotations

import time
import uuid

import httpx
import pytest
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from memcore.adapters.bus import BusEvent
from memcore.adapters.bus.codec import decode, encode
from memcore.devstack.live_server import LiveServer
from memcore.telemetry import tracing

TURN_ROUTE = "/v1/conversations/{session_id}/turns"


@pytest.fixture(scope="module")
def spans():
    """Every span of this process (the services run in-process here) into memory."""
    exporter = InMemorySpanExporter()
    current = trace.get_tracer_provider()
    if isinstance(current, TracerProvider):  # set by an earlier module of this run
        current.add_span_processor(SimpleSpanProcessor(exporter))
        tracing.install(current)
    else:
        provider = TracerProvider()
        provider.add_span_processor(SimpleSpanProcessor(exporter))
        tracing.install(provider)
    yield exporter
    exporter.shutdown()  # later modules record nothing


@pytest.fixture(scope="module")
def consolidator(stack_env, embedder):
    from consolidator.app import create_app
    from consolidator.settings import ConsolidatorSettings

    settings = ConsolidatorSettings(
        MEMORY_APP_DATABASE_URL=stack_env["MEMORY_APP_DATABASE_URL"],
        MEMORY_RELAY_DATABASE_URL=stack_env["MEMORY_RELAY_DATABASE_URL"], REDIS_URL=stack_env["REDIS_URL"],
        consumer_group=f"traces-{uuid.uuid4().hex[:6]}", log_level="WARNING")
    server = LiveServer(create_app(settings, embedder=embedder), "consolidator-traces").start()
    yield server.url
    server.stop()


def _trace_of(exporter, root_name: str, after: int, timeout: float = 10.0, want: set[str] = frozenset()):
    """The spans of the trace whose root (a server span) is named root_name, among spans finished after
    index `after`; waits until the spans named in `want` have arrived (spans end after the response)."""
    deadline = time.monotonic() + timeout
    while True:
        finished = exporter.get_finished_spans()[after:]
        roots = [s for s in finished if s.name == root_name and s.parent is None]
        if roots:
            tid = roots[-1].context.trace_id
            found = [s for s in exporter.get_finished_spans() if s.context.trace_id == tid]
            if want <= {s.name for s in found} or time.monotonic() > deadline:
                return roots[-1], found
        elif time.monotonic() > deadline:
            raise AssertionError(f"no trace rooted at {root_name}: {[s.name for s in finished]}")
        time.sleep(0.05)


def test_a_turn_is_one_trace_with_its_stages_and_the_policy_call(spans, new_tenant):
    t = new_tenant("user")
    mark = len(spans.get_finished_spans())
    r = t["clients"][0].post("/v1/conversations/s-trace/turns",
                             json={"speaker": "user", "text": "Marta Kovac runs the bakery on Elm Street."})
    assert r.status_code == 200 and r.json()["stored"], r.text
    root, found = _trace_of(spans, f"POST {TURN_ROUTE}", mark, want={"POST /v1/policy/check-write", "insert"})
    names = {s.name for s in found}
    for stage in ("policy_write", "extract", "embed", "insert", "dedupe"):
        assert stage in names, (stage, names)
    # the policy service continued the trace: its server span's parent is memory-api's policy stage
    by_id = {s.context.span_id: s for s in found}
    policy = next(s for s in found if s.name == "POST /v1/policy/check-write")
    assert policy.attributes["http.route"] == "/v1/policy/check-write"
    assert by_id[policy.parent.span_id].name == "policy_write"
    assert root.attributes["http.route"] == TURN_ROUTE and root.attributes["http.response.status_code"] == 200
    # no user content on any span
    for s in found:
        assert not any("Marta" in str(v) or "bakery" in str(v) for v in s.attributes.values()), s.name


def test_a_contextify_is_one_trace_with_retrieval_fusion_and_packing(spans, new_tenant):
    t = new_tenant("user")
    c = t["clients"][0]
    assert c.post("/v1/conversations/s-ctx/turns", json={"speaker": "user", "text": "I keep bees in my garden."}
                  ).status_code == 200
    mark = len(spans.get_finished_spans())
    r = c.post("/v1/memory/contextify", json={"query": "What do I keep in my garden?"})
    assert r.status_code == 200, r.text
    _, found = _trace_of(spans, "POST /v1/memory/contextify", mark, want={"POST /v1/policy/check-read", "pack"})
    names = {s.name for s in found}
    for stage in ("embed", "hybrid", "hybrid.bm25", "hybrid.vector", "hybrid.rows", "hybrid.fuse", "policy_read",
                  "pack", "POST /v1/policy/check-read"):
        assert stage in names, (stage, names)
    # the SQL stages are children of the hybrid stage; the stages report the same time as timings_ms
    by_name = {s.name: s for s in found}
    assert by_name["hybrid.bm25"].parent.span_id == by_name["hybrid"].context.span_id
    pack_ms = (by_name["pack"].end_time - by_name["pack"].start_time) / 1e6
    assert abs(pack_ms - r.json()["timings_ms"]["pack"]) < 5


def test_bus_events_carry_the_trace_to_the_consumers(spans, new_tenant, consolidator):
    t = new_tenant("user")
    mark = len(spans.get_finished_spans())
    r = t["clients"][0].post("/v1/conversations/s-bus/turns",
                             json={"speaker": "user", "text": "My sister lives in Porto."})
    assert r.status_code == 200 and r.json()["stored"], r.text
    root, found = _trace_of(spans, f"POST {TURN_ROUTE}", mark, timeout=30, want={"consume promotion"})
    consumed = [s for s in found if s.name.startswith("consume ")]
    assert consumed, [s.name for s in found]
    assert all(s.context.trace_id == root.context.trace_id for s in consumed)
    # the envelope field survives the wire format
    event = BusEvent("t:1", "o", "memory.created", "t", {}, None, "00-" + "a" * 32 + "-" + "b" * 16 + "-01")
    assert decode(encode(event)).traceparent == event.traceparent
    assert decode({k: v for k, v in encode(event).items() if k != "traceparent"}).traceparent is None


def _scrape(url: str) -> str:
    r = httpx.get(f"{url}/metrics", timeout=10)  # no token: /metrics needs none
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain"), r.text
    return r.text


def test_metrics_on_every_service_without_personal_data(api_url, policy_server, consolidator, new_tenant):
    t = new_tenant("user")
    c = t["clients"][0]
    session = f"s-{uuid.uuid4().hex[:10]}"
    assert c.post(f"/v1/conversations/{session}/turns", json={"speaker": "user", "text": "Jana plays the cello."}
                  ).status_code == 200
    assert c.post("/v1/memory/contextify", json={"query": "What does Jana play?"}).status_code == 200
    text = _scrape(api_url)
    assert f'route="{TURN_ROUTE}"' in text and 'service="memory-api"' in text
    assert 'memory_stage_duration_seconds_count{service="memory-api",stage="embed"}' in text
    assert 'memory_cache_requests_total{cache="token",result="hit"}' in text
    for secret in (session, t["users"][0]["user_id"], t["users"][0]["token"], "Jana", "cello"):
        assert secret not in text
    policy = _scrape(policy_server.url)
    assert 'memory_policy_decisions_total{check="write",outcome="allow"}' in policy
    assert 'memory_policy_decisions_total{check="read",outcome="visible"}' in policy
    cons = _scrape(consolidator)
    assert "memory_outbox_backlog " in cons and 'memory_consumer_pending{consumer="promotion"}' in cons
    assert 'memory_dead_letters{consumer="promotion"} 0.0' in cons
    deadline = time.monotonic() + 20
    while 'memory_consumer_events_total{consumer="promotion",result="applied"}' not in cons:
        assert time.monotonic() < deadline, "no applied event counted"
        time.sleep(0.2)
        cons = _scrape(consolidator)
    assert 'memory_consumer_lag_seconds_count{consumer="promotion"}' in cons
