"""What `make run` started, written to `<data>/stack.json` so that other tools (memctl, make demo)
find the running stack: the stores' connection settings and the services' URLs.

The environment wins over the record: a variable that is set is never replaced by a recorded value.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping
from urllib.parse import urlsplit

from .ports import port_open

STACK_FILE = "stack.json"


@dataclass(frozen=True)
class RecordedStack:
    data_dir: Path
    env: dict[str, str]  # DATABASE_URL, REDIS_URL, ... as the services got them
    services: dict[str, str] = field(default_factory=dict)  # name -> base URL
    launcher_pid: int | None = None

    @property
    def api_url(self) -> str | None:
        return self.services.get("memory-api")

    @property
    def admin_token(self) -> str | None:
        path = self.data_dir / "admin.token"
        return path.read_text().strip() if path.exists() else None


def record(data_dir: Path, env: Mapping[str, str], services: Mapping[str, str], launcher_pid: int) -> Path:
    path = Path(data_dir) / STACK_FILE
    path.write_text(json.dumps({"env": dict(env), "services": dict(services), "launcher_pid": launcher_pid},
                               indent=2))
    return path


def forget(data_dir: Path) -> None:
    (Path(data_dir) / STACK_FILE).unlink(missing_ok=True)


def read(data_dir: Path) -> RecordedStack | None:
    """The record, whether or not the stack still runs; None when there is none (or it is unreadable)."""
    path = Path(data_dir) / STACK_FILE
    try:
        raw = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(raw, dict) or not isinstance(raw.get("env"), dict):
        return None
    return RecordedStack(Path(data_dir).resolve(), {str(k): str(v) for k, v in raw["env"].items()},
                         {str(k): str(v) for k, v in (raw.get("services") or {}).items()},
                         raw.get("launcher_pid"))


def _answers(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.port) and port_open(parts.port, parts.hostname or "127.0.0.1")


def running(data_dir: Path) -> RecordedStack | None:
    """The recorded stack when its memory-api answers, else None (stopped, crashed or never run)."""
    stack = read(data_dir)
    if stack is None or not stack.api_url or not _answers(stack.api_url):
        return None
    return stack


def stores_running(data_dir: Path) -> RecordedStack | None:
    """The recorded stack when its database answers (the services may be down): enough for `memctl reembed`."""
    stack = read(data_dir)
    url = stack.env.get("DATABASE_URL") if stack else None
    if not url or not _answers(url):
        return None
    return stack


def merged_env(recorded: Mapping[str, str], environ: Mapping[str, str]) -> dict[str, str]:
    """The recorded settings the environment does not set (a set variable always wins)."""
    return {k: v for k, v in recorded.items() if not environ.get(k)}


def apply(stack: RecordedStack | None, environ: dict[str, str] | None = None) -> dict[str, str]:
    """Put the recorded settings the environment lacks into it (os.environ by default); returns them."""
    environ = os.environ if environ is None else environ
    if stack is None:
        return {}
    added = merged_env(stack.env, environ)
    environ.update(added)
    return added
