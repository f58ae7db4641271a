"""SQL for the record of what was done: the audit log and the tombstones of erasures (ids, reason
codes and fingerprints, never content).

Each function takes a connection already inside `Database.tenant_tx`, so row-level security scopes
every statement."""
from __future__ import annotations

from typing import Any, Sequence
from uuid import UUID

import asyncpg

from memcore.personal_data import reason_code


async def audit(conn: asyncpg.Connection, actor_id: UUID | None, actor_role: str | None, action: str,
                target_type: str, target_id: str | None, reason: str | None = None,
                old_version: int | None = None, new_version: int | None = None, details: dict[str, Any] | None = None) -> None:
    """Appends to the audit log. `reason` is stored as a code from a fixed set
    (memcore.personal_data.REASON_CODES): a caller's free text never reaches the log, as it may
    quote what is being forgotten. `details` must hold ids, counts and codes only."""
    await conn.execute(
        """INSERT INTO audit_log (tenant_id, actor_id, actor_role, action, reason, target_type, target_id,
                                  old_version, new_version, details)
           VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, $5, $6, $7, $8, $9)""",
        actor_id, actor_role, action, reason_code(reason), target_type, target_id, old_version, new_version,
        details or {},
    )


async def tombstone(conn: asyncpg.Connection, target_type: str, target_id: str, deleted_by: UUID | None,
                    reason: str | None = None, fingerprints: Sequence[bytes] = ()) -> None:
    """Records an erasure: ids, a reason code and fingerprints (hashes of the erased texts' word
    n-grams, for the verification), never the caller's free text nor the content."""
    await conn.execute(
        """INSERT INTO tombstones (tenant_id, tombstone_id, target_type, target_id, deleted_by, reason, fingerprints)
           VALUES (current_setting('app.tenant_id')::uuid, gen_random_uuid(), $1, $2, $3, $4, $5::bytea[])""",
        target_type, str(target_id), deleted_by, reason_code(reason), sorted(fingerprints),
    )
