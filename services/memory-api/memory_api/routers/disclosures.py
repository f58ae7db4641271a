"""The disclosure log: what the companion was given from someone's memory, when, and for what question.

Every contextify call keeps a decision log (memory ids, paths and reasons), the question that was
asked (redacted by the household policy, as a stored memory is) and each line as it was given
(store/disclosure_repo.py, migration 0025). This route turns them into something a parent can read:
each time, the question and the lines as they reached the assistant, so an edit since does not
rewrite what was said then. A line of a memory forgotten since shows as forgotten, without its
words (the database blanked them when the memory was deleted). A line of a memory the caller may
not see now (the read gate) is counted but neither shown nor named (its id would tell a child that
something is hidden). A question is shown to guardians (parent, admin) and to whoever asked it: a
parent's question about a child (which may name what is hidden from the child) is not shown to the
child, nor to an orchestrator speaking to it.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any, Annotated
from uuid import UUID

import asyncpg
from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from ..auth import Principal
from ..cursors import decode_cursor, next_cursor
from ..deps import Caller, Res, resolve_owner
from ..errors import error_responses
from ..schemas import AnyTime
from ..store import disclosure_repo

router = APIRouter(prefix="/v1/users", tags=["disclosures"])
GUARDIANS = frozenset({"parent", "admin"})


class UsedMemory(BaseModel):
    memory_id: UUID | None = Field(description="Null once the memory was forgotten")
    text: str | None = Field(description="The line as it was given (null once the memory was forgotten)")
    type: str | None
    path: str = Field(description="How it was found: entity, hybrid, process, conversation, safety ...")
    forgotten: bool = Field(False, description="The memory was deleted since: its words are gone from the log too")
    as_given: bool = Field(True, description="False only for logs kept before lines were stored: the text is "
                                             "the memory as stored now")


class Disclosure(BaseModel):
    decision_id: UUID
    at: datetime
    session_id: str | None
    question: str | None = Field(None, description="The question asked, redacted by the household policy; null "
                                                   "when not kept, or shown only to guardians and the asker")
    asked_by: UUID | None = Field(None, description="Who asked (with the question only; null once forgotten)")
    used: list[UsedMemory] = Field(description="What reached the assistant: lines the caller may see, and "
                                               "forgotten lines")
    not_shown: int = Field(description="What reached the assistant but is hidden from the caller now")
    held_back: int = Field(description="Memories considered and left out (budget, duplicates, policy)")


class DisclosureList(BaseModel):
    items: list[Disclosure]
    next_cursor: str | None = None


@router.get("/{user_id}/disclosures", response_model=DisclosureList, responses=error_responses(401, 403, 404, 422),
            summary="What the assistant was given from this user's memory, and for what question, newest first "
                    "(default: the last day)")
async def disclosures(user_id: UUID, res: Res, caller: Caller, since: AnyTime | None = None,
                      limit: Annotated[int, Query(ge=1, le=100)] = 20,
                      cursor: Annotated[str | None, Query(max_length=200)] = None) -> DisclosureList:
    owner = await resolve_owner(res, caller, user_id)
    since = since or datetime.now(timezone.utc) - timedelta(days=1)
    before = decode_cursor(cursor) if cursor else None
    async with res.db.as_caller(caller) as conn:
        logs = await disclosure_repo.recent_logs(conn, owner, since, before, limit + 1)
        lines = await disclosure_repo.lines_of(conn, [log["decision_id"] for log in logs])
        old = [log for log in logs if not _lines_kept(log)]
        current = await disclosure_repo.current_texts(
            conn, list({UUID(d["memory_id"]) for log in old for d in _included(log)}))
    items = [_disclosure(log, lines.get(log["decision_id"], []), current, caller) for log in logs[:limit]]
    return DisclosureList(items=items, next_cursor=next_cursor(logs, limit, "decision_id"))


def _disclosure(log: asyncpg.Record, lines: list[asyncpg.Record], current: dict[UUID, asyncpg.Record],
                caller: Principal) -> Disclosure:
    decisions = log["decisions"] or {}
    included = _included(log)
    if _lines_kept(log):
        paths = [d.get("path") or "" for d in included]
        used, hidden = _as_given(lines, paths)
    else:
        used = [_now(d, current[UUID(d["memory_id"])]) for d in included if UUID(d["memory_id"]) in current]
        hidden = len(included) - len(used)
    shown = caller.role in GUARDIANS or (log["asked_by"] is not None and log["asked_by"] == caller.user_id)
    return Disclosure(decision_id=log["decision_id"], at=log["created_at"], session_id=log["session_id"],
                      question=decisions.get("question") if shown else None,
                      asked_by=log["asked_by"] if shown else None, used=used, not_shown=hidden,
                      held_back=sum(1 for d in _all(log) if d.get("action") != "included"))


def _as_given(lines: list[asyncpg.Record], paths: list[str]) -> tuple[list[UsedMemory], int]:
    used: list[UsedMemory] = []
    hidden = 0
    for r in lines:
        path = paths[r["position"] - 1] if 0 < r["position"] <= len(paths) else ""
        if r["memory_id"] is None:
            used.append(UsedMemory(memory_id=None, text=None, type=None, path=path, forgotten=True))
        elif r["visible"]:
            used.append(UsedMemory(memory_id=r["memory_id"], text=r["line"], type=r["type"], path=path))
        else:
            hidden += 1
    return used, hidden


def _lines_kept(log: asyncpg.Record) -> bool:
    return bool((log["decisions"] or {}).get("lines_kept"))


def _all(log: asyncpg.Record) -> list[dict[str, Any]]:
    return list((log["decisions"] or {}).get("decisions") or [])


def _included(log: asyncpg.Record) -> list[dict[str, Any]]:
    return [d for d in _all(log) if d.get("action") == "included" and d.get("memory_id")]


def _now(d: dict[str, Any], row: asyncpg.Record) -> UsedMemory:
    return UsedMemory(memory_id=row["id"], text=row["text"], type=row["type"], path=d.get("path") or "",
                      as_given=False)
