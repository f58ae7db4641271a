"""Rate limits per user and per tenant, counted in Redis (issue 14).

A fixed window per (scope, id): one Lua script increments the user's and the tenant's counter of the
current window and sets their expiry, in one round trip. Over either limit the request is refused with
429, a Retry-After of the seconds left in the window and the usual error body. Limits are settings
(MEMORY_RATE_LIMIT_USER, MEMORY_RATE_LIMIT_TENANT requests per MEMORY_RATE_LIMIT_WINDOW_S; 0 turns a
limit off). Without Redis requests pass (fail open, logged at most every few seconds): turns and
contextify must work while Redis is down.

A request does not wait for Redis: it is decided on the counts Redis last gave this process plus the
requests this process has sent since and not yet heard back about (`Tally`), and its increment goes
to Redis in the background. Within one process that is the exact count; another replica's requests
are seen one round trip late. Waiting for the round trip cost 0.6 ms of a retrieve's p50
(`tools/research/ab_latency.py retrieve`, limits on against off).

The window arithmetic, the decision and the tally are pure (`window_of`, `decide`, `Tally`);
`RedisCounter` is the adapter, `rate_limit` the FastAPI dependency the app registers for every route.
It counts only callers that present a valid bearer token of a tenant user; the route's own
authentication answers everyone else.
"""
from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Callable
from uuid import UUID

from fastapi import Depends, Request

from memcore.telemetry import metrics

from .errors import ApiError, ErrorResponse

if TYPE_CHECKING:
    from redis.asyncio import Redis

    from .settings import ApiSettings

log = logging.getLogger("memory_api.rate_limit")

REDIS_TIMEOUT_S = 0.25  # past it a background count gives up (no request waits for it) and Redis is skipped
BACKOFF_S = 2.0  # after a failure, requests pass without asking Redis for this long
KEY_PREFIX = "ratelimit"


# --- pure ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Limits:
    user: int  # requests per window per user; 0 = no limit
    tenant: int  # requests per window per tenant; 0 = no limit
    window_s: int = 60

    @property
    def active(self) -> bool:
        return self.window_s > 0 and (self.user > 0 or self.tenant > 0)


@dataclass(frozen=True)
class Window:
    index: int  # which window since the epoch
    retry_after_s: int  # whole seconds until the next window opens (at least 1)
    ttl_s: int  # how long its counters must live


