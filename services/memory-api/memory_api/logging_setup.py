"""Structured JSON logs with a request id (shared by every service)."""
from __future__ import annotations

import json
import logging
import sys

from memcore.telemetry.context import request_id_var  # noqa: E402 - shared with the policy client
from memcore.telemetry.middleware import current_trace_id  # noqa: E402


class JsonFormatter(logging.Formatter):
    def __init__(self, service: str):
        super().__init__()
        self.service = service

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "ts": round(record.created, 3),
            "level": record.levelname,
            "service": self.service,
            "logger": record.name,
            "msg": record.getMessage(),
            "request_id": request_id_var.get(),
        }
        trace_id = current_trace_id()
        if trace_id:
            entry["trace_id"] = trace_id  # logs and traces join on it
        extra = getattr(record, "fields", None)
        if isinstance(extra, dict):
            entry.update(extra)
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


def configure_logging(service: str, level: str = "INFO") -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter(service))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for noisy in ("uvicorn.access", "httpx", "presidio-analyzer"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def log_request(method: str, path: str, status: int, rid: str, ms: float) -> None:
    """One access line per request (memcore.telemetry.request_ids.RequestIdMiddleware calls it)."""
    logging.getLogger("http").info(
        "request", extra={"fields": {"method": method, "path": path, "status": status, "request_id": rid, "ms": ms}})
