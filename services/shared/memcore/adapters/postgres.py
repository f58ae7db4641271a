"""asyncpg pool with pgvector codecs and per-transaction tenant scoping (row-level security).

Authentication: what the DSN says (locally the embedded server trusts loopback), or with
MEMORY_PG_ENTRA_AUTH=1 a Microsoft Entra access token as the password of each new connection
(Azure Database for PostgreSQL, the managed identity mapped to the DSN's role; no password in any
setting). asyncpg calls the password callable for every connection it opens, so a pool that
outlives a token (about an hour) opens its next connections with a fresh one; an open connection
stays authenticated.
"""
from __future__ import annotations

import asyncio
import contextlib
import random
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Awaitable, Callable, Sequence, TypeVar
from uuid import UUID

import asyncpg
import numpy as np
from pgvector import Vector
from pgvector.asyncpg import register_vector


# A transaction PostgreSQL aborted because of a concurrent one: running it again is safe.
RETRYABLE_TX_ERRORS = (asyncpg.exceptions.DeadlockDetectedError, asyncpg.exceptions.SerializationError)
TX_ATTEMPTS = 3


T = TypeVar("T")  # what a transaction's work returns


@asynccontextmanager
async def lent(pool: asyncpg.Pool, timeout: float | None = None) -> AsyncIterator[asyncpg.Connection]:
    """`pool.acquire()`, except for a connection lost while it was lent. When the server goes
    away (a restart, a failover, a reset) the driver returns the connection to the pool as soon as
    it sees the loss; if it sees it between our release and the driver's own release step, that
    step fails with InternalClientError ("called on a free connection holder"). That error would
    replace the one that says the database is away (a 500 instead of a 503) or fail a transaction
    that had committed. The connection is back in the pool by then, so there is nothing to undo."""
    conn = await pool.acquire(timeout=timeout)
    try:
        yield conn
    finally:
        try:
            await pool.release(conn)
        except asyncpg.InternalClientError as exc:
            if "free connection holder" not in str(exc):
                raise


async def init_connection(conn: asyncpg.Connection) -> None:
    """Every new connection of a pool: pgvector's codecs, JSON through orjson, and pgvector's
    library loaded in the backend. Until a backend first touches a vector its settings
    (hnsw.ef_search ...) do not exist, and reading one (current_setting) fails."""
    await register_vector(conn)
    await conn.execute("SELECT '[0]'::vector")
    for typ in ("json", "jsonb"):
        import orjson

        await conn.set_type_codec(
            typ, schema="pg_catalog", encoder=lambda v: orjson.dumps(v).decode(), decoder=orjson.loads
        )


def vectors_param(vectors: Sequence[np.ndarray]) -> list[Vector]:
    """A `vector[]` query parameter, sent in pgvector's binary format. Wrapping each array in
    `Vector` keeps asyncpg from reading it as a nested array. No float is formatted as text in
    the API and parsed back in Postgres (384 of each per vector, twice per memory before)."""
    return [Vector(np.asarray(v, dtype=np.float32)) for v in vectors]


SYSTEM_ROLE = "system"
# The scope of Microsoft Entra tokens for Azure Database for PostgreSQL (all clouds' public name).
POSTGRES_ENTRA_SCOPE = "https://ossrdbms-aad.database.windows.net/.default"

PasswordSource = Callable[[], Awaitable[str]]


def entra_password(credential: Any) -> PasswordSource:
    """asyncpg's `password` for Entra auth: asks `credential` (anything with get_token, e.g. a
    DefaultAzureCredential) for a token of the Postgres scope at each new connection. azure-identity
    serves it from its cache until shortly before it expires; a refresh (an HTTP call to the
    managed-identity endpoint) runs in a worker thread, not on the event loop."""
    async def password() -> str:
        token = await asyncio.to_thread(credential.get_token, POSTGRES_ENTRA_SCOPE)
        return token.token

    return password


def password_for(settings: Any, *, relay: bool = False) -> PasswordSource | None:
    """The password source of a service's pool: None (the DSN decides) unless
    MEMORY_PG_ENTRA_AUTH is on; then tokens of the process's managed identity (AZURE_CLIENT_ID), or
    for the outbox relay of MEMORY_RELAY_AZURE_CLIENT_ID's identity when set (its own Postgres role)."""
    if not getattr(settings, "pg_entra_auth", False):
        return None
    from memcore.adapters.azure_credential import default_credential

    client_id = getattr(settings, "relay_azure_client_id", None) if relay else None
    return entra_password(default_credential(client_id or None))


def sql_literal(value: str) -> str:
    """`value` as an escaped string constant (E'...'), read the same whatever standard_conforming_strings says."""
    if "\x00" in value:
        raise ValueError("a string sent to PostgreSQL cannot hold a NUL character")
    return "E'" + value.replace("\\", "\\\\").replace("'", "''") + "'"


def begin_scoped(settings: dict[str, str]) -> str:
    """BEGIN and the transaction-local settings row-level security reads, as one simple query: one
    round trip instead of two (BEGIN, then a parameterised set_config)."""
    calls = ", ".join(f"set_config({sql_literal(k)}, {sql_literal(v)}, true)" for k, v in settings.items())
    return f"BEGIN; SELECT {calls}"


