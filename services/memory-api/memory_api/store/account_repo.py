"""Tenants, their users and each user's household policy (consent_settings).

Functions take a connection inside `Database.as_caller` or `as_system` (row-level security scopes
each statement to the transaction's tenant, `app.tenant_id`).
"""
from __future__ import annotations

from typing import Any
from uuid import UUID

import asyncpg


async def user_exists(conn: asyncpg.Connection, user_id: UUID) -> bool:
    """The user is of the transaction's tenant (and visible to the caller)."""
    return bool(await conn.fetchval("SELECT 1 FROM users WHERE user_id = $1", user_id))


async def add_user(conn: asyncpg.Connection, user_id: UUID, display_name: str, role: str) -> None:
    await conn.execute(
        "INSERT INTO users (tenant_id, user_id, display_name, role) VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3)",
        user_id, display_name, role)


async def create_tenant(conn: asyncpg.Connection, tenant_id: UUID, name: str, kind: str, opted_in: bool) -> None:
    """A new tenant; `opted_in` records the household's opt-in at sign-up (now)."""
    await conn.execute("INSERT INTO tenants (tenant_id, name, kind, opted_in_at) "
                       "VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END)", tenant_id, name, kind, opted_in)


async def tenant_exists(conn: asyncpg.Connection, tenant_id: UUID) -> bool:
    return bool(await conn.fetchval("SELECT 1 FROM tenants WHERE tenant_id = $1", tenant_id))


async def tenant_consent(conn: asyncpg.Connection) -> asyncpg.Record:
    """The transaction's tenant: its kind and who opted it in, when."""
    return await conn.fetchrow("SELECT kind, opted_in_at, opted_in_by FROM tenants "
                               "WHERE tenant_id = current_setting('app.tenant_id')::uuid")


async def set_opt_in(conn: asyncpg.Connection, opted_in: bool, by: UUID) -> None:
    """Opt the transaction's tenant in (the first opt-in's time and author stay) or out."""
    await conn.execute(
        """UPDATE tenants SET opted_in_at = CASE WHEN $1 THEN COALESCE(opted_in_at, now()) END,
                              opted_in_by = CASE WHEN $1 THEN COALESCE(opted_in_by, $2) END
           WHERE tenant_id = current_setting('app.tenant_id')::uuid""",
        opted_in, by)


async def policy_of(conn: asyncpg.Connection, user_id: UUID) -> dict[str, Any] | None:
    """The user's stored household policy (JSON), None when none was ever set."""
    found: dict[str, Any] | None = await conn.fetchval("SELECT policy FROM consent_settings WHERE user_id = $1", user_id)
    return found


async def set_policy(conn: asyncpg.Connection, user_id: UUID, policy: dict[str, Any], by: UUID | None) -> None:
    """Store (or replace) the user's household policy."""
    await conn.execute(
        """INSERT INTO consent_settings (tenant_id, user_id, policy, updated_by)
           VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3)
           ON CONFLICT (tenant_id, user_id) DO UPDATE SET policy = EXCLUDED.policy,
               updated_by = EXCLUDED.updated_by, updated_at = now()""",
        user_id, policy, by)


async def add_first_policy(conn: asyncpg.Connection, user_id: UUID, policy: dict[str, Any], by: UUID | None) -> None:
    """The first household policy of a user just created (fails if it has one)."""
    await conn.execute(
        "INSERT INTO consent_settings (tenant_id, user_id, policy, updated_by) "
        "VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3)",
        user_id, policy, by)
