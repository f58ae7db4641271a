"""Export, "forget me" (direct, or a child's request a parent approves) and its verification.

Who may forget whom: a user (adult) or a parent/admin forgets itself directly; besides itself, a
parent forgets the children and adult users of its household and an admin anyone of its tenant
(everything goes, the user row and tokens too) - the roles whose tokens it manages
(memcore.memory_types.MANAGES), so a parent never forgets a co-parent; a child's request to forget
itself waits for a parent (202, a pending row in forget_requests), and its approval keeps the
parent-set safety rules, the user row and its tokens. A forget that would leave the household
with children or adult users and no parent is refused (409, the database's household_keeps_a_parent
trigger, migration 0022). Another tenant's user is a 404.
"""
from __future__ import annotations

import uuid
from datetime import datetime
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from memcore.memory_types import MANAGES

from ..auth import Principal
from ..deps import Caller, Res, Resources
from ..errors import ApiError, error_responses
from ..forgetting import DependencyDown, export_user, forget_user, residue
from ..store import account_repo, forget_repo, household_repo
from ..store.household_repo import keeps_a_parent

router = APIRouter(prefix="/v1/users", tags=["users"])
RETRY_AFTER_S = 5
GUARDIANS = ("parent", "admin")


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
    mode: str  # full | child_request | none (verify of a user never forgotten)
    deleted: dict[str, int]
    cleared: dict[str, int] = {}
    pending: list[str] = []  # stores outside Postgres that could not be purged after the commit
    residue: dict[str, int]
    verified: bool


class ForgetRequestOut(BaseModel):
    request_id: UUID
    user_id: UUID
    status: str
    created_at: datetime
    decided_at: datetime | None = None
    decided_by: UUID | None = None


def _may_act_for(caller: Principal, user_id: UUID) -> None:
    if caller.user_id != user_id and caller.role not in GUARDIANS:
        raise ApiError(403, "forbidden", "only the user, a parent or an admin may do this")


async def _exists(res: Resources, caller: Principal, user_id: UUID) -> bool:
    async with res.db.as_caller(caller) as conn:
        return await account_repo.user_exists(conn, user_id)


async def _known(res: Resources, caller: Principal, user_id: UUID) -> bool:
    """The user is of the caller's tenant: it exists, or it was forgotten there (its tombstone)."""
    if await _exists(res, caller, user_id):
        return True
    async with res.db.as_system(caller.tenant_id) as conn:
        return await forget_repo.user_tombstoned(conn, user_id)


def _unavailable(exc: DependencyDown) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": "unavailable", "message": f"{exc.dependency} is unavailable, so nothing was forgotten "
                   f"(forgetting must reach every store); retry in {RETRY_AFTER_S} s",
                   "details": {"dependency": exc.dependency}}},
        status_code=503, headers={"Retry-After": str(RETRY_AFTER_S)})


@router.post("/{user_id}/export", response_model=ExportOut, responses=error_responses(401, 403, 404, 422),
             summary="A complete, machine-readable copy of what is known about a user")
async def export(user_id: UUID, res: Res, caller: Caller) -> ExportOut:
    _may_act_for(caller, user_id)
    if not await _exists(res, caller, user_id):
        raise ApiError(404, "not_found", "user not found")
    return ExportOut(**await export_user(res, caller, user_id))


class ExportLink(BaseModel):
    url: str = Field(description="Downloads the export (JSON, as POST .../export answers) until expires_at; "
                                 "anyone holding the link can read it, so hand it only to the person asking")
    expires_at: datetime
    bytes: int


@router.post("/{user_id}/export/link", response_model=ExportLink, responses=error_responses(401, 403, 404, 503),
             summary="The export as a file in blob storage, with a download link that expires (one per user: "
                     "a new export replaces the last)")
async def export_link(user_id: UUID, res: Res, caller: Caller) -> ExportLink:
    _may_act_for(caller, user_id)
    if not await _exists(res, caller, user_id):
        raise ApiError(404, "not_found", "user not found")
    if res.blob is None:
        raise ApiError(503, "unavailable", "blob storage is not configured (MEMORY_BLOB_CONNECTION_STRING or "
                                           "MEMORY_BLOB_ACCOUNT_URL); use POST .../export", {"dependency": "blob"})
    data = ExportOut(**await export_user(res, caller, user_id)).model_dump_json().encode()
    prefix = f"{caller.tenant_id}/{user_id}/exports/"
    await res.blob.delete_prefix(prefix)  # the last export is not kept past the next one
    name = f"{prefix}{uuid.uuid4()}.json"
    await res.blob.put(name, data, "application/json")
    url, expires = await res.blob.download_url(name, res.settings.export_link_ttl_s)
    return ExportLink(url=url, expires_at=expires, bytes=len(data))


async def _forget_and_verify(res: Resources, caller: Principal, user_id: UUID, reason: str | None, keep: bool = False,
                             request_id: UUID | None = None) -> ForgetOut | JSONResponse:
    try:
        receipt = await forget_user(res, caller.tenant_id, user_id, caller.user_id, caller.role, reason,
                                    keep_child_rules=keep, request_id=request_id)
        left, mode = await residue(res, caller.tenant_id, user_id)
    except DependencyDown as exc:
        return _unavailable(exc)
    return ForgetOut(user_id=user_id, mode=mode, deleted=receipt["deleted"], cleared=receipt["cleared"],
                     pending=receipt["pending"], residue=left,
                     verified=not any(left.values()) and not receipt["pending"])


