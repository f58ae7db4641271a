"""Start the embedded stack and the services (each in its own process), for the CLI's benchmarks and demo."""
from __future__ import annotations

import os
import secrets
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from memcore.devstack.service_process import ServiceProcess
from memcore.devstack.stack import REPO_ROOT, LocalStack


@contextmanager
def local_api(data_dir: Path | None = None, log=print, with_unchecked_twin: bool = False,
              api_workers: int | None = None) -> Iterator[tuple[str, str]]:
    """Yields (api_url, admin_token) of a memory-api (with the policy service) on an embedded stack.
    `api_workers`: memory-api's uvicorn workers (default MEMORY_API_WORKERS, else 1)."""
    api_workers = api_workers or int(os.environ.get("MEMORY_API_WORKERS", "1"))
    os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")
    data_dir = data_dir or REPO_ROOT / ".data" / "bench"
    stack = LocalStack(data_dir, persistent=True, with_blob=False).start(log=log)
    admin = secrets.token_urlsafe(16)
    logs = data_dir / "logs"
    env = {**stack.env(), "POLICY_LOG_LEVEL": "WARNING", "MEMORY_LOG_LEVEL": "WARNING",
           "MEMORY_ADMIN_TOKEN": admin, "MEMORY_POLICY_TIMEOUT_S": "5.0",
           "MEMORY_DB_POOL_MAX": os.environ.get("MEMORY_DB_POOL_MAX", "60"),
           "MEMORY_MODEL_DIR": os.environ.get("MEMORY_MODEL_DIR", str(REPO_ROOT / ".data" / "models"))}
    started: list[ServiceProcess] = []
    try:
        policy = ServiceProcess("policy_service.app:app", "policy", env, logs, cwd=REPO_ROOT)
        started.append(policy.start())
        api = ServiceProcess("memory_api.app:app", "memory-api", {**env, "MEMORY_POLICY_URL": policy.url}, logs,
                             cwd=REPO_ROOT, workers=api_workers)
        started.append(api.start())
        twin = None
        if with_unchecked_twin:  # the same API without the policy service, to measure what the read check costs
            twin = ServiceProcess("memory_api.app:app", "memory-api-unchecked", {**env, "MEMORY_POLICY_URL": "", "MEMORY_POLICY_ALLOW_ALL": "1"},
                                  logs, cwd=REPO_ROOT)
            started.append(twin.start())
        yield (api.url, admin, twin.url) if twin else (api.url, admin)
    finally:
        for service in reversed(started):
            service.stop()
        stack.stop()
