"""The household policy a request applies, as both paths read it (write gate, read gate).

The one place that sets `HouseholdPolicy.household_opted_in`, from the tenant row: a policy built
anywhere else is closed (not opted in) unless its constructor says otherwise."""
from __future__ import annotations

from typing import Any
from uuid import UUID

from memcore.policy.contract import HouseholdPolicy

from .store import policy_repo


async def load_policy(res: Any, tenant_id: UUID, owner_id: UUID, conn: Any = None) -> HouseholdPolicy:
    """The household policy of `owner_id`, with whether its household has opted in to memory; read
    on `conn` when the caller has a transaction open."""
    if conn is None:
        async with res.db.as_system(tenant_id) as own:
            return await load_policy(res, tenant_id, owner_id, own)
    stored = await policy_repo.stored_policy(conn, tenant_id, owner_id)
    return HouseholdPolicy.model_validate({**(stored.policy or {}), "household_opted_in": stored.opted_in})
