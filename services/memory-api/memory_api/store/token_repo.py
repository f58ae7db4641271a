"""API tokens: only their SHA-256 is stored (migration 0005 and later); `auth_token()` resolves a
hash to its principal across tenants (a SECURITY DEFINER function), the rest runs under
row-level security (a child or user sees its own tokens only)."""
from __future__ import annotations

from datetime import datetime
from uuid import UUID

import asyncpg

COLUMNS = "token_id, user_id, label, created_at, created_by, expires_at, rotated_at, revoked_at"


async def principal_of(conn: asyncpg.Connection, key: bytes) -> asyncpg.Record | None:
    """(tenant_id, user_id, role) of a live token given by its hash, None if unknown, expired or revoked."""
    return await conn.fetchrow("SELECT tenant_id, user_id, role FROM auth_token($1)", key)


async def insert(conn: asyncpg.Connection, key: bytes, user_id: UUID, label: str | None, ttl_s: int | None,
                 created_by: UUID | None) -> asyncpg.Record:
    """A new token of `user_id` in the transaction's tenant; its row."""
    return await conn.fetchrow(
        f"""INSERT INTO api_tokens (tenant_id, token_hash, user_id, label, expires_at, created_by)
            VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3,
                    now() + make_interval(secs => $4::double precision), $5)
            RETURNING {COLUMNS}""",
        key, user_id, label, ttl_s, created_by)


async def get_for_update(conn: asyncpg.Connection, token_id: UUID) -> asyncpg.Record | None:
    return await conn.fetchrow(f"SELECT {COLUMNS} FROM api_tokens WHERE token_id = $1 FOR UPDATE", token_id)


async def page(conn: asyncpg.Connection, user_id: UUID | None, after: tuple[datetime | None, UUID | None],
               limit: int) -> list[asyncpg.Record]:
    """Tokens newest first after the cursor (of one user, or all the caller sees), one more than `limit`."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {COLUMNS} FROM api_tokens
            WHERE ($1::uuid IS NULL OR user_id = $1)
              AND ($2::timestamptz IS NULL OR (created_at, token_id) < ($2, $3::uuid))
            ORDER BY created_at DESC, token_id DESC LIMIT $4""",
        user_id, after[0], after[1], limit + 1)
    return rows


async def rotate(conn: asyncpg.Connection, token_id: UUID, key: bytes, by: UUID, ttl_s: int | None) -> asyncpg.Record:
    """A new secret (its hash); the expiry restarts with the given ttl or the token's own lifetime."""
    return await conn.fetchrow(
        f"""UPDATE api_tokens SET token_hash = $2, rotated_at = now(), rotated_by = $3,
                expires_at = CASE WHEN $4::double precision IS NOT NULL THEN now() + make_interval(secs => $4)
                                  WHEN expires_at IS NULL THEN NULL
                                  ELSE now() + (expires_at - COALESCE(rotated_at, created_at)) END
            WHERE token_id = $1 RETURNING {COLUMNS}""",
        token_id, key, by, ttl_s)


async def revoke(conn: asyncpg.Connection, token_id: UUID, by: UUID) -> asyncpg.Record:
    return await conn.fetchrow(
        f"UPDATE api_tokens SET revoked_at = now(), revoked_by = $2 WHERE token_id = $1 RETURNING {COLUMNS}",
        token_id, by)
