"""memory-api's metrics and traces: the request middleware, GET /metrics, the token cache's hit rate.
The metrics themselves are defined in memcore.telemetry.metrics (shared by every service)."""
from __future__ import annotations

from fastapi import FastAPI

from memcore.telemetry import metrics, tracing
from memcore.telemetry.middleware import TelemetryMiddleware

from .auth import Principal, TokenCache

SERVICE = "memory-api"


class CountingTokenCache(TokenCache):
    """The token cache, counting hits and misses (memory_cache_requests_total{cache="token"})."""

    _hit = metrics.cache_requests.labels("token", "hit")
    _miss = metrics.cache_requests.labels("token", "miss")

    def get(self, key: bytes) -> tuple[bool, Principal | None]:
        found, principal = super().get(key)
        (self._hit if found else self._miss).inc()
        return found, principal


def install(app: FastAPI) -> None:
    """Traces exported when MEMORY_OTLP_ENDPOINT is set (server spans: FastAPI's, with TELEMETRY), latency
    per route, /metrics. Call after the other middleware so that this one is outermost (it times everything)."""
    tracing.configure(SERVICE)
    metrics.install_endpoint(app)
    app.add_middleware(TelemetryMiddleware, service=SERVICE)
