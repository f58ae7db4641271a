"""Idempotency keys (a retried request answers as the first did): claim a key, read a replay, store
the answer. In the caller's transaction, scoped to its tenant (row-level security)."""
from __future__ import annotations

from typing import Any
from uuid import UUID

import asyncpg


async def claim(conn: asyncpg.Connection, user_id: UUID, key: str, body_hash: str) -> bool:
    """True when this request is the key's first (the key is now taken, its answer still empty)."""
    return bool(await conn.fetchval(
        """INSERT INTO idempotency_keys (tenant_id, user_id, key, request_hash, status_code, response)
           VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, 0, '{}'::jsonb)
           ON CONFLICT DO NOTHING RETURNING 1""",
        user_id, key, body_hash))


async def earlier(conn: asyncpg.Connection, user_id: UUID, key: str) -> asyncpg.Record:
    """The first request's body hash and answer under this key."""
    return await conn.fetchrow("SELECT request_hash, response FROM idempotency_keys WHERE user_id = $1 AND key = $2",
                               user_id, key)


async def answer(conn: asyncpg.Connection, user_id: UUID, key: str, status: int, response: dict[str, Any]) -> None:
    await conn.execute("UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE user_id = $1 AND key = $2",
                       user_id, key, status, response)
