"""Household invitations (issue 13): a parent invites a new member with a one-time code.

A parent (or admin) creates an invitation for a child, an adult user or another parent, with a
display name and an age band; the answer carries the code once (only its SHA-256 is stored) and its
expiry. Whoever holds the code accepts it without a bearer token (the code is the credential):
the member is created in the household, with the age band as its household policy, and its first
token is returned once. A code works once; an accepted, revoked or expired code, like an unknown
one, is 404. Parents list and revoke invitations; no one else sees them (row-level security,
migration 0016). Every step is audited (ids and codes only).
"""
from __future__ import annotations

import hashlib
import secrets
import uuid
from datetime import datetime, timezone
from typing import Annotated, Literal
from uuid import UUID

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field, model_validator

from memcore.policy.contract import AgeBand, HouseholdPolicy

from ..auth import DEFAULT_TOKEN_TTL_S, insert_token
from ..cursors import decode_cursor, encode_cursor
from ..deps import Caller, Res, require_role
from ..errors import ApiError, error_responses, not_found
from ..schemas import Strict
from ..store import account_repo, audit_repo, invitation_repo

router = APIRouter(prefix="/v1/household/invitations", tags=["household"])
INVITERS = ("parent", "admin")
DEFAULT_TTL_S = 7 * 24 * 3600
MAX_TTL_S = 30 * 24 * 3600


def invitation_code() -> str:
    return "inv_" + secrets.token_urlsafe(24)


def code_hash(code: str) -> bytes:
    return hashlib.sha256(code.encode()).digest()


class InvitationRequest(Strict):
    display_name: str = Field(min_length=1, max_length=200, description="How the household calls the new member")
    role: Literal["child", "user", "parent"]
    age_band: AgeBand | None = Field(None, description="Required for a child (not 'adult'); the member's household "
                                                       "policy starts with it")
    ttl_seconds: int = Field(DEFAULT_TTL_S, ge=300, le=MAX_TTL_S,
                             description=f"How long the code works, 300 to {MAX_TTL_S} s (30 days); default 7 days")

    @model_validator(mode="after")
    def _child_has_age_band(self):
        if self.role == "child" and self.age_band in (None, "adult"):
            raise ValueError("a child's invitation needs its age band (under_8, 8_12 or 13_17)")
        return self


class InvitationOut(BaseModel):
    id: UUID
    role: str
    display_name: str
    age_band: str | None = None
    status: Literal["pending", "accepted", "expired", "revoked"]
    created_by: UUID | None = None
    created_at: datetime
    expires_at: datetime
    accepted_at: datetime | None = None
    user_id: UUID | None = Field(None, description="The member who accepted it")
    revoked_at: datetime | None = None

    @classmethod
    def of(cls, row) -> "InvitationOut":
        r = dict(row)
        status = "accepted" if r["accepted_at"] else "revoked" if r["revoked_at"] else \
            "expired" if r["expires_at"] <= datetime.now(timezone.utc) else "pending"
        return cls(id=r.pop("invitation_id"), status=status, **r)


class IssuedInvitation(InvitationOut):
    code: str = Field(description="The one-time code: shown once, only its hash is stored")


class InvitationList(BaseModel):
    items: list[InvitationOut]
    next_cursor: str | None = None


class Acceptance(Strict):
    code: str = Field(min_length=8, max_length=200, description="The invitation code")


class NewMember(BaseModel):
    tenant_id: UUID
    user_id: UUID
    display_name: str
    role: str
    age_band: str | None = None
    token: str = Field(description="The member's first token: shown once, only its hash is stored")
    token_id: UUID = Field(description="Its id in /v1/tokens (list, rotate, revoke)")
    token_expires_at: datetime | None = None


@router.post("", response_model=IssuedInvitation, status_code=201, responses=error_responses(401, 403, 422),
             summary="Invite a new member (child, user or parent); the one-time code is shown once")
