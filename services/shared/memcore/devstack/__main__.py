"""`python -m memcore.devstack run|stop|up` — the local stack behind `make run`.

run: start Postgres+pgvector, Redis and Azurite in --data, apply migrations, start memory-api,
policy, the consolidator (API, relay and consumer) and Celery worker+beat; print the URLs; Ctrl-C
stops everything. Data persists in --data between runs.
"""
from __future__ import annotations

import argparse
import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

from .ports import port_open, wait_for_port
from . import recorded
from .processes import stop_pid, stop_recorded
from .stack import DEV_PORTS, REPO_ROOT, LocalStack

SERVICES = [
    # name, port env var, default port, uvicorn app (and its extra uvicorn arguments)
    ("memory-api", "MEMORY_API_PORT", 8080, "memory_api.app:app"),
    ("policy", "POLICY_PORT", 8081, "policy_service.app:app"),
    ("consolidator", "CONSOLIDATOR_PORT", 8082, "consolidator.app:app"),
    # the MCP server (memclient.mcp_server, the `mcp` extra): streamable HTTP at /mcp, over memory-api
    ("mcp", "MEMORY_MCP_PORT", 8083, "memclient.mcp_server:app_from_env", "--factory"),
]
SERVICE_PATHS = {"mcp": "/mcp"}  # recorded with the path a client connects to


def _admin_token(data: Path) -> str:
    path = data / "admin.token"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(32))
        path.chmod(0o600)
    return path.read_text().strip()


def run(data: Path) -> int:
    data.mkdir(parents=True, exist_ok=True)
    stack = LocalStack(data, persistent=True, preferred_ports=DEV_PORTS).start()
    env = {**os.environ, **stack.env()}
    ports = {name: int(os.environ.get(var, default)) for name, var, default, *_ in SERVICES}
    env["MEMORY_POLICY_URL"] = f"http://127.0.0.1:{ports['policy']}"
    env["MEMORY_MCP_API_URL"] = f"http://127.0.0.1:{ports['memory-api']}"
    env["MEMORY_ADMIN_TOKEN"] = os.environ.get("MEMORY_ADMIN_TOKEN") or _admin_token(data)
    env["MEMORY_MODEL_DIR"] = os.environ.get("MEMORY_MODEL_DIR", str(REPO_ROOT / ".data" / "models"))
    procs: list[tuple[str, subprocess.Popen]] = []
    logs = data / "logs"
    logs.mkdir(exist_ok=True)
    py = sys.executable

    def spawn(name: str, args: list[str]) -> None:
        out = open(logs / f"{name}.log", "ab")
        procs.append((name, subprocess.Popen(args, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=REPO_ROOT)))

    for name, _, _, app, *extra in SERVICES:
        if port_open(ports[name]):
            print(f"port {ports[name]} for {name} is taken; is another stack running? (make stop)", file=sys.stderr)
            stack.stop()
            return 1
        spawn(name, [py, "-m", "uvicorn", app, "--host", "127.0.0.1", "--port", str(ports[name]), "--no-access-log",
                     *extra])
    spawn("celery", [py, "-m", "celery", "-A", "consolidator.jobs:celery_app", "worker", "--beat",
                     "--loglevel", "WARNING", "--concurrency", "1", "--schedule", str(data / "celerybeat-schedule")])
    (data / "run.pids").write_text("\n".join(str(p.pid) for _, p in procs))
    # memctl and `make demo` find this stack (its stores and services) from here
    recorded.record(data, stack.env(), {name: f"http://127.0.0.1:{ports[name]}{SERVICE_PATHS.get(name, '')}"
                                        for name in ports}, os.getpid())
    try:
        for name, *_ in SERVICES:
            wait_for_port(ports[name], timeout=180)  # a service listens once its models are loaded
    except TimeoutError as exc:
        print(f"a service did not start: {exc}; see {logs}", file=sys.stderr)
    print("\nmemory-service is up:")
    print(f"  memory-api    http://127.0.0.1:{ports['memory-api']}/docs   (health: /healthz, /readyz)")
    print(f"  postgres      {stack.database_url}")
    print(f"  redis         {stack.redis.url}")
    print(f"  policy        http://127.0.0.1:{ports['policy']}/docs")
    print(f"  consolidator  http://127.0.0.1:{ports['consolidator']}/healthz")
    print(f"  mcp           http://127.0.0.1:{ports['mcp']}/mcp   (MCP, streamable HTTP; a user's bearer token)")
    print(f"  admin token   {data / 'admin.token'}")
    print(f"  logs          {logs}/")
    print(f"  recorded in   {data / recorded.STACK_FILE} (memctl and make demo use this stack)")
    print("Ctrl-C stops everything.\n", flush=True)

    stopping = False

    def _stop(*_):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    while not stopping:
        for name, p in procs:
            if p.poll() is not None:
                print(f"{name} exited with {p.returncode}; see {logs / (name + '.log')}", file=sys.stderr)
                stopping = True
        time.sleep(0.5)
    print("stopping ...")
    for _, p in procs:
        p.terminate()
    for _, p in procs:
        try:
            p.wait(15)
        except subprocess.TimeoutExpired:
            p.kill()
    stack.stop()
    (data / "run.pids").unlink(missing_ok=True)
    recorded.forget(data)
    print("stopped.")
    return 0


def stop(data: Path) -> int:
    """Stop a stack left running (its launcher gone or not): the services by the pids `run` recorded,
    Redis and Azurite by theirs, Postgres by its own postmaster.pid. A recorded pid that now belongs
    to another program is left alone."""
    pids = data / "run.pids"
    if pids.exists():
        for pid in pids.read_text().split():
            if pid.isdigit():
                stop_pid(int(pid), "python", grace_s=15)
        pids.unlink()
    recorded.forget(data)
    stack = LocalStack(data, persistent=True)
    stack.postgres.stop()
    stopped = {"redis": stop_recorded(stack.redis.data_dir, "redis-server"),
               "azurite": stop_recorded(stack.blob.data_dir, "azurite")}
    print("stopped." + "".join(f" ({name} was not running)" for name, done in stopped.items() if not done))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m memcore.devstack")
    parser.add_argument("command", choices=["run", "stop", "up"])
    parser.add_argument("--data", type=Path, default=REPO_ROOT / ".data")
    args = parser.parse_args()
    data = args.data.resolve()
    if args.command == "run":
        return run(data)
    if args.command == "up":  # stores only, in the background (for benchmarks and the demo)
        data.mkdir(parents=True, exist_ok=True)
        stack = LocalStack(data, persistent=True).start()
        for k, v in stack.env().items():
            print(f"export {k}='{v}'")
        return 0
    return stop(data)


if __name__ == "__main__":
    sys.exit(main())
