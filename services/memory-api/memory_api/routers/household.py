"""The household: who is in it (issue 13). Parents and admins see every member with their role and
age band; anyone else sees only themselves. A parent or admin changes a member's role (child, user,
parent) or display name; the household always keeps a parent. New members come through invitations
(routers/invitations.py); tokens are managed at /v1/tokens (a parent issues, rotates and revokes its
children's and users' tokens there)."""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal
from uuid import UUID

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from memcore.memory_types import GUARDIAN_ROLES

from ..cursors import decode_cursor, next_cursor
from ..deps import Caller, Res, require_role
from ..errors import ApiError, error_responses, not_found
from ..schemas import Strict
from ..store import memory_repo

router = APIRouter(prefix="/v1/household", tags=["household"])


class Member(BaseModel):
    user_id: UUID
    display_name: str
    role: str
    age_band: str | None = None
    created_at: datetime


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
        rows = await conn.fetch(
            """SELECT u.user_id, u.display_name, u.role, u.created_at, c.policy->>'age_band' AS age_band
               FROM users u LEFT JOIN consent_settings c ON c.tenant_id = u.tenant_id AND c.user_id = u.user_id
               WHERE ($1 OR u.user_id = $2)
                 AND ($3::timestamptz IS NULL OR (u.created_at, u.user_id) > ($3, $4))
               ORDER BY u.created_at, u.user_id LIMIT $5""",
            everyone, caller.user_id, after[0] if after else None, after[1] if after else None, limit + 1)
    return MemberList(items=[Member(**dict(r)) for r in rows[:limit]], next_cursor=next_cursor(rows, limit, "user_id"))


MEMBER_ROLES = ("child", "user", "parent")  # the roles a parent assigns; orchestrators and admins are provisioned


class MemberChange(Strict):
    role: Literal["child", "user", "parent"] | None = Field(None, description="The member's new role")
    display_name: str | None = Field(None, min_length=1, max_length=200)


MEMBER_SQL = """SELECT u.user_id, u.display_name, u.role, u.created_at, c.policy->>'age_band' AS age_band
                FROM users u LEFT JOIN consent_settings c ON c.tenant_id = u.tenant_id AND c.user_id = u.user_id
                WHERE u.user_id = $1"""


@router.patch("/members/{user_id}", response_model=Member, responses=error_responses(401, 403, 404, 409, 422),
              summary="Change a member's role (child, user, parent) or display name (parents and admins)")
async def change_member(user_id: UUID, body: MemberChange, res: Res, caller: Caller) -> Member:
    require_role(caller, ("parent", "admin"), "change household members")
    async with res.db.as_caller(caller) as conn:
        row = await conn.fetchrow("SELECT role FROM users WHERE user_id = $1 FOR UPDATE", user_id)
        if row is None:
            raise not_found("member")
        if row["role"] not in MEMBER_ROLES:
            raise ApiError(403, "forbidden", f"a '{row['role']}' account is provisioned, not a household member role")
        if body.role and body.role != row["role"] and row["role"] == "parent":
            parents = await conn.fetchval("SELECT count(*) FROM users WHERE role = 'parent'")
            if parents <= 1:
                raise ApiError(409, "conflict", "the household's last parent keeps that role; make someone else a "
                                                "parent first")
        changes = {k: v for k, v in body.model_dump(exclude_none=True).items()}
        if changes:
            await conn.execute("UPDATE users SET role = COALESCE($2, role), display_name = COALESCE($3, display_name) "
                               "WHERE user_id = $1", user_id, body.role, body.display_name)
            await memory_repo.audit(conn, caller.user_id, caller.role, "member.update", "user", str(user_id),
                                    details={"fields": sorted(changes), "old_role": row["role"], "role": body.role})
        member = await conn.fetchrow(MEMBER_SQL, user_id)
    if body.role:
        res.token_cache.clear()  # the new role applies at once on this replica (within a second elsewhere)
    return Member(**dict(member))
