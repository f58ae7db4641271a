"""Errors: every 4xx/5xx body is {"error": {"code", "message", "details"}}."""
from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException


class ErrorBody(BaseModel):
    code: str
    message: str
    details: Any = None


class ErrorResponse(BaseModel):
    error: ErrorBody


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, details: Any = None):
        self.status, self.code, self.message, self.details = status, code, message, details


def not_found(what: str = "memory") -> ApiError:
    return ApiError(404, "not_found", f"{what} not found")


def error_responses(*codes: int) -> dict[int, dict]:
    """OpenAPI `responses=` entries documenting the error shape for each status code."""
    text = {
        400: "Malformed request", 401: "Missing or invalid bearer token",
        403: "The token's role may not do this", 404: "Not found (or not visible to this tenant)",
        409: "Conflict (idempotency key reused with another body, version mismatch)",
        413: "Payload too large", 422: "Validation failed; details list each field",
        503: "A dependency (policy service, database) is unavailable; nothing was stored",
    }
    return {c: {"model": ErrorResponse, "description": text.get(c, "Error")} for c in codes}


def _body(code: str, message: str, details: Any = None) -> dict:
    return {"error": {"code": code, "message": message, "details": details}}


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError):
        return JSONResponse(_body(exc.code, exc.message, exc.details), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError):
        details = [
            {"loc": list(e.get("loc", ())), "msg": e.get("msg"), "type": e.get("type")}
            for e in exc.errors()
        ]
        return JSONResponse(_body("invalid_request", "request validation failed", details), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException):
        code = {400: "malformed_body", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed"}.get(
            exc.status_code, "error")
        return JSONResponse(_body(code, str(exc.detail)), status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))
