"""`make stop` (python -m memcore.devstack stop) ends a stack whose launcher died, by the pids each
process recorded, and never kills a process that merely reuses a recorded pid (issue 14)."""
import os
import subprocess
import sys

from memcore.devstack.__main__ import stop
from memcore.devstack.ports import port_open
from memcore.devstack.processes import PID_FILE, runs_as, stop_recorded
from memcore.devstack.stack import LocalStack


def test_stop_ends_what_a_dead_launcher_left_running(tmp_path):
    data = tmp_path / "data"
    stack = LocalStack(data, persistent=True).start(log=lambda m: None)
    ports = {"postgres": stack.postgres.port, "redis": stack.redis.port, "azurite": stack.blob.port}
    assert all(port_open(p) for p in ports.values())
    # the launcher dies without stopping anything: only what the processes recorded is left
    stack.redis.proc = stack.blob.proc = None
    assert stop(data) == 0
    assert [name for name, p in ports.items() if port_open(p)] == []
    assert not (data / "redis" / PID_FILE).exists() and not (data / "azurite" / PID_FILE).exists()


def test_a_recorded_pid_now_used_by_another_program_is_left_alone(tmp_path):
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (tmp_path / PID_FILE).write_text(str(other.pid))
        assert stop_recorded(tmp_path, "redis-server") is False
        assert other.poll() is None and runs_as(other.pid, "python")
        assert not (tmp_path / PID_FILE).exists()
        (tmp_path / PID_FILE).write_text(str(other.pid))
        assert stop_recorded(tmp_path, "python", grace_s=5) is True
        other.wait(10)
        assert other.returncode is not None
    finally:
        if other.poll() is None:
            other.kill()
    assert not runs_as(os.getpid() + 10_000_000, "python")  # no such process
