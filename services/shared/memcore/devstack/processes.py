"""Stopping a child process politely: SIGTERM, then SIGKILL after a grace period."""
from __future__ import annotations

import subprocess


def stop_process(proc: subprocess.Popen | None, grace_s: float = 10) -> None:
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(grace_s)
    except subprocess.TimeoutExpired:
        proc.kill()
