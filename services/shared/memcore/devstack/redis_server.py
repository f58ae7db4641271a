"""A `redis-server` process on a loopback port (installed by `make install` with apt)."""
from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from .ports import pick_port, port_open, wait_for_port
from .processes import forget_pid, record_pid, stop_process


@dataclass
class RedisServer:
    data_dir: Path
    port: int = 0
    preferred_port: int = 0  # taken when free and no port is recorded yet (make run: the README's ports)
    persistent: bool = True
    proc: subprocess.Popen | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.data_dir = Path(self.data_dir).resolve()
        port_file = self.data_dir / "port"
        if not self.port:
            self.port = int(port_file.read_text()) if port_file.exists() else pick_port(self.preferred_port)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "RedisServer":
        exe = shutil.which("redis-server")
        if exe is None:
            raise RuntimeError("redis-server is not installed: run `make install` (apt-get install redis-server)")
        self.data_dir.mkdir(parents=True, exist_ok=True)
        (self.data_dir / "port").write_text(str(self.port))
        if port_open(self.port):
            return self
        args = [exe, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.data_dir),
                "--daemonize", "no", "--protected-mode", "yes", "--logfile", str(self.data_dir / "redis.log")]
        args += ["--appendonly", "yes"] if self.persistent else ["--save", "", "--appendonly", "no"]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        record_pid(self.data_dir, self.proc)
        wait_for_port(self.port)
        return self

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc)
            forget_pid(self.data_dir)
