"""The disclosure log: what the companion was given from someone's memory, and when.

Every contextify call keeps a decision log (memory ids, paths and reasons, never content). This route
turns those logs into something a parent can read: each time, which memories reached the assistant
and how many were held back. The memory texts are read through the read gate at the moment of
asking: a memory deleted or forgotten since then, or one the caller may not see, is counted but
neither shown nor named (its id would tell a child that something is hidden).
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from ..cursors import decode_cursor, next_cursor
from ..deps import Caller, Res, resolve_owner
from ..errors import error_responses
from ..schemas import AnyTime

router = APIRouter(prefix="/v1/users", tags=["disclosures"])


class UsedMemory(BaseModel):
    memory_id: UUID
    text: str = Field(description="The memory as stored now")
    type: str
    path: str = Field(description="How it was found: entity, hybrid, process, conversation, safety ...")


class Disclosure(BaseModel):
    decision_id: UUID
    at: datetime
    session_id: str | None
    used: list[UsedMemory] = Field(description="What reached the assistant and is still visible to the caller")
    not_shown: int = Field(description="What reached the assistant but was removed since, or is hidden from "
                                       "the caller")
    held_back: int = Field(description="Memories considered and left out (budget, duplicates, policy)")


class DisclosureList(BaseModel):
    items: list[Disclosure]
    next_cursor: str | None = None


@router.get("/{user_id}/disclosures", response_model=DisclosureList, responses=error_responses(401, 403, 404, 422),
            summary="What the assistant was given from this user's memory, newest first (default: the last day)")
async def disclosures(user_id: UUID, res: Res, caller: Caller, since: AnyTime | None = None,
                      limit: Annotated[int, Query(ge=1, le=100)] = 20,
                      cursor: Annotated[str | None, Query(max_length=200)] = None) -> DisclosureList:
    owner = await resolve_owner(res, caller, user_id)
    since = since or datetime.now(timezone.utc) - timedelta(days=1)
    before = decode_cursor(cursor) if cursor else None
    async with res.db.as_caller(caller) as conn:
        logs = await conn.fetch(
            """SELECT decision_id, created_at, session_id, decisions FROM decision_logs
               WHERE owner_id = $1 AND created_at >= $2
                 AND ($3::timestamptz IS NULL OR (created_at, decision_id) < ($3, $4))
               ORDER BY created_at DESC, decision_id DESC LIMIT $5""",
            owner, since, before[0] if before else None, before[1] if before else None, limit + 1)
        ids = {UUID(d["memory_id"]) for log in logs for d in _included(log)}
        visible = {r["id"]: r for r in await conn.fetch(
            "SELECT memory_id AS id, text, type FROM memory_items WHERE memory_id = ANY($1::uuid[])", list(ids))}
    items = [Disclosure(decision_id=log["decision_id"], at=log["created_at"], session_id=log["session_id"],
                        used=[_used(d, visible[UUID(d["memory_id"])]) for d in _included(log)
                              if UUID(d["memory_id"]) in visible],
                        not_shown=sum(1 for d in _included(log) if UUID(d["memory_id"]) not in visible),
                        held_back=sum(1 for d in _all(log) if d.get("action") != "included"))
             for log in logs[:limit]]
    return DisclosureList(items=items, next_cursor=next_cursor(logs, limit, "decision_id"))


def _all(log) -> list[dict]:
    return list((log["decisions"] or {}).get("decisions") or [])


def _included(log) -> list[dict]:
    return [d for d in _all(log) if d.get("action") == "included" and d.get("memory_id")]


def _used(d: dict, row) -> UsedMemory:
    return UsedMemory(memory_id=row["id"], text=row["text"], type=row["type"], path=d.get("path") or "")
