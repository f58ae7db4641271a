"""The read gate's second filter: the policy read check, the one both read paths call.

What a caller may read is decided twice. Row-level security decides which rows a query sees at
all (docs/read-gate.md lists the policies in force, generated from pg_policies). This module is
the second check, on the memories a read path has ranked: the policy service, given the owner's
household policy and the role the output reaches, hides what that audience may not see (a child
never sees restricted, parent-only, profane or age-sensitive memories) and redacts the rest.
`retrieve` (read_pipeline.py) and `contextify` (contextify.py) both call `check`.

When the policy service cannot answer, the read degrades instead of failing: only the owner's
parent-approved safety rules are shown (`safety_only`), and the answer says it is degraded.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence
from uuid import UUID

from memcore.policy.client import PolicyUnavailable
from memcore.policy.contract import HouseholdPolicy, MemoryType, ReadCheckRequest, ReadItem

from . import timing
from .policy_loading import load_policy
from .store import policy_repo

Row = Mapping[str, Any]  # a memory row as store/memory_repo.COLUMNS reads it


@dataclass(frozen=True)
class Audience:
    """What the policy read check needs besides the memories: the owner's household policy and
    the role the output reaches (audience_role)."""

    policy: HouseholdPolicy
    role: str


@dataclass(frozen=True)
class ReadVerdict:
    visible: dict[UUID, str]  # memory id -> the text the audience may see (redacted)
    degraded: bool  # the policy service did not answer: safety rules only


async def audience_role(conn: Any, principal: Any, owner_id: UUID) -> str:
    """Whom the output reaches: an orchestrator reading a child's memory speaks to that child, so
    the policy's read rules for a child apply (the database's own rule, app_child_audience)."""
    if principal.role == "orchestrator" and await policy_repo.child_audience(conn, owner_id):
        return "child"
    return str(principal.role)


async def read_audience(res: Any, principal: Any, owner_id: UUID, conn: Any) -> Audience:
    """Read in the caller's transaction. It needs no query vector, so read paths ask for it while
    the query is being embedded, and the read check itself is one call to the policy service."""
    with timing.stage("policy_load"):
        return Audience(await load_policy(res, principal.tenant_id, owner_id, conn),
                        await audience_role(conn, principal, owner_id))


def safety_only(rows: Sequence[Row]) -> dict[UUID, str]:
    """Degraded read (policy unreachable): only parent-approved safety memories."""
    return {r["id"]: r["text"] for r in rows if r["type"] == "safety" and r["source"] == "parent"}


async def visible_texts(res: Any, principal: Any, owner_id: UUID, rows: Sequence[Row], conn: Any = None,
                        audience: Audience | None = None) -> dict[UUID, str]:
    """The policy read check of `rows` (raises PolicyUnavailable); `conn`: the caller's open
    transaction, if any; `audience`: read_audience's answer, if already read in that transaction."""
    if not rows:
        return {}
    if conn is None:
        async with res.db.as_caller(principal) as own:
            return await visible_texts(res, principal, owner_id, rows, own)
    audience = audience or await read_audience(res, principal, owner_id, conn)
    resp = await res.policy.check_read(ReadCheckRequest(
        actor_role=audience.role, policy=audience.policy,  # type: ignore[arg-type]  # a role of the principal
        items=[ReadItem(id=str(r["id"]), text=r["text"], type=_memory_type(r["type"]), source=r["source"],
                        pii_types=list(r["pii_types"]), safety_flags=list(r["safety_flags"]))
               for r in rows]))
    return {UUID(d.id): d.text for d in resp.items if d.visible and d.text is not None}


async def check(res: Any, principal: Any, owner_id: UUID, rows: Sequence[Row], conn: Any = None,
                audience: Audience | None = None) -> ReadVerdict:
    """The read check of `rows`, degraded to the safety rules when the policy service is away."""
    try:
        return ReadVerdict(await visible_texts(res, principal, owner_id, rows, conn, audience), degraded=False)
    except PolicyUnavailable:
        return ReadVerdict(safety_only(rows), degraded=True)


def _memory_type(value: str) -> MemoryType:
    return value  # type: ignore[return-value]  # stored types are checked by the table's constraint
