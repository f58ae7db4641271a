"""When a household policy changes, existing memories follow it: those it now excludes (memory
off, a category off, a do-not-learn topic) get the `consent_hidden` flag, those it allows again
lose it. Row-level security hides flagged memories from everyone but parents, admins and the
system (migration 0009), so every read route follows the new policy at once."""
from __future__ import annotations

from uuid import UUID

import asyncpg

from memcore.policy.consent import consent_flags
from memcore.policy.contract import HouseholdPolicy

from .store import memory_list_repo


async def mark_consent(conn: asyncpg.Connection, owner_id: UUID, policy: HouseholdPolicy) -> int:
    """Re-flags the owner's memories under `policy` on `conn` (a guardian's or the system's
    transaction, which sees flagged rows); returns how many changed."""
    rows = await memory_list_repo.consent_flagged_rows(conn, owner_id)
    changes = []
    for r in rows:
        flags = consent_flags(list(r["safety_flags"]), r["type"], r["text"], policy)
        if set(flags) != set(r["safety_flags"]):
            changes.append((r["memory_id"], flags))
    if changes:
        await memory_list_repo.set_safety_flags(conn, changes)
    return len(changes)
