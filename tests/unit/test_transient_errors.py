"""The one map of transient errors (memcore.transient): what counts as a dependency away, and the backoff."""
import random

import asyncpg
import httpx
import pytest
import redis.exceptions as redis_errors

from memcore.policy.client import PolicyUnavailable
from memcore.transient import Backoff, dependency_of, hold_through_outages, is_transient


def test_broken_pooled_connections_are_postgres_outages():
    for message in ("cannot perform operation: another operation is in progress",
                    "cannot call Connection.fetch(): connection has been released back to the pool",
                    "connection is closed"):
        assert dependency_of(asyncpg.InterfaceError(message)) == "postgres", message
    assert dependency_of(asyncpg.exceptions.AdminShutdownError("terminating connection")) == "postgres"
    assert dependency_of(asyncpg.InterfaceError("cannot use Connection.transaction() in a manually "
                                                "started transaction")) is None


def test_redis_failover_replies_and_policy_unreachable_are_outages():
    assert dependency_of(redis_errors.ReadOnlyError("READONLY You can't write against a read only replica.")) == "redis"
    assert dependency_of(redis_errors.ResponseError("LOADING Redis is loading the dataset in memory")) == "redis"
    assert dependency_of(redis_errors.BusyLoadingError("loading")) == "redis"
    assert dependency_of(redis_errors.ResponseError("WRONGTYPE Operation against a key")) is None
    assert dependency_of(PolicyUnavailable("policy service unreachable: ConnectError")) == "policy service"
    assert dependency_of(httpx.ConnectError("refused")) == "a backing service"
    assert dependency_of(asyncpg.exceptions.NotNullViolationError("null")) is None


def test_conflicts_are_transient_but_not_outages_and_bugs_are_neither():
    deadlock = asyncpg.exceptions.DeadlockDetectedError("deadlock detected")
    assert dependency_of(deadlock) is None and is_transient(deadlock)
    wrapped = RuntimeError("handler failed")
    wrapped.__cause__ = asyncpg.exceptions.ConnectionDoesNotExistError("gone")
    assert is_transient(wrapped)
    assert not is_transient(KeyError("payload"))
    assert not is_transient(asyncpg.exceptions.CharacterNotInRepertoireError("invalid byte"))


def test_backoff_grows_to_its_cap_with_jitter_and_resets():
    b = Backoff(base_s=0.1, cap_s=2.0, rng=random.Random(7))
    delays = [b.next_delay() for _ in range(40)]
    assert all(0.1 <= d <= 2.0 for d in delays)
    assert max(delays[:3]) <= 0.4 and max(delays[10:]) > 1.0  # grows, then stays under the cap
    assert len({round(d, 6) for d in delays[10:]}) > 20  # jittered, not in lock step
    b.reset()
    assert b.next_delay() <= 0.1 + 1e-9


async def test_hold_through_outages_tries_again_while_away_and_raises_a_failure_of_its_own():
    backoff, waits, kept = Backoff(0.0, 0.0), [], []
    tries = iter([asyncpg.exceptions.CannotConnectNowError("starting up"), PolicyUnavailable("down"), "done"])

    async def work():
        step = next(tries)
        if isinstance(step, Exception):
            raise step
        return step

    async def keep():
        kept.append(1)

    answer = await hold_through_outages(work, backoff, on_wait=lambda exc, delay: waits.append(type(exc).__name__),
                                        between=keep)
    assert answer == "done" and waits == ["CannotConnectNowError", "PolicyUnavailable"] and len(kept) == 2
    assert backoff.attempt == 0  # reset once the work went through

    async def bug():
        raise KeyError("payload")

    async def database_away():
        return False

    async def database_back():
        return True

    with pytest.raises(KeyError):  # a failure of the work's own, the database answering: raised
        await hold_through_outages(bug, backoff, database_answers=database_back)
    # while the database does not answer, any failure may be the outage's: held, not raised
    held = iter([KeyError("payload"), "done"])

    async def flaky():
        step = next(held)
        if isinstance(step, Exception):
            raise step
        return step

    assert await hold_through_outages(flaky, backoff, database_answers=database_away) == "done"
