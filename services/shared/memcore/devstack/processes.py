"""Stopping the stack's processes: a child politely (SIGTERM, then SIGKILL after a grace period), and
one started by an earlier `make run` from the pid it recorded (`server.pid` in its data directory),
checked to still be that program so that a reused pid is never killed."""
from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

PID_FILE = "server.pid"


def stop_process(proc: subprocess.Popen | None, grace_s: float = 10) -> None:
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(grace_s)
    except subprocess.TimeoutExpired:
        proc.kill()


def record_pid(data_dir: Path, proc: subprocess.Popen) -> None:
    (Path(data_dir) / PID_FILE).write_text(str(proc.pid))


def forget_pid(data_dir: Path) -> None:
    (Path(data_dir) / PID_FILE).unlink(missing_ok=True)


def runs_as(pid: int, program: str) -> bool:
    """Is `pid` alive and running `program` (its executable's name or in its command line)?"""
    try:
        exe = os.path.basename(os.readlink(f"/proc/{pid}/exe"))
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return False
    return program in exe or program in cmdline


def stop_pid(pid: int, program: str, grace_s: float = 10) -> bool:
    """SIGTERM, then SIGKILL after `grace_s`, if `pid` still runs `program`; whether it did."""
    if not runs_as(pid, program):
        return False
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace_s
    while time.monotonic() < deadline and runs_as(pid, program):
        time.sleep(0.1)
    if runs_as(pid, program):
        os.kill(pid, signal.SIGKILL)
    return True


def stop_recorded(data_dir: Path, program: str, grace_s: float = 10) -> bool:
    """Stop the process whose pid `data_dir/server.pid` recorded, if it is still `program`."""
    path = Path(data_dir) / PID_FILE
    if not path.exists():
        return False
    try:
        pid = int(path.read_text().strip())
    except ValueError:
        pid = -1
    stopped = pid > 0 and stop_pid(pid, program, grace_s)
    path.unlink(missing_ok=True)
    return stopped