@router.post("/{user_id}/forget", response_model=ForgetOut,
             responses={202: {"model": ForgetRequestOut, "description": "A child's request, pending a parent"},
                        **error_responses(401, 403, 404, 409, 422, 503)},
             summary="Forget a user everywhere (a child's own request waits for a parent); returns the "
                     "verification. Repeating it is harmless.")
async def forget(user_id: UUID, res: Res, caller: Caller,
                 reason: Annotated[str | None, Query(max_length=500, description=(
                     "a reason code (user_request, parent_request, admin_request, correction, privacy, "
                     "other); free text is not stored"))] = None) -> ForgetOut | JSONResponse:
    _may_act_for(caller, user_id)
    if not await _known(res, caller, user_id):
        raise ApiError(404, "not_found", "user not found")
    if caller.role == "child":
        return await _request(res, caller)
    if caller.user_id != user_id:
        async with res.db.as_caller(caller) as conn:
            role = await household_repo.role_of(conn, user_id)
        if role is not None and role not in MANAGES.get(caller.role, ()):
            raise ApiError(403, "forbidden", f"a {caller.role} may not forget a '{role}' completely, as it may not "
                                             "revoke its tokens; it forgets itself, or an admin does")
    with keeps_a_parent():
        return await _forget_and_verify(res, caller, user_id, reason)


async def _request(res: Resources, caller: Principal) -> JSONResponse:
    async with res.db.as_caller(caller) as conn:
        row = await forget_repo.open_request(conn, caller.user_id)  # one pending request per child
    out = ForgetRequestOut(**dict(row))
    return JSONResponse(out.model_dump(mode="json"), status_code=202)


@router.get("/{user_id}/forget-requests", response_model=list[ForgetRequestOut],
            responses=error_responses(401, 403, 404, 422),
            summary="A user's requests to be forgotten (the child itself, or a parent/admin)")
async def list_requests(user_id: UUID, res: Res, caller: Caller) -> list[ForgetRequestOut]:
    _may_act_for(caller, user_id)
    if not await _exists(res, caller, user_id):
        raise ApiError(404, "not_found", "user not found")
    async with res.db.as_caller(caller) as conn:
        rows = await forget_repo.requests_of(conn, user_id)
    return [ForgetRequestOut(**dict(r)) for r in rows]


async def _pending(res: Resources, caller: Principal, user_id: UUID, request_id: UUID) -> None:
    if caller.role not in GUARDIANS:
        raise ApiError(403, "forbidden", "only a parent or an admin may decide a forget request")
    async with res.db.as_caller(caller) as conn:
        status = await forget_repo.request_status(conn, request_id, user_id)
    if status is None:
        raise ApiError(404, "not_found", "forget request not found")
    if status != "pending":
        raise ApiError(409, "already_decided", f"this request was already {status}")


@router.post("/{user_id}/forget-requests/{request_id}/approve", response_model=ForgetOut,
             responses=error_responses(401, 403, 404, 409, 422, 503),
             summary="Approve a child's request: forget it, keeping parent-set safety rules, the user and tokens")
async def approve(user_id: UUID, request_id: UUID, res: Res, caller: Caller) -> ForgetOut | JSONResponse:
    await _pending(res, caller, user_id, request_id)
    return await _forget_and_verify(res, caller, user_id, "child_request", keep=True, request_id=request_id)


@router.post("/{user_id}/forget-requests/{request_id}/reject", response_model=ForgetRequestOut,
             responses=error_responses(401, 403, 404, 409, 422),
             summary="Reject a child's request to be forgotten; nothing is deleted")
async def reject(user_id: UUID, request_id: UUID, res: Res, caller: Caller) -> ForgetRequestOut:
    await _pending(res, caller, user_id, request_id)
    async with res.db.as_caller(caller) as conn:
        row = await forget_repo.reject_request(conn, request_id, caller.user_id)
    if row is None:
        raise ApiError(409, "already_decided", "this request was decided meanwhile")
    return ForgetRequestOut(**dict(row))


@router.get("/{user_id}/forget/verify", response_model=ForgetOut, responses=error_responses(401, 403, 404, 422, 503),
            summary="The verification: every registered store is searched for the user's id and the "
                    "fingerprints of its forgotten texts (all zeros after forget)")
async def verify(user_id: UUID, res: Res, caller: Caller) -> ForgetOut | JSONResponse:
    _may_act_for(caller, user_id)
    if not await _known(res, caller, user_id):
        raise ApiError(404, "not_found", "user not found")
    try:
        left, mode = await residue(res, caller.tenant_id, user_id)
    except DependencyDown as exc:
        return _unavailable(exc)
    return ForgetOut(user_id=user_id, mode=mode, deleted={}, residue=left,
                     verified=mode != "none" and not any(left.values()))
