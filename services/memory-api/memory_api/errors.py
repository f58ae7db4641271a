"""Errors: every 4xx/5xx body is {"error": {"code", "message", "details"}}."""
from __future__ import annotations

import logging
from typing import Any

import asyncpg
import httpx
import redis.exceptions as redis_errors
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from memcore.adapters.postgres import RETRYABLE_TX_ERRORS
from memcore.policy.client import PolicyUnavailable
from memcore.transient import RETRY_AFTER_S, dependency_of


class ErrorBody(BaseModel):
    code: str
    message: str
    details: Any = None


class ErrorResponse(BaseModel):
    error: ErrorBody


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, details: Any = None,
                 headers: dict[str, str] | None = None) -> None:
        self.status, self.code, self.message, self.details = status, code, message, details
        self.headers = headers


def not_found(what: str = "memory") -> ApiError:
    return ApiError(404, "not_found", f"{what} not found")


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses=` entries documenting the error shape for each status code."""
    text = {
        400: "Malformed request", 401: "Missing or invalid bearer token",
        403: "The token's role may not do this", 404: "Not found (or not visible to this tenant)",
        409: "Conflict (idempotency key reused with another body, version mismatch)",
        413: "Payload too large", 422: "Validation failed; details list each field",
        503: "A dependency (policy service, database) is unavailable; nothing was stored",
    }
    return {c: {"model": ErrorResponse, "description": text.get(c, "Error")} for c in codes}


log = logging.getLogger("memory_api.errors")

# The one map of transient errors (memcore.transient), shared with the consolidator: any failure of
# a dependency is a 503 with Retry-After, never a 500.
unavailable_dependency = dependency_of


def unavailable(dependency: str, what: str = "nothing was stored") -> ApiError:
    """A 503 for a dependency that must answer before anything changes."""
    return ApiError(503, "unavailable", f"{dependency} is unavailable, so {what}; retry in {RETRY_AFTER_S} s",
                    {"dependency": dependency}, headers={"Retry-After": str(RETRY_AFTER_S)})


def _body(code: str, message: str, details: Any = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": details}}


NOT_OPTED_IN_SQLSTATE = "MOPT1"  # raised by the household_opt_in trigger


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> JSONResponse:
        headers = exc.headers
        if exc.status == 503 and not any(k.lower() == "retry-after" for k in headers or {}):
            headers = {**(headers or {}), "Retry-After": str(RETRY_AFTER_S)}  # every 503 says when to retry
        return JSONResponse(_body(exc.code, exc.message, exc.details), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        details = [
            {"loc": list(e.get("loc", ())), "msg": e.get("msg"), "type": e.get("type")}
            for e in exc.errors()
        ]
        return JSONResponse(_body("invalid_request", "request validation failed", details), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {400: "malformed_body", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed"}.get(
            exc.status_code, "error")
        return JSONResponse(_body(code, str(exc.detail)), status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    async def _unhandled(request: Request, exc: Exception) -> JSONResponse:
        """A dependency outage is a 503 with Retry-After (nothing was stored); anything else a JSON 500."""
        if getattr(exc, "sqlstate", None) == NOT_OPTED_IN_SQLSTATE:
            # the database's floor under the write gate (migration 0020): nothing was stored
            return JSONResponse(_body("not_opted_in", "the household has not opted in to memory; nothing was "
                                      "stored (a parent opts in with PUT /v1/household/consent)"), status_code=409)
        if isinstance(exc, RETRYABLE_TX_ERRORS):
            # still aborted for a concurrent writer after Database.in_caller_tx ran it again
            log.warning("transaction conflict during %s %s: %s", request.method, request.url.path, exc)
            return JSONResponse(
                _body("write_conflict", "a concurrent write to the same memories kept this request's transaction "
                      f"from committing, so nothing was stored; retry in {RETRY_AFTER_S} s"),
                status_code=503, headers={"Retry-After": str(RETRY_AFTER_S)})
        dependency = unavailable_dependency(exc)
        if dependency:
            log.warning("%s unavailable during %s %s: %s: %s", dependency, request.method, request.url.path,
                        type(exc).__name__, exc)
            return JSONResponse(
                _body("unavailable", f"{dependency} is unavailable; retry in {RETRY_AFTER_S} s",
                      {"dependency": dependency}),
                status_code=503, headers={"Retry-After": str(RETRY_AFTER_S)})
        log.error("unhandled error during %s %s", request.method, request.url.path, exc_info=exc)
        return JSONResponse(_body("internal_error", "internal error; it was logged"), status_code=500)

    # Driver and network errors are handled inside the app (no re-raise); `Exception` covers the rest
    # (Starlette's outermost middleware answers with it, so a client never sees a dropped connection).
    for cls in (asyncpg.PostgresError, asyncpg.InterfaceError, redis_errors.RedisError, OSError, TimeoutError,
                PolicyUnavailable, httpx.TransportError, ExceptionGroup, Exception):
        app.add_exception_handler(cls, _unhandled)