async def _keep_session(conn: asyncpg.Connection) -> None:
    """The pool's reset on release, beyond asyncpg's own rollback of an open transaction: nothing.

    asyncpg's default sends "SELECT pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL" on
    every release, a round trip per unit of work. The services keep no session state to undo: the
    settings are set per transaction (set_config(..., true), SET LOCAL), advisory locks are
    transaction locks (pg_advisory_xact_lock), and nothing listens or holds a cursor past its
    transaction. tests/integration/test_tenant_transactions.py checks that a released connection
    carries no setting over."""


class Database:
    """The services' connection pool. Every unit of work runs in `tenant_tx` (as_caller or as_system)."""

    # A Postgres that does not answer (a failover, a partition) or a pool used up by a burst must
    # not hold a request for a minute: past these the caller gets a TimeoutError (the API's 503).
    CONNECT_TIMEOUT_S = 5.0
    ACQUIRE_TIMEOUT_S = 10.0
    # the slots of this pool that work done after an answer may hold at once (memory_api.background.lane
    # makes it on first use)
    post_answer_lane: asyncio.Semaphore | None = None

    def __init__(self, dsn: str, min_size: int = 2, max_size: int = 10, *,
                 password: PasswordSource | None = None):
        self.dsn = dsn
        self.min_size = min_size
        self.max_size = max_size
        self.password = password  # None: the DSN's (or none); else called per new connection
        self.pool: asyncpg.Pool | None = None

    async def connect(self) -> "Database":
        extra = {"password": self.password} if self.password is not None else {}
        self.pool = await asyncpg.create_pool(
            self.dsn, min_size=self.min_size, max_size=self.max_size, init=init_connection, reset=_keep_session,
            command_timeout=30, timeout=self.CONNECT_TIMEOUT_S, **extra,
        )
        return self

    async def close(self) -> None:
        if self.pool is not None:
            await self.pool.close()
            self.pool = None

    @asynccontextmanager
    async def tenant_tx(self, tenant_id: UUID | str, *, role: str, user_id: UUID | str | None = None,
                        reading: tuple[str | None, str | None] | None = None) -> AsyncIterator[asyncpg.Connection]:
        """A transaction in which row-level security sees `tenant_id`'s rows, as `role`/`user_id` may.

        The database decides what is visible (migration 0009): a child or user sees only its own
        memories, a child never sees what is hidden from a child, `system` (jobs, the consolidator,
        forget after its authorisation) sees the whole tenant. `role` has no default so that no
        caller can forget to say who is reading; with no role set nothing is visible. `reading`:
        the (project, session) a context read is for; memories scoped to another project or session
        are then hidden too (migration 0018)."""
        assert self.pool is not None, "Database.connect() was not called"
        project, session = reading or (None, None)
        begin = begin_scoped({"app.tenant_id": str(tenant_id), "app.role": role, "app.user_id": str(user_id or ""),
                              "app.read_scope": "on" if reading else "", "app.read_project": project or "",
                              "app.read_session": session or ""})
        async with lent(self.pool, self.ACQUIRE_TIMEOUT_S) as conn:
            await conn.execute(begin)
            try:
                yield conn
            except BaseException:
                with contextlib.suppress(Exception):  # a broken connection: the pool's release closes it
                    await conn.execute("ROLLBACK")
                raise
            await conn.execute("COMMIT")

    def as_caller(self, principal) -> "contextlib.AbstractAsyncContextManager[asyncpg.Connection]":
        """A transaction that sees what the authenticated caller (a Principal) may see."""
        return self.tenant_tx(principal.tenant_id, role=principal.role, user_id=principal.user_id,
                              reading=getattr(principal, "reading", None))

    async def in_caller_tx(self, principal, work: Callable[[asyncpg.Connection], Awaitable[T]],
                           attempts: int = TX_ATTEMPTS) -> T:
        """`work(conn)` in a transaction as the caller (as_caller), run again when PostgreSQL aborts
        the transaction for a deadlock or a serialization failure with a concurrent writer (the
        consolidator updating the same owner's memories while a turn is stored): the abort rolled
        everything back, so running the whole transaction again writes it once. `work` must have
        no effect outside the database, or one it can repeat."""
        for attempt in range(1, attempts + 1):
            try:
                async with self.as_caller(principal) as conn:
                    return await work(conn)
            except RETRYABLE_TX_ERRORS:
                if attempt == attempts:
                    raise
                await asyncio.sleep(random.uniform(0.01, 0.05) * attempt)  # let the other one finish

    def has_spare(self) -> bool:
        """Whether a connection can be had now without waiting (an idle one, or room to open one).
        A request that already holds a connection asks before taking a second one: under load,
        requests each holding one and waiting for another would hold the whole pool until the
        acquire timeout (measured: 45% 503s at 200 sessions)."""
        pool = self.pool
        return pool is not None and self.max_size - (pool.get_size() - pool.get_idle_size()) > 0

    def as_system(self, tenant_id: UUID | str) -> "contextlib.AbstractAsyncContextManager[asyncpg.Connection]":
        """A transaction for the service itself (jobs, consumers, authorised forgetting)."""
        return self.tenant_tx(tenant_id, role=SYSTEM_ROLE)

    @asynccontextmanager
    async def raw(self) -> AsyncIterator[asyncpg.Connection]:
        """A connection with no tenant set (sees no tenant rows); for health checks and auth."""
        assert self.pool is not None, "Database.connect() was not called"
        async with lent(self.pool, self.ACQUIRE_TIMEOUT_S) as conn:
            yield conn

    async def ping(self) -> bool:
        try:
            async with self.raw() as conn:
                return await conn.fetchval("SELECT 1") == 1
        except Exception:
            return False
