"""Browser sessions of the parent portal: a bearer token exchanged for an HTTP-only cookie.

A session is a random id in an HTTP-only, SameSite=Strict cookie. Redis keeps, under the SHA-256 of
that id, the SHA-256 of the token it was opened with and the session's CSRF secret, nothing else (no
user id, no content). Every request made with the cookie authenticates the stored token hash exactly
as a bearer token is authenticated, so a revoked, rotated or expired token ends its sessions within
the token cache's second. A request that changes something with the cookie must also send the CSRF
secret in the `X-CSRF-Token` header: another site can make the browser send the cookie, but it
cannot read the secret (it comes from `GET /portal/session`, which the same-origin policy hides).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from redis.asyncio import Redis

COOKIE_NAME = "mem_portal"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
KEY_PREFIX = "portal:sess:"


def _key(session_id: str) -> str:
    return KEY_PREFIX + hashlib.sha256(session_id.encode()).hexdigest()


def csrf_matches(expected: str, sent: str | None) -> bool:
    """Constant-time comparison of the session's CSRF secret with the header a request sent."""
    return sent is not None and sent != "" and hmac.compare_digest(expected.encode(), sent.encode())


async def open_session(redis: Redis, token_hash: bytes, ttl_s: int) -> tuple[str, str]:
    """Store a new session for a verified token: (the cookie value, its CSRF secret)."""
    session_id, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    await redis.set(_key(session_id), json.dumps({"t": token_hash.hex(), "csrf": csrf}), ex=ttl_s)
    return session_id, csrf


async def load_session(redis: Redis, session_id: str) -> tuple[bytes, str] | None:
    """(token hash, CSRF secret) of a live session, or None."""
    if not session_id or len(session_id) > 100:
        return None
    raw = await redis.get(_key(session_id))
    if raw is None:
        return None
    data = json.loads(raw)
    return bytes.fromhex(data["t"]), data["csrf"]


async def close_session(redis: Redis, session_id: str) -> None:
    await redis.delete(_key(session_id))
