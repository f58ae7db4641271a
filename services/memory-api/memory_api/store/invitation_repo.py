"""Household invitations (migration 0016): only the code's SHA-256 is stored; parents and admins
see them (row-level security), `invitation_tenant()` finds an open code's tenant without one."""
from __future__ import annotations

from datetime import datetime
from uuid import UUID

import asyncpg

COLUMNS = ("invitation_id, role, display_name, age_band, created_by, created_at, expires_at, accepted_at, user_id, "
           "revoked_at")


async def create(conn: asyncpg.Connection, invitation_id: UUID, code_hash: bytes, role: str, display_name: str,
                 age_band: str | None, created_by: UUID, ttl_s: int) -> asyncpg.Record:
    return await conn.fetchrow(
        f"""INSERT INTO household_invitations (tenant_id, invitation_id, code_hash, role, display_name, age_band,
                                               created_by, expires_at)
            VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, $5, $6,
                    now() + make_interval(secs => $7::double precision))
            RETURNING {COLUMNS}""",
        invitation_id, code_hash, role, display_name, age_band, created_by, ttl_s)


async def page(conn: asyncpg.Connection, status: str | None, after: tuple[datetime | None, UUID | None],
               limit: int) -> list[asyncpg.Record]:
    """Invitations newest first after the cursor, optionally in one status, one more than `limit`."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {COLUMNS} FROM household_invitations
            WHERE ($1::text IS NULL OR $1 = CASE WHEN accepted_at IS NOT NULL THEN 'accepted'
                                                 WHEN revoked_at IS NOT NULL THEN 'revoked'
                                                 WHEN expires_at <= now() THEN 'expired' ELSE 'pending' END)
              AND ($2::timestamptz IS NULL OR (created_at, invitation_id) < ($2, $3::uuid))
            ORDER BY created_at DESC, invitation_id DESC LIMIT $4""",
        status, after[0], after[1], limit + 1)
    return rows


async def get_for_update(conn: asyncpg.Connection, invitation_id: UUID) -> asyncpg.Record | None:
    return await conn.fetchrow(f"SELECT {COLUMNS} FROM household_invitations WHERE invitation_id = $1 FOR UPDATE",
                               invitation_id)


async def revoke(conn: asyncpg.Connection, invitation_id: UUID, by: UUID) -> asyncpg.Record:
    return await conn.fetchrow(
        f"UPDATE household_invitations SET revoked_at = now(), revoked_by = $2 WHERE invitation_id = $1 "
        f"RETURNING {COLUMNS}", invitation_id, by)


async def tenant_of_code(conn: asyncpg.Connection, code_hash: bytes) -> UUID | None:
    """The tenant of an open invitation with this code (any tenant), None when there is none."""
    found: UUID | None = await conn.fetchval("SELECT invitation_tenant($1)", code_hash)
    return found


async def open_for_update(conn: asyncpg.Connection, code_hash: bytes) -> asyncpg.Record | None:
    """The open (not accepted, revoked or expired) invitation with this code, locked."""
    return await conn.fetchrow(
        f"""SELECT {COLUMNS} FROM household_invitations WHERE code_hash = $1 AND accepted_at IS NULL
              AND revoked_at IS NULL AND expires_at > now() FOR UPDATE""", code_hash)


async def mark_accepted(conn: asyncpg.Connection, invitation_id: UUID, user_id: UUID) -> None:
    await conn.execute("UPDATE household_invitations SET accepted_at = now(), user_id = $2 WHERE invitation_id = $1",
                       invitation_id, user_id)
