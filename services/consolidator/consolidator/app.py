"""`consolidator.app:app`: /healthz, /readyz, /metrics; the lifespan runs the relay and the consumer loops."""
from __future__ import annotations

from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from memcore import offline_docs
from memcore.telemetry import metrics, tracing
from memcore.telemetry.logs import configure_logging
from memcore.telemetry.middleware import TELEMETRY, TelemetryMiddleware

from .runtime import Runtime, load_embedder
from .settings import ConsolidatorSettings


def create_app(settings: ConsolidatorSettings | None = None, embedder=None) -> FastAPI:
    settings = settings or ConsolidatorSettings()
    configure_logging("consolidator", settings.log_level)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        runtime = Runtime(settings, embedder=embedder if embedder is not None else load_embedder(settings))
        await runtime.start()
        app.state.runtime = runtime
        try:
            yield
        finally:
            await runtime.stop()

    app = FastAPI(title="memory consolidator", lifespan=lifespan, telemetry=TELEMETRY, docs_url=None, redoc_url=None)
    offline_docs.install(app)  # /docs, /redoc and /favicon.ico without internet
    tracing.configure("consolidator")
    metrics.install_endpoint(app, refresh=refresh_gauges)
    app.add_middleware(TelemetryMiddleware, service="consolidator")

    @app.get("/healthz")
    async def healthz() -> dict:
        return {"status": "ok"}

    @app.get("/readyz")
    async def readyz():
        runtime: Runtime = app.state.runtime
        checks = await runtime.ready()
        stats = {
            "published": runtime.relay.published if runtime.relay else None,
            "consumers": {loop.consumer.name: {"applied": loop.consumer.applied, "duplicates": loop.consumer.duplicates,
                                               "failures": loop.failures} for loop in runtime.loops},
        }
        ok = all(checks.values())
        return JSONResponse({"status": "ready" if ok else "not ready", "checks": checks, **stats},
                            status_code=200 if ok else 503)

    return app


BACKLOG_SQL = "SELECT count(*), extract(epoch FROM now() - min(created_at)) FROM outbox WHERE sent_at IS NULL"


async def refresh_gauges(app: FastAPI) -> None:
    """Read at scrape time: the outbox backlog (the relay's connection sees every tenant's rows),
    how many events each consumer group holds delivered but unacked, and how many it dead-lettered."""
    runtime: Runtime | None = getattr(app.state, "runtime", None)
    if runtime is None:
        return
    if runtime.relay_db is not None:
        async with runtime.relay_db.raw() as conn:
            count, oldest = await conn.fetchrow(BACKLOG_SQL)
        metrics.outbox_backlog.set(count)
        metrics.outbox_oldest_s.set(float(oldest or 0.0))
    pending = getattr(runtime.bus, "pending_count", None)
    dead = getattr(runtime.bus, "dead_letter_count", None)
    for loop in runtime.loops:
        name = loop.consumer.name
        group = f"{runtime.settings.consumer_group}.{name}"
        if pending is not None:
            metrics.consumer_pending.labels(name).set(await pending(group))
        if dead is not None:
            metrics.dead_letters.labels(name).set(await dead(group))


app = create_app()
