"""OpenTelemetry traces: one tracer provider per process, spans by name, W3C trace context in and out.

Export is a setting: MEMORY_OTLP_ENDPOINT (an OTLP/HTTP collector, e.g. http://127.0.0.1:4318) turns
the OTLP exporter on; unset, no provider is installed and every span is the API's no-op span (what
the hot path pays is a context-variable lookup). MEMORY_TRACE_SAMPLE_RATIO samples traces at their
root (parent-based: a trace started by memory-api is sampled or not as a whole, in every service).
Tests install an SDK provider with an in-memory exporter before the services start.

What goes on a span: stage names, route templates, counts and outcomes; never texts, names, ids of
users or tokens (the attributes are set in this repository only through these helpers' callers).
"""
from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Iterator, Mapping, MutableMapping

from opentelemetry import context as otel_context
from opentelemetry import propagate, trace
from pydantic_settings import BaseSettings, SettingsConfigDict

log = logging.getLogger("memcore.telemetry")
TRACER_NAME = "memory-service"
TRACE_FIELD = "traceparent"  # the W3C header, and the bus envelope's field of the same name


class TracingSettings(BaseSettings):
    """MEMORY_OTLP_ENDPOINT (unset: no export) and MEMORY_TRACE_SAMPLE_RATIO (default 1.0)."""

    model_config = SettingsConfigDict(env_prefix="MEMORY_", extra="ignore")

    otlp_endpoint: str = ""
    trace_sample_ratio: float = 1.0


_configured = False
_active = False  # an SDK provider records spans (install()); otherwise stage spans are skipped outright
_tracer: trace.Tracer | None = None


def install(provider) -> None:
    """Make `provider` (an SDK TracerProvider) the process's tracer provider and record spans with it:
    configure() does this for OTLP, tests for an in-memory exporter."""
    global _active, _tracer
    trace.set_tracer_provider(provider)
    _active = trace.get_tracer_provider() is provider  # the API keeps the first provider set
    _tracer = None


def active() -> bool:
    """Whether spans are recorded at all (the hot path skips making no-op spans, ~10 us each)."""
    return _active


def configure(service: str) -> bool:
    """Install the OTLP exporter when MEMORY_OTLP_ENDPOINT is set (once per process; the first service
    to call names the resource). Returns whether spans are exported."""
    global _configured
    given = TracingSettings()
    endpoint = given.otlp_endpoint.strip()
    if _configured or not endpoint:
        return _configured
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor
    from opentelemetry.sdk.trace.sampling import ParentBased, TraceIdRatioBased

    ratio = given.trace_sample_ratio
    provider = TracerProvider(resource=Resource.create({"service.name": service}),
                              sampler=ParentBased(TraceIdRatioBased(ratio)))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=endpoint.rstrip("/") + "/v1/traces")))
    install(provider)
    _configured = True
    log.info("traces exported", extra={"fields": {"otlp_endpoint": endpoint, "sample_ratio": ratio}})
    return True


def tracer() -> trace.Tracer:
    global _tracer
    if _tracer is None:
        _tracer = trace.get_tracer(TRACER_NAME)
    return _tracer


@contextmanager
def span(name: str, attributes: Mapping[str, object] | None = None) -> Iterator[trace.Span | None]:
    """A child span of the current one; nothing at all (None) when spans are not recorded."""
    if not _active:
        yield None
        return
    with tracer().start_as_current_span(name, attributes=attributes) as s:
        yield s


def inject(carrier: MutableMapping[str, str]) -> MutableMapping[str, str]:
    """Adds the current trace context (traceparent, and tracestate if any) to headers or an envelope."""
    propagate.inject(carrier)
    return carrier


def current_traceparent() -> str | None:
    if not _active:
        return None
    carrier: dict[str, str] = {}
    propagate.inject(carrier)
    return carrier.get(TRACE_FIELD)


@contextmanager
def continued(carrier: Mapping[str, str] | None) -> Iterator[None]:
    """Runs the block in the trace context a carrier (headers, an event) brought along."""
    if not _active or not carrier or TRACE_FIELD not in carrier:
        yield
        return
    token = otel_context.attach(propagate.extract(carrier))
    try:
        yield
    finally:
        otel_context.detach(token)


OUTBOX_TRACE_KEY = "_traceparent"  # where an outbox row's payload keeps the trace of the request that wrote it


def with_trace(payload: dict) -> dict:
    """The payload of an outbox row, plus the current traceparent when a trace is being recorded; the
    relay moves it into the bus envelope (BusEvent.traceparent)."""
    parent = current_traceparent()
    return {**payload, OUTBOX_TRACE_KEY: parent} if parent else payload


def split_trace(payload: dict) -> tuple[dict, str | None]:
    """(payload without the trace, traceparent or None): the relay's half of `with_trace`."""
    if OUTBOX_TRACE_KEY not in payload:
        return payload, None
    rest = dict(payload)
    return rest, rest.pop(OUTBOX_TRACE_KEY)
