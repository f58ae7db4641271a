"""The household: who is in it (issue 13). Parents and admins see every member with their role and
age band; anyone else sees only themselves. Tokens are managed at /v1/tokens."""
from __future__ import annotations

from datetime import datetime
from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Query
from pydantic import BaseModel

from memcore.memory_types import GUARDIAN_ROLES

from ..cursors import decode_cursor, next_cursor
from ..deps import Caller, Res
from ..errors import error_responses

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
