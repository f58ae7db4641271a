"""Bearer tokens -> (tenant, user, role). Tokens are random; only their SHA-256 is stored."""
from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from uuid import UUID

from memcore.adapters.postgres import Database


@dataclass(frozen=True)
class Principal:
    tenant_id: UUID
    user_id: UUID
    role: str


def new_token() -> str:
    return "mem_" + secrets.token_urlsafe(32)


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


class TokenCache:
    """Remembers verified tokens for a few seconds (saves a round trip per request)."""

    def __init__(self, ttl_s: float = 10.0, max_size: int = 10_000):
        self.ttl_s, self.max_size = ttl_s, max_size
        self._entries: dict[bytes, tuple[float, Principal | None]] = {}

    def get(self, key: bytes) -> tuple[bool, Principal | None]:
        hit = self._entries.get(key)
        if hit and hit[0] > time.monotonic():
            return True, hit[1]
        return False, None

    def put(self, key: bytes, value: Principal | None) -> None:
        if len(self._entries) >= self.max_size:
            self._entries.clear()
        self._entries[key] = (time.monotonic() + self.ttl_s, value)

    def clear(self) -> None:
        self._entries.clear()


async def authenticate(db: Database, cache: TokenCache, token: str) -> Principal | None:
    key = token_hash(token)
    found, principal = cache.get(key)
    if found:
        return principal
    async with db.raw() as conn:
        row = await conn.fetchrow("SELECT tenant_id, user_id, role FROM auth_token($1)", key)
    principal = Principal(row["tenant_id"], row["user_id"], row["role"]) if row else None
    cache.put(key, principal)
    return principal
