"""SQL for the policy a write or read applies: a user's household policy and its household's opt-in."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

import asyncpg


@dataclass(frozen=True)
class StoredPolicy:
    policy: dict[str, Any] | None  # consent_settings.policy (None: no row, the defaults apply)
    opted_in: bool  # an organisation needs no opt-in; a household one with opted_in_at set


async def stored_policy(conn: asyncpg.Connection, tenant_id: UUID, owner_id: UUID) -> StoredPolicy:
    row = await conn.fetchrow(
        """SELECT (SELECT policy FROM consent_settings WHERE user_id = $1) AS policy,
                  (SELECT kind <> 'household' OR opted_in_at IS NOT NULL FROM tenants WHERE tenant_id = $2) AS opted_in""",
        owner_id, tenant_id)
    # No tenant row cannot happen under row-level security with app.tenant_id set; as before, only
    # an explicit "not opted in" closes (the gate's default, when no loader set it, is closed too).
    return StoredPolicy(policy=row["policy"], opted_in=row["opted_in"] is not False)


async def child_audience(conn: asyncpg.Connection, owner_id: UUID) -> bool:
    """Whether what is read of `owner_id`'s memory reaches a child (the database's app_child_audience)."""
    return bool(await conn.fetchval("SELECT app_child_audience($1)", owner_id))
