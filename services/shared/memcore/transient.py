"""The one map of transient errors: which dependency an exception says is away (or None when it is
not an outage), for the API's answers (503 with Retry-After), the consolidator's consumers, the
relay and the scheduled jobs (retry with backoff instead of giving the event up).

Follows the cause chain and exception groups: a driver error may arrive wrapped.

`hold_through_outages` is how a bus consumer waits an outage out (the consolidator's consumers,
memory-api's model extractor): the same event again, with backoff, for as long as the outage lasts.
"""
from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any, Awaitable, Callable, TypeVar

import asyncpg
import httpx
import redis.exceptions as redis_errors

from memcore.adapters.postgres import RETRYABLE_TX_ERRORS
from memcore.policy.client import PolicyUnavailable

RETRY_AFTER_S = 2  # a Postgres restart or failover usually completes within a few seconds

# asyncpg's InterfaceError is also raised for misuse; these messages are the ones a connection that
# broke (server gone, a query cancelled by a timeout, a pool reset under failover) gives.
_BROKEN_CONNECTION = ("is closed", "was closed", "closing", "another operation is in progress",
                      "released back to the pool", "connection was lost", "not connected")

# Redis answers a client during a failover or a restart with these error replies (not connection errors).
_REDIS_FAILOVER = ("LOADING", "READONLY", "MASTERDOWN", "TRYAGAIN", "CLUSTERDOWN")

_CLIENT_MODULES = (("asyncpg", "postgres"), ("redis", "redis"), ("azure", "blob storage"),
                   ("httpx", "a backing service"), ("httpcore", "a backing service"),
                   ("memcore.adapters.postgres", "postgres"), ("memcore.policy", "policy service"),
                   ("memcore.adapters", "a backing service"))


def dependency_of(exc: BaseException | None, _seen: int = 0) -> str | None:
    """Which dependency an exception says is unreachable ("postgres", "redis", "policy service",
    "blob storage", "a backing service"), or None when it is not an outage."""
    if exc is None or _seen > 10:
        return None
    if isinstance(exc, (asyncpg.PostgresConnectionError, asyncpg.exceptions.OperatorInterventionError,
                        asyncpg.exceptions.InsufficientResourcesError)):
        return "postgres"
    if isinstance(exc, asyncpg.InterfaceError) and any(w in str(exc).lower() for w in _BROKEN_CONNECTION):
        return "postgres"
    if isinstance(exc, (redis_errors.ConnectionError, redis_errors.TimeoutError, redis_errors.ReadOnlyError)):
        return "redis"
    if isinstance(exc, redis_errors.ResponseError) and str(exc).split(" ", 1)[0] in _REDIS_FAILOVER:
        return "redis"
    if isinstance(exc, PolicyUnavailable):
        return "policy service"
    if _is_azure_transport(exc):
        return "blob storage"
    if isinstance(exc, httpx.TransportError):
        return _raised_in(exc)
    if isinstance(exc, (OSError, TimeoutError)):  # refused, reset, unreachable, pool acquire timeouts
        return _raised_in(exc)
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            if found := dependency_of(inner, _seen + 1):
                return found
    return dependency_of(exc.__cause__ or exc.__context__, _seen + 1)


def is_transient(exc: BaseException) -> bool:
    """A dependency away, or a transaction PostgreSQL aborted for a concurrent one: trying the same
    work again later can succeed (a poison event or a bug cannot)."""
    return dependency_of(exc) is not None or _conflict(exc)


def _conflict(exc: BaseException | None, _seen: int = 0) -> bool:
    if exc is None or _seen > 10:
        return False
    if isinstance(exc, RETRYABLE_TX_ERRORS):
        return True
    return _conflict(exc.__cause__ or exc.__context__, _seen + 1)


def _is_azure_transport(exc: BaseException) -> bool:
    try:
        from azure.core.exceptions import ServiceRequestError, ServiceResponseError
    except ImportError:  # pragma: no cover - azure-core is a dependency of the blob adapter
        return False
    return isinstance(exc, (ServiceRequestError, ServiceResponseError))


def _raised_in(exc: BaseException) -> str:
    """Which client library a network error came from (the innermost frame that names one)."""
    found = "a backing service"
    tb = exc.__traceback__
    while tb is not None:
        module = tb.tb_frame.f_globals.get("__name__", "")
        for prefix, name in _CLIENT_MODULES:
            if module == prefix or module.startswith(prefix + "."):
                found = name
                break
        tb = tb.tb_next
    return found


class Backoff:
    """Capped exponential backoff with full jitter: delay n is uniform in [base, min(cap, base * 2**n)].
    `reset()` after a success; `next_delay()` for the next wait."""

    def __init__(self, base_s: float = 0.2, cap_s: float = 15.0, rng: random.Random | None = None):
        self.base_s, self.cap_s, self.attempt = base_s, cap_s, 0
        self._rng = rng or random.Random()

    def next_delay(self) -> float:
        ceiling = min(self.cap_s, self.base_s * (2 ** min(self.attempt, 30)))
        self.attempt += 1
        return self._rng.uniform(min(self.base_s, ceiling), ceiling)

    def reset(self) -> None:
        self.attempt = 0


T = TypeVar("T")


async def hold_through_outages(work: Callable[[], Awaitable[T]], backoff: Backoff, *,
                               database_answers: Callable[[], Awaitable[bool]] | None = None,
                               on_wait: Callable[[BaseException, float], None] | None = None,
                               between: Callable[[], Awaitable[None]] | None = None) -> T:
    """`work()`'s answer, trying it again while a dependency is away: a transient failure (or any
    failure while `database_answers()` says the database does not answer) waits `backoff`'s next
    delay (`on_wait(exc, delay)` first: count it, log it), runs `between()` (keep the delivery
    claimed) and tries again, for as long as the outage lasts, so an outage dead-letters nothing.
    A failure of the work's own on a healthy system is raised (the caller fails it to the bus)."""
    while True:
        try:
            answer = await work()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if not is_transient(exc) and (database_answers is None or await database_answers()):
                raise
            delay = backoff.next_delay()
            if on_wait is not None:
                on_wait(exc, delay)
            await asyncio.sleep(delay)
            if between is not None:
                await between()
            continue
        backoff.reset()
        return answer


def keep_delivery(subscription: Any, delivery: Any) -> Callable[[], Awaitable[None]]:
    """`between` for hold_through_outages: tells the bus the delivery is still being worked on (where
    it can: Redis Streams), so another consumer's reclaim does not count one more delivery of it."""
    async def keep() -> None:
        hold = getattr(subscription, "hold", None)
        if hold is not None:
            with contextlib.suppress(Exception):
                await hold(delivery)
    return keep
