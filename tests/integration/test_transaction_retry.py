"""A transaction PostgreSQL aborts for a deadlock with a concurrent writer is run again, whole
(Database.in_caller_tx, used by the write path): the caller gets its write, not a 500.

The deadlock is real: two transactions update the same two rows in opposite orders, each waiting
for the other once it holds its first row."""
from __future__ import annotations

import asyncio
import uuid
from types import SimpleNamespace

import asyncpg
import pytest

from memcore.adapters.postgres import Database


async def _household(db: Database) -> tuple[SimpleNamespace, uuid.UUID, uuid.UUID]:
    tenant, first, second = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    async with db.as_system(tenant) as conn:
        await conn.execute("INSERT INTO tenants (tenant_id, name) VALUES ($1, 'retry test')", tenant)
        for user in (first, second):
            await conn.execute("INSERT INTO users (tenant_id, user_id, display_name, role) VALUES ($1, $2, 'x', 'user')",
                               tenant, user)
    return SimpleNamespace(tenant_id=tenant, role="system", user_id=None), first, second


def _crossing(order: tuple[uuid.UUID, uuid.UUID], name: str, holding: asyncio.Event, other: asyncio.Event,
              runs: list[str]):
    async def work(conn):
        runs.append(name)
        await conn.execute("UPDATE users SET display_name = $2 WHERE user_id = $1", order[0], name)
        holding.set()
        await asyncio.wait_for(other.wait(), 10)  # the other transaction holds its first row too
        await conn.execute("UPDATE users SET display_name = $2 WHERE user_id = $1", order[1], name)
        return name
    return work


@pytest.fixture
async def db(stack_env):
    database = await Database(stack_env["MEMORY_APP_DATABASE_URL"], min_size=2, max_size=4).connect()
    yield database
    await database.close()


async def test_a_deadlocked_transaction_is_run_again_and_both_writes_land(db):
    principal, first, second = await _household(db)
    a_holds, b_holds, runs = asyncio.Event(), asyncio.Event(), []
    a = _crossing((first, second), "a", a_holds, b_holds, runs)
    b = _crossing((second, first), "b", b_holds, a_holds, runs)
    results = await asyncio.gather(db.in_caller_tx(principal, a), db.in_caller_tx(principal, b))
    assert sorted(results) == ["a", "b"]
    assert len(runs) == 3  # PostgreSQL aborted one of them once; it ran again after the other committed
    async with db.as_system(principal.tenant_id) as conn:
        names = {r["display_name"] for r in await conn.fetch(
            "SELECT display_name FROM users WHERE user_id = ANY($1::uuid[])", [first, second])}
    assert len(names) == 1  # the transaction that ran again wrote both rows last, nothing half-applied


async def test_without_a_second_attempt_the_deadlock_reaches_the_caller(db):
    principal, first, second = await _household(db)
    a_holds, b_holds, runs = asyncio.Event(), asyncio.Event(), []
    a = _crossing((first, second), "a", a_holds, b_holds, runs)
    b = _crossing((second, first), "b", b_holds, a_holds, runs)
    results = await asyncio.gather(db.in_caller_tx(principal, a, attempts=1), db.in_caller_tx(principal, b, attempts=1),
                                   return_exceptions=True)
    assert sum(isinstance(r, asyncpg.exceptions.DeadlockDetectedError) for r in results) == 1


async def test_other_errors_are_not_retried(db):
    principal, _, _ = await _household(db)
    runs = []

    async def broken(conn):
        runs.append(1)
        await conn.execute("SELECT 1/0")

    with pytest.raises(asyncpg.exceptions.DivisionByZeroError):
        await db.in_caller_tx(principal, broken)
    assert runs == [1]
