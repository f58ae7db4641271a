"""Export and "forget me" for one user, and the verification that nothing remains."""
from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Query
from pydantic import BaseModel

from ..deps import Caller, Res
from ..errors import ApiError, error_responses
from ..forgetting import export_user, forget_user, residue

router = APIRouter(prefix="/v1/users", tags=["users"])


class ExportOut(BaseModel):
    format: str
    user_id: UUID
    memories: list[dict[str, Any]]
    history: list[dict[str, Any]]
    entities: list[dict[str, Any]]
    memory_entities: list[dict[str, Any]]
    entity_edges: list[dict[str, Any]]
    policy: dict[str, Any]


class ForgetOut(BaseModel):
    user_id: UUID
    deleted: dict[str, int]
    residue: dict[str, int]
    verified: bool


def _may_act_for(caller, user_id: UUID) -> None:
    if caller.user_id != user_id and caller.role not in ("parent", "admin"):
        raise ApiError(403, "forbidden", "only the user, a parent or an admin may do this")


async def _exists(res, caller, user_id: UUID) -> bool:
    async with res.db.as_caller(caller) as conn:
        return bool(await conn.fetchval("SELECT 1 FROM users WHERE user_id = $1", user_id))


@router.post("/{user_id}/export", response_model=ExportOut, responses=error_responses(401, 403, 404, 422),
             summary="A complete, machine-readable copy of what is known about a user")
async def export(user_id: UUID, res: Res, caller: Caller) -> ExportOut:
    _may_act_for(caller, user_id)
    if not await _exists(res, caller, user_id):
        raise ApiError(404, "not_found", "user not found")
    return ExportOut(**await export_user(res, caller, user_id))


@router.post("/{user_id}/forget", response_model=ForgetOut, responses=error_responses(401, 403, 422),
             summary="Forget a user everywhere; repeating it is harmless. Returns the verification.")
async def forget(user_id: UUID, res: Res, caller: Caller,
                 reason: Annotated[str | None, Query(max_length=500)] = None) -> ForgetOut:
    _may_act_for(caller, user_id)
    deleted = await forget_user(res, caller.tenant_id, user_id, caller.user_id, caller.role, reason)
    left = await residue(res, caller.tenant_id, user_id)
    return ForgetOut(user_id=user_id, deleted=deleted, residue=left, verified=not any(left.values()))


@router.get("/{user_id}/forget/verify", response_model=ForgetOut, responses=error_responses(401, 403, 422),
            summary="The verification job: what is left of a user in every store (all zeros after forget)")
async def verify(user_id: UUID, res: Res, caller: Caller) -> ForgetOut:
    if caller.role not in ("parent", "admin") and caller.user_id != user_id:
        raise ApiError(403, "forbidden", "only a parent or admin may verify")
    left = await residue(res, caller.tenant_id, user_id)
    return ForgetOut(user_id=user_id, deleted={}, residue=left, verified=not any(left.values()))
