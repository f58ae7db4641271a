"""`consolidator.app:app`: /healthz, /readyz; the lifespan runs the relay and the consumer loops."""
from __future__ import annotations

import logging
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from .runtime import Runtime, load_embedder
from .settings import ConsolidatorSettings


def create_app(settings: ConsolidatorSettings | None = None, embedder=None) -> FastAPI:
    settings = settings or ConsolidatorSettings()
    logging.basicConfig(level=settings.log_level)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        runtime = Runtime(settings, embedder=embedder if embedder is not None else load_embedder(settings))
        await runtime.start()
        app.state.runtime = runtime
        try:
            yield
        finally:
            await runtime.stop()

    app = FastAPI(title="memory consolidator", lifespan=lifespan)

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


app = create_app()
