"""The dev stack behaves as the README says (issue 14): `make run` takes the README's ports when they
are free and keeps what it got in the data directory; memctl and the demo find the running stack from
what `make run` recorded there (set variables win); the models are loaded before /readyz says ready."""
import os
import signal
import socket
import subprocess
import sys
import time
from argparse import Namespace
from pathlib import Path

import httpx

from memclient import cli
from memcore.devstack import recorded
from memcore.devstack.ports import free_port
from memcore.devstack.redis_server import RedisServer

REPO = Path(__file__).resolve().parents[2]


def test_a_store_takes_its_preferred_port_when_free_and_keeps_what_it_got(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        other = RedisServer(tmp_path / "a", persistent=False, preferred_port=taken)
        assert other.port != taken  # someone else has it: any free port instead
    wanted = free_port()
    redis = RedisServer(tmp_path / "b", persistent=False, preferred_port=wanted).start()
    try:
        assert redis.port == wanted
        assert (tmp_path / "b" / "port").read_text() == str(wanted)
        # the data directory keeps its port even when another one is preferred next time
        assert RedisServer(tmp_path / "b", preferred_port=free_port()).port == wanted
    finally:
        redis.stop()


def test_set_variables_win_over_the_record():
    rec = {"DATABASE_URL": "postgresql://memory_owner@127.0.0.1:5999/memory", "REDIS_URL": "redis://x:1/0"}
    assert recorded.merged_env(rec, {"DATABASE_URL": "postgresql://elsewhere/memory"}) == {"REDIS_URL": "redis://x:1/0"}
    assert recorded.merged_env(rec, {"DATABASE_URL": ""}) == rec  # an empty variable is not set


def test_no_record_means_no_running_stack(tmp_path):
    assert recorded.running(tmp_path) is None and recorded.stores_running(tmp_path) is None
    (tmp_path / recorded.STACK_FILE).write_text("{not json")
    assert recorded.read(tmp_path) is None


def _memctl(data: Path, *args: str, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "REDIS_URL", "MEMCTL_URL", "MEMORY_APP_DATABASE_URL", "MEMORY_ADMIN_TOKEN")}
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "memclient.cli", "--data", str(data), *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=300)


def _wait_ready(url: str, launcher: subprocess.Popen, data: Path, timeout: float = 300) -> httpx.Response:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert launcher.poll() is None, (data / "launcher.log").read_text()[-3000:]
        try:
            r = httpx.get(f"{url}/readyz", timeout=2)
            if r.status_code == 200:
                return r
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise AssertionError(f"not ready after {timeout} s")


def _mcp_recall(url: str, token: str, query: str) -> str:
    import anyio
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    async def main():
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}) as http, \
                Client(streamable_http_client(url, http_client=http)) as client:
            return await client.call_tool("recall", {"query": query})

    deadline = time.monotonic() + 60
    while not _healthy(url.removesuffix("/mcp")):
        assert time.monotonic() < deadline, "the MCP server did not start"
        time.sleep(0.5)
    return anyio.run(main).content[0].text