def window_of(now: float, window_s: int) -> Window:
    index = int(now // window_s)
    left = (index + 1) * window_s - now
    return Window(index, max(1, int(-(-left // 1))), window_s + 1)


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    scope: str | None = None  # "user" or "tenant" when refused
    limit: int = 0
    count: int = 0


def decide(user_count: int, tenant_count: int, limits: Limits) -> Verdict:
    """Refused when this request is past the user's or the tenant's limit of the window (user first)."""
    if limits.user and user_count > limits.user:
        return Verdict(False, "user", limits.user, user_count)
    if limits.tenant and tenant_count > limits.tenant:
        return Verdict(False, "tenant", limits.tenant, tenant_count)
    return Verdict(True)


def keys_for(tenant_id: UUID | str, user_id: UUID | str, window: Window) -> tuple[str, str]:
    """The counters' keys. The user's is named by a hash of the user's id, never the id itself: a
    counter that outlives a forget by up to one window then names no one (memcore.personal_data)."""
    user = hashlib.sha256(f"{tenant_id}:{user_id}".encode()).hexdigest()[:32]
    return (f"{KEY_PREFIX}:u:{user}:{window.index}", f"{KEY_PREFIX}:t:{tenant_id}:{window.index}")


class Tally:
    """What this process knows of some counters of one window: the highest count Redis answered for
    each, and the increments sent for it and not yet answered."""

    def __init__(self) -> None:
        self.window = -1
        self.known: dict[str, int] = {}
        self.unanswered: dict[str, int] = {}

    def count(self, keys: tuple[str, ...], window: int) -> tuple[int, ...]:
        """This request's count for each key (the request included), and the request marked sent."""
        if window != self.window:  # a new window: the old one's counters are over
            self.window, self.known, self.unanswered = window, {}, {}
        counts = tuple(self.known.get(k, 0) + self.unanswered.get(k, 0) + 1 for k in keys)
        for k in keys:
            self.unanswered[k] = self.unanswered.get(k, 0) + 1
        return counts

    def answered(self, keys: tuple[str, ...], window: int, counts: tuple[int, ...] | None) -> None:
        """Redis answered the increment of `keys` with `counts` (None: it did not answer)."""
        if window != self.window:
            return
        for k, n in zip(keys, counts or (None,) * len(keys)):
            left = self.unanswered.get(k, 1) - 1
            if left > 0:
                self.unanswered[k] = left
            else:
                self.unanswered.pop(k, None)
            if n is not None:
                self.known[k] = max(self.known.get(k, 0), n)


# --- Redis adapter ---------------------------------------------------------------------------------------

_COUNT_BOTH = """
local u = redis.call('INCR', KEYS[1])
if u == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('INCR', KEYS[2])
if t == 1 then redis.call('EXPIRE', KEYS[2], ARGV[1]) end
return {u, t}
"""


class RedisCounter:
    """Counts a request for a user and its tenant in the current window (see the module doc: the
    answer is this process's tally at once, the increment reaches Redis in the background); None
    while Redis is known not to answer."""

    def __init__(self, redis: Redis, clock: Callable[[], float] = time.time) -> None:
        self.redis, self.clock = redis, clock
        self._script = redis.register_script(_COUNT_BOTH)
        self._skip_until = 0.0
        self._last_warning = 0.0
        self.tally = Tally()
        self._sending: set[asyncio.Task[None]] = set()

    def count(self, tenant_id: UUID | str, user_id: UUID | str, window_s: int) -> tuple[int, int, Window] | None:
        now = self.clock()
        if now < self._skip_until:
            return None
        window = window_of(now, window_s)
        keys = keys_for(tenant_id, user_id, window)
        user_count, tenant_count = self.tally.count(keys, window.index)
        task = asyncio.ensure_future(self._send(keys, window))
        self._sending.add(task)  # held until done (the loop keeps only weak references)
        task.add_done_callback(self._sending.discard)
        return user_count, tenant_count, window

    async def _send(self, keys: tuple[str, str], window: Window) -> None:
        answer = None
        try:
            answer = tuple(int(n) for n in await asyncio.wait_for(
                self._script(keys=list(keys), args=[window.ttl_s]), REDIS_TIMEOUT_S))
        except Exception as exc:  # noqa: BLE001 - any Redis failure: requests pass for a while
            now = self.clock()
            self._skip_until = now + BACKOFF_S
            if now - self._last_warning > 10:
                self._last_warning = now
                log.warning("rate limits not enforced: Redis does not answer",
                            extra={"fields": {"error": type(exc).__name__}})
        finally:
            self.tally.answered(keys, window.index, answer)


# --- FastAPI dependency ----------------------------------------------------------------------------------

RESPONSES = {429: {"model": ErrorResponse, "description": "Too many requests for this user or tenant; "
                                                         "retry after the seconds in the Retry-After header"}}


def limits_from(settings: ApiSettings) -> Limits:
    return Limits(getattr(settings, "rate_limit_user", 0), getattr(settings, "rate_limit_tenant", 0),
                  getattr(settings, "rate_limit_window_s", 60))


async def rate_limit(request: Request) -> None:
    """Counts the request against its caller's user and tenant (a bearer token or a portal session,
    resolved once for the route too: deps.presented)."""
    from .deps import presented

    resources = getattr(request.app.state, "resources", None)
    limits = getattr(request.app.state, "rate_limits", None)
    if resources is None or limits is None or not limits.active:
        return
    try:
        principal = (await presented(request, resources)).principal
    except Exception:  # noqa: BLE001 - the route's own authentication reports it
        return
    if principal is None:
        return
    counter: RedisCounter | None = getattr(request.app.state, "rate_counter", None)
    if counter is None or counter.redis is not resources.redis:
        counter = request.app.state.rate_counter = RedisCounter(resources.redis)
    counted = counter.count(principal.tenant_id, principal.user_id, limits.window_s)
    if counted is None:
        return
    user_count, tenant_count, window = counted
    verdict = decide(user_count, tenant_count, limits)
    if not verdict.allowed:
        metrics.rate_limited.labels(verdict.scope).inc()
        raise ApiError(429, "rate_limited",
                       f"more than {verdict.limit} requests in {limits.window_s} s for this {verdict.scope}",
                       {"scope": verdict.scope, "limit": verdict.limit, "window_s": limits.window_s,
                        "retry_after_s": window.retry_after_s},
                       headers={"Retry-After": str(window.retry_after_s)})


RateLimited = Annotated[None, Depends(rate_limit)]