async def invite(body: InvitationRequest, res: Res, caller: Caller) -> IssuedInvitation:
    require_role(caller, INVITERS, "invite members")
    code = invitation_code()
    async with res.db.as_caller(caller) as conn:
        row = await invitation_repo.create(conn, uuid.uuid4(), code_hash(code), body.role, body.display_name,
                                           body.age_band, caller.user_id, body.ttl_seconds)
        await audit_repo.audit(conn, caller.user_id, caller.role, "invitation.create", "invitation",
                                str(row["invitation_id"]), details={"role": body.role, "ttl_seconds": body.ttl_seconds})
    return IssuedInvitation(code=code, **InvitationOut.of(row).model_dump())


@router.get("", response_model=InvitationList, responses=error_responses(401, 403, 422),
            summary="The household's invitations, newest first (never their codes)")
async def list_invitations(res: Res, caller: Caller,
                           status: Literal["pending", "accepted", "expired", "revoked"] | None = None,
                           limit: Annotated[int, Query(ge=1, le=200)] = 50,
                           cursor: Annotated[str | None, Query(max_length=200)] = None) -> InvitationList:
    require_role(caller, INVITERS, "see invitations")
    after = decode_cursor(cursor) if cursor else (None, None)
    async with res.db.as_caller(caller) as conn:
        rows = await invitation_repo.page(conn, status, after, limit)
    more = len(rows) > limit
    rows = rows[:limit]
    return InvitationList(items=[InvitationOut.of(r) for r in rows],
                          next_cursor=encode_cursor(rows[-1]["created_at"], rows[-1]["invitation_id"]) if more else None)


@router.delete("/{invitation_id}", response_model=InvitationOut, responses=error_responses(401, 403, 404, 409, 422),
               summary="Revoke a pending invitation: its code stops working (revoking twice is harmless)")
async def revoke_invitation(invitation_id: UUID, res: Res, caller: Caller) -> InvitationOut:
    require_role(caller, INVITERS, "revoke invitations")
    async with res.db.as_caller(caller) as conn:
        row = await invitation_repo.get_for_update(conn, invitation_id)
        if row is None:
            raise not_found("invitation")
        if row["accepted_at"] is not None:
            raise ApiError(409, "conflict", "the invitation was accepted already; manage the member and its tokens")
        if row["revoked_at"] is None:
            row = await invitation_repo.revoke(conn, invitation_id, caller.user_id)
            await audit_repo.audit(conn, caller.user_id, caller.role, "invitation.revoke", "invitation",
                                    str(invitation_id))
    return InvitationOut.of(row)


@router.post("/accept", response_model=NewMember, status_code=201, responses=error_responses(404, 422),
             summary="Accept an invitation with its code (no bearer token): creates the member and returns its "
                     "first token, once")
async def accept(body: Acceptance, res: Res) -> NewMember:
    digest = code_hash(body.code)
    async with res.db.raw() as conn:
        tenant_id = await invitation_repo.tenant_of_code(conn, digest)
    if tenant_id is None:
        raise ApiError(404, "not_found", "no open invitation has this code (unknown, used, revoked or expired)")
    async with res.db.as_system(tenant_id) as conn:
        inv = await invitation_repo.open_for_update(conn, digest)
        if inv is None:  # accepted or revoked meanwhile
            raise ApiError(404, "not_found", "no open invitation has this code (unknown, used, revoked or expired)")
        user_id = uuid.uuid4()
        await account_repo.add_user(conn, user_id, inv["display_name"], inv["role"])
        if inv["age_band"]:
            await account_repo.add_first_policy(conn, user_id, HouseholdPolicy(age_band=inv["age_band"]).model_dump(mode="json"),
                                                inv["created_by"])
        token, tok = await insert_token(conn, user_id, "invitation", DEFAULT_TOKEN_TTL_S, inv["created_by"])
        await invitation_repo.mark_accepted(conn, inv["invitation_id"], user_id)
        await audit_repo.audit(conn, user_id, inv["role"], "invitation.accept", "invitation",
                                str(inv["invitation_id"]), details={"role": inv["role"]})
    return NewMember(tenant_id=tenant_id, user_id=user_id, display_name=inv["display_name"], role=inv["role"],
                     age_band=inv["age_band"], token=token, token_id=tok["token_id"], token_expires_at=tok["expires_at"])
