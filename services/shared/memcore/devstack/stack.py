"""The whole embedded stack: Postgres (+ roles, extensions, migrations), Redis, Azurite."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .azurite import AzuriteBlob
from .bootstrap import bootstrap
from .postgres import EmbeddedPostgres
from .redis_server import RedisServer

REPO_ROOT = Path(__file__).resolve().parents[4]


def run_migrations(database_url: str) -> None:
    """`alembic upgrade head` as the schema owner."""
    from alembic import command
    from alembic.config import Config

    cfg = Config(str(REPO_ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(REPO_ROOT / "migrations"))
    old = os.environ.get("DATABASE_URL")
    os.environ["DATABASE_URL"] = database_url
    try:
        command.upgrade(cfg, "head")
    finally:
        if old is None:
            os.environ.pop("DATABASE_URL", None)
        else:
            os.environ["DATABASE_URL"] = old


# The ports `make run` takes when they are free (the README's settings table); a data directory
# keeps the ports it got the first time (`<store>/port`), so a second stack elsewhere gets free ones.
DEV_PORTS = {"postgres": 5433, "redis": 6380, "azurite": 10000}


@dataclass
class LocalStack:
    data_dir: Path
    persistent: bool = True
    with_blob: bool = True
    preferred_ports: dict[str, int] | None = None  # DEV_PORTS for `make run`; None: any free port (tests)

    def __post_init__(self) -> None:
        self.data_dir = Path(self.data_dir).resolve()
        want = self.preferred_ports or {}
        self.postgres = EmbeddedPostgres(self.data_dir / "postgres", preferred_port=want.get("postgres", 0))
        self.redis = RedisServer(self.data_dir / "redis", persistent=self.persistent,
                                 preferred_port=want.get("redis", 0))
        self.blob = AzuriteBlob(self.data_dir / "azurite", preferred_port=want.get("azurite", 0)) \
            if self.with_blob else None

    def start(self, log=print) -> "LocalStack":
        log(f"postgres: starting on 127.0.0.1:{self.postgres.port} ({self.postgres.pgdata})")
        self.postgres.start()
        bootstrap(self.postgres.superuser_url)
        log("postgres: applying migrations")
        run_migrations(self.database_url)
        log(f"redis: starting on 127.0.0.1:{self.redis.port}")
        self.redis.start()
        if self.blob:
            log(f"azurite: starting on 127.0.0.1:{self.blob.port}")
            self.blob.start()
        return self

    def stop(self) -> None:
        if self.blob:
            self.blob.stop()
        self.redis.stop()
        self.postgres.stop()

    @property
    def database_url(self) -> str:
        return self.postgres.url("memory_owner", "memory")

    def env(self) -> dict[str, str]:
        env = {
            "DATABASE_URL": self.database_url,
            "MEMORY_APP_DATABASE_URL": self.postgres.url("memory_app", "memory"),
            "MEMORY_RELAY_DATABASE_URL": self.postgres.url("memory_relay", "memory"),
            "MEMORY_SUPERUSER_DATABASE_URL": self.postgres.url("postgres", "memory"),
            "REDIS_URL": self.redis.url,
        }
        if self.blob:
            env["MEMORY_BLOB_CONNECTION_STRING"] = self.blob.connection_string
        return env
