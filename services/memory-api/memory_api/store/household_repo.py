"""The household's members, their age bands and the invariants the database keeps (migration 0022).

A member's age band is the `age_band` of its household policy (consent_settings.policy); a child
always has a child band (memcore.policy.age_bands.CHILD_BANDS). `users.age_band_defaulted_at` marks
a child that had none and was given the strictest (migration 0022) until a parent sets its band.

The trigger `household_keeps_a_parent` refuses, at commit, a change that leaves a household with
children or adult users and no parent (SQLSTATE MPAR1); `keeps_a_parent` turns that into a 409.
"""
from __future__ import annotations

from contextlib import contextmanager
from datetime import datetime
from typing import Iterator
from uuid import UUID

import asyncpg

from ..errors import ApiError

LAST_PARENT_SQLSTATE = "MPAR1"
LAST_PARENT = "the household's last parent stays a parent while others depend on it; make someone else a parent first"

MEMBER_COLUMNS = """u.user_id, u.display_name, u.role, u.created_at, c.policy->>'age_band' AS age_band,
                    u.age_band_defaulted_at"""
MEMBER_FROM = "users u LEFT JOIN consent_settings c ON c.tenant_id = u.tenant_id AND c.user_id = u.user_id"


@contextmanager
def keeps_a_parent() -> Iterator[None]:
    """Around a transaction that changes roles or removes users: the trigger's refusal -> 409."""
    try:
        yield
    except asyncpg.PostgresError as exc:
        if getattr(exc, "sqlstate", None) == LAST_PARENT_SQLSTATE:
            raise ApiError(409, "conflict", LAST_PARENT) from exc
        raise


async def list_members(conn: asyncpg.Connection, everyone: bool, caller_id: UUID, after: tuple[datetime, UUID] | None, limit: int) -> list[asyncpg.Record]:
    """Members oldest first after the cursor (everyone, or only the caller), one more than `limit`."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {MEMBER_COLUMNS} FROM {MEMBER_FROM}
            WHERE ($1 OR u.user_id = $2)
              AND ($3::timestamptz IS NULL OR (u.created_at, u.user_id) > ($3, $4))
            ORDER BY u.created_at, u.user_id LIMIT $5""",
        everyone, caller_id, after[0] if after else None, after[1] if after else None, limit + 1)
    return rows


async def member(conn: asyncpg.Connection, user_id: UUID) -> asyncpg.Record | None:
    return await conn.fetchrow(f"SELECT {MEMBER_COLUMNS} FROM {MEMBER_FROM} WHERE u.user_id = $1", user_id)


async def role_of(conn: asyncpg.Connection, user_id: UUID) -> str | None:
    found: str | None = await conn.fetchval("SELECT role FROM users WHERE user_id = $1", user_id)
    return found


async def role_for_update(conn: asyncpg.Connection, user_id: UUID) -> str | None:
    found: str | None = await conn.fetchval("SELECT role FROM users WHERE user_id = $1 FOR UPDATE", user_id)
    return found


async def parent_count(conn: asyncpg.Connection) -> int:
    found: int = await conn.fetchval("SELECT count(*) FROM users WHERE role = 'parent'")
    return found


async def stored_band(conn: asyncpg.Connection, user_id: UUID) -> str | None:
    found: str | None = await conn.fetchval("SELECT policy->>'age_band' FROM consent_settings WHERE user_id = $1", user_id)
    return found


async def change_member(conn: asyncpg.Connection, user_id: UUID, role: str | None, display_name: str | None) -> None:
    await conn.execute("UPDATE users SET role = COALESCE($2, role), display_name = COALESCE($3, display_name) "
                       "WHERE user_id = $1", user_id, role, display_name)


async def set_band(conn: asyncpg.Connection, user_id: UUID, band: str, by: UUID | None) -> None:
    """Sets the member's age band in its policy (the rest of the policy is kept) and clears the mark
    of a band given by migration 0022."""
    await conn.execute(
        """INSERT INTO consent_settings (tenant_id, user_id, policy, updated_by)
           VALUES (current_setting('app.tenant_id')::uuid, $1, jsonb_build_object('age_band', $2::text), $3)
           ON CONFLICT (tenant_id, user_id) DO UPDATE
           SET policy = consent_settings.policy || jsonb_build_object('age_band', $2::text),
               updated_by = EXCLUDED.updated_by, updated_at = now()""",
        user_id, band, by)
    await band_confirmed(conn, user_id)


async def band_confirmed(conn: asyncpg.Connection, user_id: UUID) -> None:
    """A parent set the band: the notice of a band given by migration 0022 goes."""
    await conn.execute("UPDATE users SET age_band_defaulted_at = NULL WHERE user_id = $1 "
                       "AND age_band_defaulted_at IS NOT NULL", user_id)


def band_notice(age_band: str | None, defaulted_at: datetime | None) -> str | None:
    """What a parent is told about a band the service chose (None when a parent or invitation set it)."""
    if defaulted_at is None:
        return None
    return (f"No age band was recorded for this child, so the strictest ({age_band}) was set on "
            f"{defaulted_at:%Y-%m-%d}; check it and set the right one (age_band in PATCH /v1/household/members/{{id}})")
