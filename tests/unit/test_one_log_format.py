"""One logging setup for every service (issue 36): memory-api, the policy service and the consolidator
write the same JSON line shape (ISO timestamp, service, logger, request id, fields at the top level),
whether a caller passes `extra={"fields": {...}}` or plain `extra` keys."""
from __future__ import annotations

import json
import logging
import subprocess
import sys

from memcore.telemetry.context import request_id_var
from memcore.telemetry.logs import JsonFormatter

SHAPE = {"ts", "level", "service", "logger", "msg", "request_id"}


def _line(service: str, **extra) -> dict:
    record = logging.getLogger("some.module").makeRecord("some.module", logging.INFO, __file__, 1, "hello %s",
                                                          ("there",), None, extra=extra)
    return json.loads(JsonFormatter(service).format(record))


def test_both_ways_of_adding_fields_give_one_shape():
    token = request_id_var.set("rid-1")
    try:
        a = _line("memory-api", fields={"status": 200})
        b = _line("policy", status=200)
    finally:
        request_id_var.reset(token)
    assert set(a) - {"status"} == set(b) - {"status"} == SHAPE
    assert a["status"] == b["status"] == 200 and a["msg"] == "hello there" and a["request_id"] == "rid-1"
    assert a["ts"].endswith("Z") and a["ts"][10] == "T"


def _first_json_line(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return json.loads(out.stderr.strip().splitlines()[-1])


def test_every_service_entry_point_configures_the_same_json_logs():
    """Each service's own setup call, run in a fresh process, gives the shared shape with its name."""
    for service, setup in (
            ("memory-api", "from memory_api.app import ApiSettings, create_app\n"
                           "create_app(ApiSettings(policy_url='http://127.0.0.1:9', admin_token='x'), embedder=object())"),
            ("consolidator", "from consolidator.app import create_app\nfrom consolidator.settings import ConsolidatorSettings\n"
                             "create_app(ConsolidatorSettings(), embedder=object())"),
            ("policy", "import policy_service.app")):
        line = _first_json_line(f"{setup}\nimport logging; logging.getLogger('x').warning('w', extra={{'k': 1}})")
        assert set(line) - {"k"} == SHAPE and line["service"] == service and line["k"] == 1
