"""Run a service (an ASGI app by its import path) with uvicorn in its own process, on a free
loopback port, as `make run` does. Benchmarks use it so that each service has its own
interpreter and GIL, as deployed (in-process servers share one GIL with each other and with the
benchmark client, which inflates latencies)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from .ports import free_port
from .processes import stop_process


class ServiceProcess:
    def __init__(self, app: str, name: str, env: dict[str, str], log_dir: Path, cwd: Path | None = None,
                 workers: int = 1):
        """`workers`: uvicorn worker processes (each its own interpreter, pool and models)."""
        self.app, self.name, self.env, self.cwd, self.workers = app, name, env, cwd, workers
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        log_dir.mkdir(parents=True, exist_ok=True)
        self.log_path = log_dir / f"{name}.log"
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 120) -> "ServiceProcess":
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", self.app, "--host", "127.0.0.1", "--port", str(self.port),
             "--no-access-log", "--log-level", "warning", *(["--workers", str(self.workers)] if self.workers > 1 else [])],
            env={**os.environ, **self.env}, stdout=log, stderr=subprocess.STDOUT, cwd=self.cwd)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.proc.returncode}; see {self.log_path}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"{self.name} did not start within {timeout:.0f} s; see {self.log_path}")

    def stop(self) -> None:
        stop_process(self.proc, 15)
