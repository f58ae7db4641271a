"""The pure-ASGI request id middleware both services use (memcore.telemetry.request_ids)."""
import contextvars

from fastapi import FastAPI
from fastapi.testclient import TestClient

from memcore.telemetry.request_ids import RequestIdMiddleware

VAR: contextvars.ContextVar[str] = contextvars.ContextVar("rid_test", default="-")


def _app(log):
    app = FastAPI()

    @app.get("/seen")
    def seen():
        return {"rid": VAR.get()}

    @app.get("/boom")
    def boom():
        raise RuntimeError("boom")

    app.add_middleware(RequestIdMiddleware, var=VAR, log=lambda *a: log.append(a), max_len=16)
    return app


def test_the_callers_id_is_used_set_while_serving_and_echoed_once():
    log = []
    client = TestClient(_app(log))
    r = client.get("/seen", headers={"X-Request-ID": "abc-123"})
    assert r.json() == {"rid": "abc-123"}
    assert r.headers.get_list("x-request-id") == ["abc-123"]
    assert VAR.get() == "-"  # reset after the request
    assert log == [("GET", "/seen", 200, "abc-123", log[0][4])] and log[0][4] >= 0


def test_an_id_is_made_when_none_is_given_and_long_ids_are_cut():
    log = []
    client = TestClient(_app(log))
    made = client.get("/seen")
    assert made.json()["rid"] == made.headers["x-request-id"] and len(made.headers["x-request-id"]) == 16
    cut = client.get("/seen", headers={"X-Request-ID": "x" * 40})
    assert cut.headers["x-request-id"] == "x" * 16


def test_a_failing_request_is_logged_as_500():
    log = []
    client = TestClient(_app(log), raise_server_exceptions=False)
    assert client.get("/boom").status_code == 500
    assert log[-1][:3] == ("GET", "/boom", 500)
