"""The parent review queue (seed 001): what the policy held for a parent to decide.

List what is pending; approve it (optionally edited first) and it is stored as a memory of the
child through the same write path as any write, gated by the policy as a parent's write is, and
reaches the child's context; or reject it, and its text is removed. Every decision is audited (ids
and codes only). A retried decision answers as the first one did and stores nothing twice. Only a
parent or an admin of the household decides; a child never sees the queue.
"""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal
from uuid import UUID

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field, field_validator

from ..cursors import decode_cursor, next_cursor
from ..deps import Caller, Res, require_role, resolve_owner
from ..entity_linking import refresh_later
from ..errors import ApiError, error_responses, not_found
from ..schemas import TEXT_DESCRIPTION, MemoryType, Strict, _memory_text
from ..store import memory_repo
from ..write_gate import rls_refusal
from ..write_pipeline import Candidate, commit_prepared, prepare

router = APIRouter(prefix="/v1/review", tags=["review"])
DECIDERS = ("parent", "admin")
Status = Literal["pending", "approved", "rejected"]


class ReviewItem(BaseModel):
    id: UUID
    owner_id: UUID
    text: str | None = Field(description="The held text as stored (PII already replaced); null once rejected")
    type: str | None
    reasons: list[str]
    status: Status
    created_at: datetime
    decided_at: datetime | None = None
    memory_id: UUID | None = Field(None, description="The memory an approved item became")


class ReviewList(BaseModel):
    items: list[ReviewItem]
    next_cursor: str | None = None


class Approval(Strict):
    text: str | None = Field(None, description="Edit before approving: this text is stored instead (it passes "
                                               f"the write gate like any text); {TEXT_DESCRIPTION}")
    type: MemoryType | None = Field(None, description="Store it as this type instead of the held one")

    _text = field_validator("text")(lambda v: None if v is None else _memory_text(v))


def _out(row) -> ReviewItem:
    cand = row["candidate"] or {}
    return ReviewItem(id=row["review_id"], owner_id=row["owner_id"], text=cand.get("text"), type=cand.get("type"),
                      reasons=list(row["reasons"] or []), status=row["status"], created_at=row["created_at"],
                      decided_at=row["decided_at"], memory_id=row["memory_id"])



@router.get("", response_model=ReviewList, responses=error_responses(401, 403, 404, 422),
            summary="What the policy held for review, oldest first (the whole household, or one member)")
async def list_review(res: Res, caller: Caller, owner_id: UUID | None = None, status: Status = "pending",
                      limit: Annotated[int, Query(ge=1, le=200)] = 50,
                      cursor: Annotated[str | None, Query(max_length=200)] = None) -> ReviewList:
    require_role(caller, DECIDERS, "see or decide the review queue")
    if owner_id is not None:
        await resolve_owner(res, caller, owner_id)
    after = decode_cursor(cursor) if cursor else None
    async with res.db.as_caller(caller) as conn:
        rows = await conn.fetch(
            """SELECT review_id, owner_id, candidate, reasons, status, created_at, decided_at, memory_id
               FROM review_queue WHERE status = $1 AND ($2::uuid IS NULL OR owner_id = $2)
                 AND ($3::timestamptz IS NULL OR (created_at, review_id) > ($3, $4))
               ORDER BY created_at, review_id LIMIT $5""",
            status, owner_id, after[0] if after else None, after[1] if after else None, limit + 1)
    return ReviewList(items=[_out(r) for r in rows[:limit]], next_cursor=next_cursor(rows, limit, "review_id"))


async def _held(conn, review_id: UUID, lock: bool = False):
    return await conn.fetchrow(
        "SELECT review_id, owner_id, candidate, reasons, status, created_at, decided_at, memory_id FROM review_queue "
        "WHERE review_id = $1" + (" FOR UPDATE" if lock else ""), review_id)


async def _item(res, caller, review_id: UUID):
    async with res.db.as_caller(caller) as conn:
        row = await _held(conn, review_id)
    if row is None:
        raise not_found("review item")
    return row


@router.post("/{review_id}/approve", response_model=ReviewItem, responses=error_responses(401, 403, 404, 409, 422, 503),
             summary="Store the held item as a memory of its owner (edited first if a text is given)")
async def approve(review_id: UUID, res: Res, caller: Caller, body: Approval | None = None) -> ReviewItem:
    require_role(caller, DECIDERS, "see or decide the review queue")
    body = body or Approval()
    row = await _item(res, caller, review_id)
    if row["status"] != "pending":
        return _decided(row, "approved")
    held = row["candidate"] or {}
    cand = Candidate(text=body.text or held.get("text") or "", type=body.type or held.get("type") or "episodic",
                     fields={"source": "parent"})
    if not cand.text:
        raise ApiError(409, "conflict", "the held item has no text left to store")
    prep = await prepare(res, caller, row["owner_id"], [cand])  # the write gate, as for a parent's write
    verdict = prep.decisions[0]
    if verdict.decision in ("drop", "hold"):
        raise ApiError(422, "policy_refused", "the household policy does not store this text; nothing was stored "
                                              "and the item stays pending", {"reasons": verdict.reasons})
    outdated: set[UUID] = set()
    with rls_refusal():
        async with res.db.as_caller(caller) as conn:
            row = await _held(conn, review_id, lock=True)
            if row["status"] != "pending":  # decided meanwhile: the first decision stands
                return _decided(row, "approved")
            results = await commit_prepared(conn, res, caller, row["owner_id"], prep, outdated)
            memory_id = results[0].memory.id if results[0].memory else None
            await conn.execute("UPDATE review_queue SET status = 'approved', decided_at = now(), decided_by = $2, "
                               "memory_id = $3 WHERE review_id = $1", review_id, caller.user_id, memory_id)
            await memory_repo.audit(conn, caller.user_id, caller.role, "review.approve", "review", str(review_id),
                                    details={"memory_id": str(memory_id), "edited": body.text is not None})
            row = await _held(conn, review_id)
    refresh_later(res.db, caller.tenant_id, outdated)
    return _out(row)


@router.post("/{review_id}/reject", response_model=ReviewItem, responses=error_responses(401, 403, 404, 409, 422),
             summary="Do not store the held item; its text is removed")
async def reject(review_id: UUID, res: Res, caller: Caller) -> ReviewItem:
    require_role(caller, DECIDERS, "see or decide the review queue")
    async with res.db.as_caller(caller) as conn:
        row = await _held(conn, review_id, lock=True)
        if row is None:
            raise not_found("review item")
        if row["status"] != "pending":
            return _decided(row, "rejected")
        await conn.execute(
            """UPDATE review_queue SET status = 'rejected', decided_at = now(), decided_by = $2,
                   candidate = jsonb_build_object('type', candidate->'type') WHERE review_id = $1""",
            review_id, caller.user_id)
        await memory_repo.audit(conn, caller.user_id, caller.role, "review.reject", "review", str(review_id))
        return _out(await _held(conn, review_id))


def _decided(row, wanted: str) -> ReviewItem:
    """A retried decision answers as the first one did; the other decision is a conflict."""
    if row["status"] != wanted:
        raise ApiError(409, "conflict", f"the item was already {row['status']}")
    return _out(row)
