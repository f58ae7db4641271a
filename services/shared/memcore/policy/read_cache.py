"""Read-check decisions remembered for a short while (memory-api side of the policy service).

A read decision depends only on what the request sends: the item's text, type, source, PII types
and safety flags, the reader's role and the household policy. The id does not count. The same
memories come back turn after turn, so each one's decision is kept for `ttl_s` seconds under a
hash of exactly those inputs. Only the items not seen before go to the policy service. A change to
any input (an edited text, a new flag, another reader, a policy edit) is another key. The
time-to-live bounds how long a decision can outlive a change of the policy service's own rules
(a new recognizer version).

Write and output checks are never cached: every write is new text.
"""
from __future__ import annotations

import hashlib
import time
from typing import Callable

from ..lru import Lru

from .contract import ReadCheckRequest, ReadCheckResponse, ReadDecision, ReadItem

DEFAULT_TTL_S = 30.0
DEFAULT_SIZE = 20_000


class CachedReadChecks:
    """Wraps a policy client (same interface); `ttl_s` 0 turns the cache off."""

    def __init__(self, inner, ttl_s: float = DEFAULT_TTL_S, size: int = DEFAULT_SIZE,
                 clock: Callable[[], float] = time.monotonic):
        self.inner, self.ttl_s, self.size, self.clock = inner, ttl_s, size, clock
        self._kept: Lru[bytes, tuple[bool, str | None, tuple[str, ...]]] = Lru(size, ttl_s, clock)
        self.hits = self.misses = 0

    def __getattr__(self, name):  # check_write, check_output, ping, aclose ...: the inner client's
        return getattr(self.inner, name)

    @staticmethod
    def _key(context: bytes, item: ReadItem) -> bytes:
        h = hashlib.blake2b(context, digest_size=20)
        h.update(item.model_dump_json(exclude={"id"}).encode())
        return h.digest()

    async def check_read(self, request: ReadCheckRequest) -> ReadCheckResponse:
        if self.ttl_s <= 0 or not request.items:
            return await self.inner.check_read(request)
        context = f"{request.actor_role}\n{request.policy.model_dump_json()}\n".encode()
        keys = [self._key(context, item) for item in request.items]
        known = [self._kept.get(k) for k in keys]
        missing = [i for i, k in enumerate(known) if k is None]
        self.hits += len(keys) - len(missing)
        self.misses += len(missing)
        if missing:
            asked = ReadCheckRequest(actor_role=request.actor_role, policy=request.policy,
                                     items=[request.items[i] for i in missing])
            answer = await self.inner.check_read(asked)
            by_id = {d.id: d for d in answer.items}
            for i in missing:
                d = by_id[request.items[i].id]
                known[i] = (d.visible, d.text, tuple(d.reasons))
                self._kept.put(keys[i], known[i])
        decisions = [ReadDecision(id=item.id, visible=k[0], text=k[1], reasons=list(k[2]))
                     for item, k in zip(request.items, known)]
        # the service's rule for the order: visible safety rules first, in request order
        safety_first = [item.id for item, d in zip(request.items, decisions) if item.type == "safety" and d.visible]
        return ReadCheckResponse(items=decisions, safety_first=safety_first)
