import json
import logging
import socket

import httpx
import pytest

from memcore.policy.client import AllowAllPolicy, HttpPolicyClient, PolicyClient, PolicyUnavailable
from memcore.policy.contract import HouseholdPolicy, OutputCheckRequest, WriteCheckRequest, WriteItem
from policy_service.app import app, engine
from memcore.telemetry.logs import JsonFormatter


@pytest.fixture
async def client():
    engine.load()
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://policy") as c:
        yield c


async def test_check_write_endpoint_redacts_and_echoes_request_id(client):
    body = {"actor_role": "child", "policy": {"age_band": "8_12"},
            "items": [{"text": "my address is 12 Oak Street and my phone number is 212-555-0143", "type": "episodic"},
                      {"text": "no scary stories", "type": "safety"}]}
    r = await client.post("/v1/policy/check-write", json=body, headers={"X-Request-ID": "req-42"})
    assert r.status_code == 200 and r.headers["X-Request-ID"] == "req-42"
    first, second = r.json()["items"]
    assert first["redacted_text"] == "my address is <ADDRESS> and my phone number is <PHONE>"
    assert second["decision"] == "hold"  # a child's safety rule waits for a parent's review
    assert r.json()["degraded"] is False


async def test_request_id_is_generated_when_missing(client):
    r = await client.get("/healthz")
    assert r.status_code == 200 and len(r.headers["X-Request-ID"]) == 32


@pytest.mark.parametrize("body", [
    {"actor_role": "robot", "items": [{"text": "x", "type": "episodic"}]},
    {"actor_role": "child", "items": [{"text": "x", "type": "gossip"}]},
    {"actor_role": "child", "items": []},
    {"actor_role": "child", "policy": {"pii_rules": {"PHONE": "shred"}}, "items": [{"text": "x", "type": "episodic"}]},
])
async def test_malformed_write_is_422_without_echoing_input(client, body):
    body = json.loads(json.dumps(body))
    body.setdefault("items", []).append({"text": "call 212-555-0143", "type": "episodic"}) if body["items"] else None
    r = await client.post("/v1/policy/check-write", json=body)
    assert r.status_code == 422
    assert "212-555-0143" not in r.text


async def test_check_read_and_output_endpoints(client):
    read = {"actor_role": "child", "policy": {"age_band": "under_8"},
            "items": [{"id": "a", "text": "likes dinosaurs", "type": "semantic"},
                      {"id": "b", "text": "parents are divorcing", "type": "semantic", "safety_flags": ["restricted"]},
                      {"id": "s", "text": "no scary stories", "type": "safety"}]}
    r = await client.post("/v1/policy/check-read", json=read)
    assert r.status_code == 200
    assert [i["visible"] for i in r.json()["items"]] == [True, False, True]
    assert r.json()["safety_first"] == ["s"]
    out = {"text": "Your parents are divorcing, sweetie.", "restricted": [{"id": "b", "text": "parents are divorcing"}]}
    r = await client.post("/v1/policy/check-output", json=out)
    assert r.status_code == 200 and r.json()["ok"] is False
    assert r.json()["flags"][0]["kind"] == "restricted_memory" and r.json()["flags"][0]["memory_id"] == "b"


async def test_readyz_reports_loaded_analyzer(client):
    r = await client.get("/readyz")
    assert r.status_code == 200 and r.json()["status"] == "ready"


async def test_decision_log_has_spans_but_never_pii_text(client, caplog):
    caplog.set_level(logging.INFO, logger="policy.decisions")
    await client.post("/v1/policy/check-write", json={
        "actor_role": "child", "items": [{"text": "my phone number is 212-555-0143", "type": "episodic"}]})
    formatter = JsonFormatter("policy")
    lines = [json.loads(formatter.format(r)) for r in caplog.records if r.name == "policy.decisions"]
    assert lines, "expected a decision log line"
    assert lines[-1]["pii"][0]["type"] == "PHONE" and lines[-1]["decision"] == "redact"
    assert not any("212-555-0143" in json.dumps(line) for line in lines)


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_http_client_raises_policy_unavailable_on_closed_port():
    policy_client = HttpPolicyClient(f"http://127.0.0.1:{_closed_port()}", timeout=0.5)
    request = WriteCheckRequest(actor_role="child", items=[WriteItem(text="hi", type="episodic")])
    with pytest.raises(PolicyUnavailable):
        await policy_client.check_write(request)
    await policy_client.aclose()


async def test_http_client_raises_policy_unavailable_on_5xx():
    transport = httpx.MockTransport(lambda request: httpx.Response(503, json={"detail": "down"}))
    async with HttpPolicyClient("http://policy", transport=transport) as policy_client:
        with pytest.raises(PolicyUnavailable):
            await policy_client.check_output(OutputCheckRequest(text="hello"))


async def test_http_client_round_trip_through_the_app():
    engine.load()
    async with HttpPolicyClient("http://policy", transport=httpx.ASGITransport(app=app)) as policy_client:
        assert isinstance(policy_client, PolicyClient)
        request = WriteCheckRequest(actor_role="parent", policy=HouseholdPolicy(pii_rules={"EMAIL": "encrypt"}),
                                    items=[WriteItem(text="mail jane@example.com", type="identity")])
        result = await policy_client.check_write(request)
        assert result.items[0].redacted_text == "mail <EMAIL>"
        assert result.items[0].keep_encrypted_original is True


async def test_allow_all_policy_allows_everything():
    allow = AllowAllPolicy()
    assert isinstance(allow, PolicyClient)
    result = await allow.check_write(WriteCheckRequest(actor_role="child", items=[WriteItem(text="x", type="safety")]))
    assert result.items[0].decision == "allow"


async def test_a_check_waiting_for_the_analyzer_does_not_stall_the_health_probe(monkeypatch):
    """Once loaded, checks run on the event loop; a check that arrives while the analyzer is still
    loading waits in a worker thread, so the loop keeps answering /healthz meanwhile."""
    import asyncio
    import threading

    from policy_service import app as app_module
    from policy_service.engine import PolicyEngine
    from policy_service.settings import get_settings

    loading = PolicyEngine(get_settings())
    monkeypatch.setattr(app_module, "engine", loading)
    loaded = threading.Event()

    def finish_loading() -> None:
        if not loaded.is_set():
            loaded.set()
            loading._lock.release()

    loading._lock.acquire()  # the load is under way (held as the startup loader holds it) until
    # finish_loading: called once the probe has answered, or by this timer if the loop is blocked
    # (a blocked loop cannot call it), so a stalled probe answers only after the load
    stall_guard = threading.Timer(30.0, finish_loading)
    stall_guard.start()
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://policy") as c:
        check = asyncio.create_task(c.post("/v1/policy/check-read", json={
            "actor_role": "user", "items": [{"id": "a", "text": "call me on 07911 123456", "type": "semantic"}]}))
        await asyncio.sleep(0.2)
        assert (await c.get("/healthz")).status_code == 200
        assert not loaded.is_set(), "the health probe waited for the analyzer's load"  # order, not the clock
        assert not check.done()
        finish_loading()
        stall_guard.cancel()
        r = await asyncio.wait_for(check, timeout=60)
    assert r.status_code == 200 and "07911" not in r.json()["items"][0]["text"]