def _healthy(base: str) -> bool:
    try:
        return httpx.get(f"{base}/healthz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def test_make_run_is_found_by_memctl_and_the_demo_and_is_ready_with_its_models_loaded(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    ports = {"MEMORY_API_PORT": free_port(), "POLICY_PORT": free_port(), "CONSOLIDATOR_PORT": free_port(),
             "MEMORY_MCP_PORT": free_port()}
    env = {**os.environ, **{k: str(v) for k, v in ports.items()}, "MEMORY_LOG_LEVEL": "WARNING",
           "POLICY_LOG_LEVEL": "WARNING"}
    for k in ("DATABASE_URL", "REDIS_URL", "MEMORY_API_NO_AUTOAPP", "MEMORY_ADMIN_TOKEN", "MEMORY_POLICY_URL"):
        env.pop(k, None)
    with open(data / "launcher.log", "wb") as log:
        launcher = subprocess.Popen([sys.executable, "-m", "memcore.devstack", "run", "--data", str(data)], env=env,
                                    cwd=REPO, stdout=log, stderr=subprocess.STDOUT)
    try:
        api = f"http://127.0.0.1:{ports['MEMORY_API_PORT']}"
        ready = _wait_ready(api, launcher, data)
        # models: loaded before the service listened, so before /readyz could answer
        assert ready.json()["models"] == {"embedder": True, "spacy": True}
        stack = recorded.running(data)
        assert stack is not None and stack.api_url == api
        assert stack.env["DATABASE_URL"].startswith("postgresql://memory_owner@127.0.0.1:")

        admin = (data / "admin.token").read_text().strip()
        tenant = httpx.post(f"{api}/v1/admin/tenants", headers={"Authorization": f"Bearer {admin}"}, timeout=30,
                            json={"name": "Devstack", "kind": "organisation",
                                  "users": [{"display_name": "Ana", "role": "user"}]}).json()
        token = tenant["users"][0]["token"]
        turn = httpx.post(f"{api}/v1/conversations/s1/turns", headers={"Authorization": f"Bearer {token}"},
                          json={"speaker": "user", "text": "Peter Novak from Ljubljana edits our newsletter."},
                          timeout=60).json()
        # the first turn's extraction ran on loaded pipelines: loading spaCy alone takes over 3 s here
        assert turn["timings_ms"]["extract"] < 1000, turn["timings_ms"]

        # memctl without MEMCTL_URL / DATABASE_URL finds the running stack's API and database
        found = _memctl(data, "--token", token, "retrieve", "Who edits the newsletter?")
        assert found.returncode == 0, found.stderr
        assert "Peter" in found.stdout
        reembed = _memctl(data, "reembed")
        assert reembed.returncode == 0, reembed.stderr
        assert "using the database of the running stack" in reembed.stderr
        # ... and a set variable wins over the record
        elsewhere = _memctl(data, "--token", token, "retrieve", "x",
                            env_extra={"MEMCTL_URL": f"http://127.0.0.1:{free_port()}"})
        assert elsewhere.returncode != 0

        # the MCP server runs too, recorded with its endpoint, and acts with the caller's token
        assert stack.services["mcp"] == f"http://127.0.0.1:{ports['MEMORY_MCP_PORT']}/mcp"
        assert "Peter" in _mcp_recall(stack.services["mcp"], token, "Who edits the newsletter?")

        # the demo uses the running stack (and says so) instead of starting its own
        with cli._api(Namespace(url=None, admin_token=None, data_dir=str(data)), use_running=True) as (url, tok):
            assert (url, tok) == (api, admin)
    finally:
        launcher.send_signal(signal.SIGINT)
        try:
            launcher.wait(90)
        except subprocess.TimeoutExpired:
            launcher.kill()
            subprocess.run([sys.executable, "-m", "memcore.devstack", "stop", "--data", str(data)], cwd=REPO)
    assert recorded.read(data) is None  # a stopped stack is no longer recorded
    assert _memctl(data, "--token", "t", "retrieve", "x").returncode != 0


def test_the_demo_says_when_it_starts_a_stack_of_its_own(tmp_path, capsys, monkeypatch):
    started = []

    class FakeLocal:  # stands for local_api only to see that it is asked for; nothing runs
        def __enter__(self):
            started.append(True)
            return ("http://127.0.0.1:1", "admin")

        def __exit__(self, *exc):
            return False

    monkeypatch.delenv("MEMCTL_URL", raising=False)
    monkeypatch.setattr("memclient.local_api.local_api", lambda **_: FakeLocal())
    with cli._api(Namespace(url=None, admin_token=None, data_dir=str(tmp_path)), use_running=True):
        pass
    assert started and "no running stack is recorded" in capsys.readouterr().err
