"""A household's opt-in to memory (issue 16, seed 001: consent is opt-in, per household).

Until an adult of the household (a parent, an admin, or an adult `user`) opts in, nothing is
learned: a turn answers `stored: false` with the reason, other writes drop their items with it,
and the database refuses the rest (migration 0020). A parent's safety rules are guardrails, not
learning, and can be set before. Opting out again stops new learning; what is stored stays until
it is forgotten (DELETE /v1/users/{id}, or one memory at a time). Organisations are not asked.
"""
from __future__ import annotations

from datetime import datetime
from typing import Annotated
from uuid import UUID

from fastapi import APIRouter
from pydantic import BaseModel, Field

from ..deps import Caller, Principal, Res, require_roles
from ..errors import error_responses
from ..schemas import Strict
from ..store import account_repo, audit_repo

router = APIRouter(prefix="/v1/household", tags=["household"])

ADULT_ROLES = ("parent", "admin", "user")


class ConsentOut(BaseModel):
    kind: str = Field(description="household or organisation (organisations are not asked)")
    opted_in: bool = Field(description="Whether memory may learn from this household's conversations")
    opted_in_at: datetime | None = None
    opted_in_by: UUID | None = Field(None, description="Who opted in; null when the service recorded it at sign-up "
                                                        "or the household predates opt-in")


class ConsentIn(Strict):
    opted_in: bool = Field(description="true: opt the household in; false: stop learning from now on")


async def _read(conn) -> ConsentOut:
    row = await account_repo.tenant_consent(conn)
    return ConsentOut(kind=row["kind"], opted_in=row["kind"] != "household" or row["opted_in_at"] is not None,
                      opted_in_at=row["opted_in_at"], opted_in_by=row["opted_in_by"])


@router.get("/consent", response_model=ConsentOut, responses=error_responses(401),
            summary="Whether the caller's household has opted in to memory")
async def get_consent(res: Res, caller: Caller) -> ConsentOut:
    async with res.db.as_caller(caller) as conn:
        return await _read(conn)


@router.put("/consent", response_model=ConsentOut, responses=error_responses(401, 403, 422),
            summary="Opt the household in to memory, or out again (adults only; audited)")
async def put_consent(body: ConsentIn, res: Res,
                      caller: Annotated[Principal, require_roles(*ADULT_ROLES)]) -> ConsentOut:
    async with res.db.as_caller(caller) as conn:
        await account_repo.set_opt_in(conn, body.opted_in, caller.user_id)
        await audit_repo.audit(conn, caller.user_id, caller.role,
                                "household.opt_in" if body.opted_in else "household.opt_out", "tenant",
                                str(caller.tenant_id))
        return await _read(conn)
