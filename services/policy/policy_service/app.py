"""FastAPI app of the policy service: ``uvicorn policy_service.app:app``.

Endpoints (JSON bodies are the models of ``memcore.policy.contract``):
  POST /v1/policy/check-write   WriteCheckRequest  -> WriteCheckResponse
  POST /v1/policy/check-read    ReadCheckRequest   -> ReadCheckResponse
  POST /v1/policy/check-output  OutputCheckRequest -> OutputCheckResponse
  GET  /healthz                 process is up
  GET  /readyz                  analyzer loaded (503 until then)
  GET  /metrics                 Prometheus: latency per route, decisions by outcome (memcore.telemetry)
Errors: 422 malformed request ({"detail": [{loc, msg, type}], "request_id"}; the input is not echoed),
        503 analyzer unavailable (ErrorResponse {detail, request_id}); callers fail closed.
"""

from __future__ import annotations

import threading
from contextlib import asynccontextmanager
from typing import AsyncIterator

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from memcore import offline_docs
from memcore.telemetry import metrics, tracing
from memcore.telemetry.middleware import TELEMETRY, TelemetryMiddleware
from memcore.telemetry.request_ids import RequestIdMiddleware
from memcore.policy.contract import (
    OutputCheckRequest,
    OutputCheckResponse,
    ReadCheckRequest,
    ReadCheckResponse,
    WriteCheckRequest,
    WriteCheckResponse,
)
from policy_service.engine import AnalyzerUnavailable, PolicyEngine
from memcore.telemetry.context import request_id_var
from memcore.telemetry.logs import access_line, configure_logging
from policy_service.logs import log_decision
from policy_service.settings import get_settings

settings = get_settings()
configure_logging("policy", settings.log_level)
engine = PolicyEngine(settings)


class ErrorResponse(BaseModel):
    detail: str
    request_id: str


class HealthResponse(BaseModel):
    status: str
    nlp_mode: str | None = None
    error: str | None = None


_ERRORS = {503: {"model": ErrorResponse, "description": "PII analyzer unavailable; callers must fail closed"}}


@asynccontextmanager
async def lifespan(_: FastAPI) -> AsyncIterator[None]:
    # Load in the background so /healthz answers at once; /readyz turns 200 when loaded.
    threading.Thread(target=_load_quietly, name="analyzer-load", daemon=True).start()
    yield


def _load_quietly() -> None:
    try:
        engine.load()
    except AnalyzerUnavailable:
        pass


app = FastAPI(title="policy service", version="0.1.0", lifespan=lifespan, telemetry=TELEMETRY, docs_url=None,
              redoc_url=None)
offline_docs.install(app)  # /docs, /redoc and /favicon.ico without internet
tracing.configure("policy")
metrics.install_endpoint(app)


def _count(check: str, outcomes) -> None:
    for outcome in outcomes:
        metrics.policy_decisions.labels(check, outcome).inc()


app.add_middleware(RequestIdMiddleware, var=request_id_var, log=access_line, header=settings.request_id_header,
                   max_len=128)
app.add_middleware(TelemetryMiddleware, service="policy")  # outermost: latency of everything below


@app.exception_handler(RequestValidationError)
async def validation_error_handler(_: Request, exc: RequestValidationError) -> JSONResponse:
    """422 with the usual FastAPI shape, minus the offending input (it may hold PII)."""
    errors = [{"loc": list(e.get("loc", ())), "msg": e.get("msg", ""), "type": e.get("type", "")} for e in exc.errors()]
    return JSONResponse(status_code=422, content={"detail": errors, "request_id": request_id_var.get()})


@app.exception_handler(AnalyzerUnavailable)
async def analyzer_unavailable_handler(_: Request, exc: AnalyzerUnavailable) -> JSONResponse:
    body = ErrorResponse(detail=f"PII analyzer unavailable: {exc}", request_id=request_id_var.get())
    return JSONResponse(status_code=503, content=body.model_dump())


@app.get("/healthz", response_model=HealthResponse)
def healthz() -> HealthResponse:
    return HealthResponse(status="ok")


@app.get("/readyz", response_model=HealthResponse, responses={503: {"model": HealthResponse}})
def readyz() -> HealthResponse | JSONResponse:
    if engine.ready:
        return HealthResponse(status="ready", nlp_mode=settings.nlp_mode)
    body = HealthResponse(status="loading" if engine.load_error is None else "failed", error=engine.load_error)
    return JSONResponse(status_code=503, content=body.model_dump())


async def _checked(check, request):
    """A check is CPU work that the detector's lock runs one at a time, so a worker thread buys no
    concurrency, only its hand-off: 0.3-0.4 ms of a 1.5 ms read check (`tools/research/ab_latency.py
    policy`). Once the analyzer is loaded a check runs on the event loop; before, in a thread, so
    that waiting for the load (seconds) does not stall the health probes."""
    if engine.ready:
        return check(request)
    return await run_in_threadpool(check, request)


@app.post("/v1/policy/check-write", response_model=WriteCheckResponse, responses=_ERRORS)
async def check_write(request: WriteCheckRequest) -> WriteCheckResponse:
    """Decide allow / redact / hold / drop for each candidate memory."""
    result = await _checked(engine.check_write, request)
    _count("write", (d.decision for d in result.items))
    if settings.decision_log:
        for index, (item, decision) in enumerate(zip(request.items, result.items)):
            log_decision(
                "check-write",
                actor_role=request.actor_role,
                index=index,
                memory_type=item.type,
                decision=decision.decision,
                reasons=decision.reasons,
                pii=[span.model_dump() for span in decision.pii],
                keep_encrypted_original=decision.keep_encrypted_original,
                safety_flags=decision.safety_flags,
            )
    return result


@app.post("/v1/policy/check-read", response_model=ReadCheckResponse, responses=_ERRORS)
async def check_read(request: ReadCheckRequest) -> ReadCheckResponse:
    """Decide which memories the reader may see; redact PII; list safety rules to place first."""
    result = await _checked(engine.check_read, request)
    _count("read", ("visible" if d.visible else "hidden" for d in result.items))
    if settings.decision_log:
        # one line per check (a line per item cost 0.1 ms each: 2.5 ms of a 20-item read check)
        log_decision(
            "check-read",
            actor_role=request.actor_role,
            decisions=[{"memory_id": d.id, "visible": d.visible, "reasons": d.reasons} for d in result.items],
            safety_first=result.safety_first,
        )
    return result


@app.post("/v1/policy/check-output", response_model=OutputCheckResponse, responses=_ERRORS)
async def check_output(request: OutputCheckRequest) -> OutputCheckResponse:
    """Flag PII, restricted-memory leaks and profanity in generated text (spans only)."""
    result = await _checked(engine.check_output, request)
    _count("output", ("ok" if result.ok else "flagged",))
    if settings.decision_log:
        log_decision(
            "check-output",
            ok=result.ok,
            flags=[flag.model_dump(exclude_none=True) for flag in result.flags],
        )
    return result
