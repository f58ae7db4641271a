"""Database.tenant_tx against the real Postgres: the settings row-level security reads hold inside
the transaction and nowhere after it, with BEGIN and the settings sent as one simple query and no
reset query on release (memcore.adapters.postgres)."""
from __future__ import annotations

import uuid

import asyncpg
import pytest

from memcore.adapters.postgres import Database, sql_literal

SETTINGS = ("app.tenant_id", "app.role", "app.user_id", "app.read_scope", "app.read_project", "app.read_session")


@pytest.fixture
async def one_connection(stack_env):
    """A pool of one connection: every unit of work below runs on the same server session."""
    database = await Database(stack_env["MEMORY_APP_DATABASE_URL"], min_size=1, max_size=1).connect()
    yield database
    await database.close()


async def _settings(conn) -> dict[str, str | None]:
    row = await conn.fetchrow("SELECT " + ", ".join(f"current_setting('{k}', true) AS \"{k}\"" for k in SETTINGS))
    return dict(row)


async def test_the_settings_hold_inside_the_transaction_verbatim(one_connection):
    tenant, user = uuid.uuid4(), uuid.uuid4()
    project, session = "it's a \\ project", "s:1"
    reading = type("P", (), {"tenant_id": tenant, "role": "child", "user_id": user, "reading": (project, session)})
    async with one_connection.as_caller(reading) as conn:
        assert await _settings(conn) == {"app.tenant_id": str(tenant), "app.role": "child", "app.user_id": str(user),
                                         "app.read_scope": "on", "app.read_project": project,
                                         "app.read_session": session}
        assert conn.is_in_transaction()


async def test_a_released_connection_carries_no_setting_to_the_next_user(one_connection):
    async with one_connection.tenant_tx(uuid.uuid4(), role="parent", user_id=uuid.uuid4(), reading=("p", "s")):
        pass
    async with one_connection.raw() as conn:  # the same session (a pool of one), no tenant set
        assert not conn.is_in_transaction()
        assert set((await _settings(conn)).values()) <= {None, ""}
        assert await conn.fetchval("SELECT count(*) FROM memory_items") == 0  # row-level security sees nothing


async def test_an_error_in_the_body_rolls_back_and_the_connection_is_reused(one_connection):
    tenant = uuid.uuid4()
    with pytest.raises(RuntimeError):
        async with one_connection.as_system(tenant) as conn:
            await conn.execute("INSERT INTO tenants (tenant_id, name) VALUES ($1, 'rolled back')", tenant)
            raise RuntimeError("the route failed after writing")
    with pytest.raises(asyncpg.exceptions.UndefinedTableError):
        async with one_connection.as_system(tenant) as conn:
            await conn.execute("INSERT INTO tenants (tenant_id, name) VALUES ($1, 'rolled back')", tenant)
            await conn.execute("SELECT * FROM no_such_table")  # the server aborts the transaction
    async with one_connection.as_system(tenant) as conn:
        assert await conn.fetchval("SELECT count(*) FROM tenants WHERE tenant_id = $1", tenant) == 0
        await conn.execute("INSERT INTO tenants (tenant_id, name) VALUES ($1, 'committed')", tenant)
    async with one_connection.as_system(tenant) as conn:
        assert await conn.fetchval("SELECT name FROM tenants WHERE tenant_id = $1", tenant) == "committed"
        await conn.execute("DELETE FROM tenants WHERE tenant_id = $1", tenant)


def test_a_string_constant_cannot_escape_its_quotes():
    assert sql_literal("o'b\\c") == "E'o''b\\\\c'"
    with pytest.raises(ValueError):
        sql_literal("a\x00b")


async def test_a_new_connection_knows_the_vector_index_settings(one_connection):
    """pgvector defines hnsw.* when its library loads in a backend. The near-duplicate lookup of a
    large owner reads and restores those settings; on a backend that had not yet touched a vector
    that read failed ("unrecognized configuration parameter"), so the pool loads the library."""
    async with one_connection.tenant_tx(uuid.uuid4(), role="system") as conn:
        assert await conn.fetchval("SELECT current_setting('hnsw.ef_search')") == "40"
        assert await conn.fetchval("SELECT current_setting('hnsw.iterative_scan')") == "off"



def _lose_the_connection(conn) -> None:
    """What the driver sees when the server goes away under a held connection: the transport is
    gone, and the driver handles the loss on the next turn of the event loop (here: during the release)."""
    conn._con._transport.abort()


async def test_a_connection_lost_while_lent_keeps_the_error_that_says_so(one_connection):
    """The driver's release step failed with InternalClientError ("a free connection holder") when
    it saw the loss during the release: that replaced the body's own error, or failed work that
    had finished (a 500 instead of the route's answer or a 503)."""
    with pytest.raises(RuntimeError, match="the work failed"):
        async with one_connection.raw() as conn:
            _lose_the_connection(conn)
            raise RuntimeError("the work failed")

    async with one_connection.raw() as conn:  # finished work: nothing to undo, no error
        assert await conn.fetchval("SELECT 1") == 1
        _lose_the_connection(conn)

    with pytest.raises(BaseException) as lost_before_commit:  # a transaction cannot commit: the server is away
        async with one_connection.tenant_tx(uuid.uuid4(), role="parent") as conn:
            _lose_the_connection(conn)
    from memcore.transient import dependency_of
    assert dependency_of(lost_before_commit.value) == "postgres", repr(lost_before_commit.value)

    async with one_connection.raw() as conn:  # the pool of one opened a new connection
        assert await conn.fetchval("SELECT 1") == 1
