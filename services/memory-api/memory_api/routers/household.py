"""The household: who is in it (issue 13). Parents and admins see every member with their role and
age band (and, for a child given the strictest band by migration 0022, a notice until a parent sets
it); anyone else sees only themselves. A parent or admin changes a member's role (child, user,
parent), display name or age band; a child always has a child band, and the household keeps a parent
(the database's household_keeps_a_parent trigger, migration 0022, however requests race). New members come through invitations
(routers/invitations.py); tokens are managed at /v1/tokens (a parent issues, rotates and revokes its
children's and users' tokens there)."""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal
from uuid import UUID

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from memcore.memory_types import GUARDIAN_ROLES
from memcore.policy.age_bands import child_band_missing
from memcore.policy.contract import AgeBand

from ..cursors import decode_cursor, next_cursor
from ..deps import Caller, Res, require_role
from ..errors import ApiError, error_responses, not_found
from ..schemas import Strict
from ..store import audit_repo, household_repo
from ..store.household_repo import keeps_a_parent

router = APIRouter(prefix="/v1/household", tags=["household"])


class Member(BaseModel):
    user_id: UUID
    display_name: str
    role: str
    age_band: str | None = None
    age_band_notice: str | None = Field(None, description="Set when the service gave a child the strictest band "
                                                          "because none was recorded (migration 0022), until a "
                                                          "parent sets the band; shown to guardians")
    created_at: datetime

    @classmethod
    def of(cls, row, guardian: bool) -> "Member":
        r = dict(row)
        defaulted = r.pop("age_band_defaulted_at", None)
        notice = household_repo.band_notice(r["age_band"], defaulted) if guardian else None
        return cls(age_band_notice=notice, **r)


class MemberList(BaseModel):
    items: list[Member]
    next_cursor: str | None = None


@router.get("/members", response_model=MemberList, responses=error_responses(401, 422),
            summary="Members of the caller's household, oldest first (a non-guardian sees only itself)")
async def members(res: Res, caller: Caller, limit: Annotated[int, Query(ge=1, le=200)] = 50,
                  cursor: Annotated[str | None, Query(max_length=200)] = None) -> MemberList:
    after = decode_cursor(cursor) if cursor else None
    everyone = caller.role in GUARDIAN_ROLES
    async with res.db.as_caller(caller) as conn:
        rows = await household_repo.list_members(conn, everyone, caller.user_id, after, limit)
    return MemberList(items=[Member.of(r, everyone) for r in rows[:limit]],
                      next_cursor=next_cursor(rows, limit, "user_id"))


MEMBER_ROLES = ("child", "user", "parent")  # the roles a parent assigns; orchestrators and admins are provisioned


class MemberChange(Strict):
    role: Literal["child", "user", "parent"] | None = Field(None, description="The member's new role")
    display_name: str | None = Field(None, min_length=1, max_length=200)
    age_band: AgeBand | None = Field(None, description="The member's age band (its household policy's); a child "
                                                       "always has one of under_8, 8_12, 13_17, so making someone "
                                                       "a child needs one unless it has one already")


@router.patch("/members/{user_id}", response_model=Member, responses=error_responses(401, 403, 404, 409, 422),
              summary="Change a member's role (child, user, parent), display name or age band (parents and admins)")
async def change_member(user_id: UUID, body: MemberChange, res: Res, caller: Caller) -> Member:
    require_role(caller, ("parent", "admin"), "change household members")
    with keeps_a_parent():  # the database keeps a parent however requests race (migration 0022)
        async with res.db.as_caller(caller) as conn:
            role = await household_repo.role_for_update(conn, user_id)
            if role is None:
                raise not_found("member")
            if role not in MEMBER_ROLES:
                raise ApiError(403, "forbidden", f"a '{role}' account is provisioned, not a household member role")
            if body.role and body.role != role and role == "parent" and await household_repo.parent_count(conn) <= 1:
                raise ApiError(409, "conflict", household_repo.LAST_PARENT)
            why = child_band_missing(body.role or role, body.age_band or await household_repo.stored_band(conn, user_id))
            if why:
                raise ApiError(422, "invalid_request", why, {"field": "age_band"})
            changes = sorted(body.model_dump(exclude_none=True))
            if body.role or body.display_name:
                await household_repo.change_member(conn, user_id, body.role, body.display_name)
            if body.age_band:
                await household_repo.set_band(conn, user_id, body.age_band, caller.user_id)
            if changes:
                await audit_repo.audit(conn, caller.user_id, caller.role, "member.update", "user", str(user_id),
                                        details={"fields": changes, "old_role": role, "role": body.role,
                                                 "age_band": body.age_band})
            member = await household_repo.member(conn, user_id)
    if body.role:
        res.token_cache.clear()  # the new role applies at once on this replica (within a second elsewhere)
    return Member.of(member, True)
