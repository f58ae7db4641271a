"""Bearer tokens -> (tenant, user, role). Tokens are random; only their SHA-256 is stored."""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import asyncpg

from memcore.adapters.postgres import Database
from memcore.lru import Lru
from memcore.policy.contract import ActorRole

from .store import token_repo


@dataclass(frozen=True)
class Principal:
    tenant_id: UUID
    user_id: UUID
    role: ActorRole  # one of the roles the database allows a user (users.role)
    # A read for a context (retrieve, contextify): (project, session) it is for; the read gate then
    # hides other projects' and other sessions' memories (migration 0018). None: not such a read.
    reading: tuple[str | None, str | None] | None = None


def new_token() -> str:
    return "mem_" + secrets.token_urlsafe(32)


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


# How long a verified (or refused) token is remembered in-process. A revoked, rotated or expired token
# stops working within this time on every replica; the replica that revokes clears its cache at once.
TOKEN_CACHE_TTL_S = 1.0


class TokenCache:
    """Remembers verified tokens (and unknown ones) for up to a second: saves a round trip per request
    in a burst."""

    def __init__(self, ttl_s: float = TOKEN_CACHE_TTL_S, max_size: int = 10_000):
        self.ttl_s, self.max_size = ttl_s, max_size
        self._entries: Lru[bytes, tuple[Principal | None]] = Lru(max_size, ttl_s)

    def get(self, key: bytes) -> tuple[bool, Principal | None]:
        hit = self._entries.get(key)
        return (True, hit[0]) if hit is not None else (False, None)

    def put(self, key: bytes, value: Principal | None) -> None:
        self._entries.put(key, (value,))

    def clear(self) -> None:
        self._entries.clear()


async def authenticate(db: Database, cache: TokenCache, token: str) -> Principal | None:
    return await authenticate_hash(db, cache, token_hash(token))


async def authenticate_hash(db: Database, cache: TokenCache, key: bytes) -> Principal | None:
    """The principal of a token given by its SHA-256 (a portal session keeps only that)."""
    found, principal = cache.get(key)
    if found:
        return principal
    async with db.raw() as conn:
        row = await token_repo.principal_of(conn, key)
    principal = Principal(row["tenant_id"], row["user_id"], row["role"]) if row else None
    cache.put(key, principal)
    return principal


MAX_TOKEN_TTL_S = 365 * 24 * 3600  # the longest lifetime a token may be given
DEFAULT_TOKEN_TTL_S = 30 * 24 * 3600  # POST /v1/tokens without ttl_seconds


async def insert_token(conn: asyncpg.Connection, user_id: UUID, label: str | None, ttl_s: int | None,
                       created_by: UUID | None) -> tuple[str, dict[str, Any]]:
    """Store a new token of `user_id` in the transaction's tenant: (the secret, shown once; its row)."""
    secret = new_token()
    row = await token_repo.insert(conn, token_hash(secret), user_id, label, ttl_s, created_by)
    return secret, dict(row)
