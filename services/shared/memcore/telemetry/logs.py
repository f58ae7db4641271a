"""One logging setup for every service (issue 36): one JSON object per line on stderr, the same fields
everywhere, so the lines of memory-api, the policy service and the consolidator can be read together.

    {"ts": "2026-12-05T01:02:03.456Z", "level": "INFO", "service": "memory-api", "logger": "http",
     "msg": "request", "request_id": "...", "trace_id": "...", ...fields}

A caller adds fields either as `extra={"fields": {...}}` or as plain `extra={...}` keys; both land at the
top level of the line. Callers pass ids, codes and counts, never a user's text.
"""
from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

from .context import request_id_var
from .middleware import current_trace_id

_STANDARD_ATTRS = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "fields"}
_NOISY = ("uvicorn.access", "httpx", "presidio-analyzer")


class JsonFormatter(logging.Formatter):
    def __init__(self, service: str = "-") -> None:
        super().__init__()
        self.service = service

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "service": self.service,
            "logger": record.name,
            "msg": record.getMessage(),
            "request_id": getattr(record, "request_id", None) or request_id_var.get(),
        }
        trace_id = current_trace_id()
        if trace_id:
            entry["trace_id"] = trace_id  # logs and traces join on it
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            entry.update(fields)
        for key, value in record.__dict__.items():
            if key not in _STANDARD_ATTRS and key not in entry:
                entry[key] = value
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


def configure_logging(service: str, level: str = "INFO") -> None:
    """Every logger of the process writes JSON lines through one handler on stderr."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter(service))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for noisy in _NOISY:
        logging.getLogger(noisy).setLevel(logging.WARNING)


def access_line(method: str, path: str, status: int, rid: str, ms: float) -> None:
    """One access line per request (memcore.telemetry.request_ids.RequestIdMiddleware calls it)."""
    logging.getLogger("http").info(
        "request", extra={"fields": {"method": method, "path": path, "status": status, "request_id": rid, "ms": ms}})
