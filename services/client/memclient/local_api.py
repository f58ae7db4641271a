"""Start the embedded stack and the services in-process, for the CLI's benchmarks and demo."""
from __future__ import annotations

import os
import secrets
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from memcore.devstack.live_server import LiveServer
from memcore.devstack.stack import REPO_ROOT, LocalStack


@contextmanager
def local_api(data_dir: Path | None = None, log=print, with_unchecked_twin: bool = False) -> Iterator[tuple[str, str]]:
    """Yields (api_url, admin_token) of a memory-api (with the policy service) on an embedded stack."""
    os.environ.setdefault("MEMORY_API_NO_AUTOAPP", "1")
    os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")
    os.environ.setdefault("POLICY_LOG_LEVEL", "WARNING")
    from memory_api.app import ApiSettings, create_app
    from policy_service.app import app as policy_app

    stack = LocalStack(data_dir or REPO_ROOT / ".data" / "bench", persistent=True, with_blob=False).start(log=log)
    env = stack.env()
    policy = LiveServer(policy_app, "policy").start()
    admin = secrets.token_urlsafe(16)
    settings = ApiSettings(database_url=env["DATABASE_URL"], app_database_url=env["MEMORY_APP_DATABASE_URL"],
                           redis_url=env["REDIS_URL"], admin_token=admin, policy_url=policy.url,
                           policy_timeout_s=5.0, log_level="WARNING", db_pool_max=20)
    api = LiveServer(create_app(settings), "memory-api").start()
    # A twin without the policy service on the same data, to measure what the read check costs.
    twin = LiveServer(create_app(settings.model_copy(update={"policy_url": None})), "memory-api-unchecked").start() \
        if with_unchecked_twin else None
    try:
        yield (api.url, admin, twin.url) if twin else (api.url, admin)
    finally:
        if twin:
            twin.stop()
        api.stop()
        policy.stop()
        stack.stop()
