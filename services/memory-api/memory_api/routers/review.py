"""The parent review queue (seed 001): what the policy held for a parent to decide.

List what is pending; approve it (optionally edited first) and it is stored as a memory of the
child through the same write path as any write, gated by the policy as a parent's write is, and
reaches the child's context; or reject it, and its text is removed. Every decision is audited (ids
and codes only). A retried decision answers as the first one did and stores nothing twice. Only a
parent or an admin of the household decides; a child never sees the queue.

Items of kind `feedback` are a child's feedback on one of its memories (POST /v1/memory/feedback:
wrong, outdated, sensitive, forget_request): approving applies it (an approved forget_request deletes
the memory through DELETE /v1/memory/{id}'s path), rejecting keeps the memory as it was (and lifts
the restriction a child's `sensitive` applied at once). They carry no text of their own; `feedback`
names the memory, with its current text for the parent.
"""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal
from uuid import UUID

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field, field_validator

from memcore.knowledge.held import approved_fields

from ..cursors import decode_cursor, next_cursor
from ..deps import Caller, Res, require_role, resolve_owner
from ..entity_linking import refresh_later
from ..errors import ApiError, error_responses, not_found
from ..schemas import TEXT_DESCRIPTION, MemoryType, Strict, _memory_text
from ..store import audit_repo, memory_repo, review_repo
from ..write_gate import rls_refusal
from ..write_pipeline import Candidate, commit_prepared, prepare
from . import feedback

router = APIRouter(prefix="/v1/review", tags=["review"])
DECIDERS = ("parent", "admin")
Status = Literal["pending", "approved", "rejected"]
ItemKind = Literal["memory", "feedback"]


class ReviewFeedback(BaseModel):
    id: UUID
    kind: feedback.Kind
    memory_id: UUID
    memory_type: str | None = None
    memory_text: str | None = Field(None, description="The memory's current text (null once deleted)")
    given_by: UUID | None = None
    given_role: str
    effect: feedback.Effect


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
    kind: ItemKind = Field("memory", description="memory: a held write; feedback: a child's feedback on a memory")
    feedback: ReviewFeedback | None = Field(None, description="For kind feedback: what the child said about which memory")
    layer: Literal["record", "knowledge"] | None = Field(None, description="For a held fact of a turn: knowledge "
                                                                          "(its slots below) or the turn record")
    subject: str | None = Field(None, description="A held fact's slots, stored with it when it is approved "
                                                  "(kept by an edit only while the edited text states the value)")
    predicate: str | None = None
    value: str | None = None
    source_turns: list[UUID] = Field(default_factory=list, description="The turn record(s) a held fact was drawn "
                                                                       "from: forgetting them reaches it once stored")


class ReviewList(BaseModel):
    items: list[ReviewItem]
    next_cursor: str | None = None


class Approval(Strict):
    text: str | None = Field(None, description="Edit before approving: this text is stored instead (it passes "
                                               f"the write gate like any text); {TEXT_DESCRIPTION}")
    type: MemoryType | None = Field(None, description="Store it as this type instead of the held one")

    _text = field_validator("text")(lambda v: None if v is None else _memory_text(v))


def _out(row, fb: dict | None = None) -> ReviewItem:
    cand = row["candidate"] or {}
    return ReviewItem(id=row["review_id"], owner_id=row["owner_id"], text=cand.get("text"), type=cand.get("type"),
                      reasons=list(row["reasons"] or []), status=row["status"], created_at=row["created_at"],
                      decided_at=row["decided_at"], memory_id=row["memory_id"], kind=row["kind"],
                      feedback=ReviewFeedback(**fb) if fb else None, layer=cand.get("layer"),
                      subject=cand.get("subject"), predicate=cand.get("predicate"), value=cand.get("value"),
                      source_turns=cand.get("source_turns") or [])


async def _feedback_of(conn, rows) -> dict:
    """feedback_id -> what the child said about which memory (with the memory's current text)."""
    ids = [r["feedback_id"] for r in rows if r["kind"] == "feedback" and r["feedback_id"]]
    if not ids:
        return {}
    found = await review_repo.feedback_items(conn, ids)
    return {r["id"]: dict(r) for r in found}


async def _outs(conn, rows) -> list[ReviewItem]:
    fbs = await _feedback_of(conn, rows)
    return [_out(r, fbs.get(r["feedback_id"])) for r in rows]



@router.get("", response_model=ReviewList, responses=error_responses(401, 403, 404, 422),
            summary="What waits for a parent, oldest first: held writes and a child's feedback (the whole household, "
                    "or one member)")
async def list_review(res: Res, caller: Caller, owner_id: UUID | None = None, status: Status = "pending",
                      limit: Annotated[int, Query(ge=1, le=200)] = 50,
                      cursor: Annotated[str | None, Query(max_length=200)] = None) -> ReviewList:
    require_role(caller, DECIDERS, "see or decide the review queue")
    if owner_id is not None:
        await resolve_owner(res, caller, owner_id)
    after = decode_cursor(cursor) if cursor else None
    async with res.db.as_caller(caller) as conn:
        rows = await review_repo.page(conn, status, owner_id, after, limit)
        items = await _outs(conn, rows[:limit])
    return ReviewList(items=items, next_cursor=next_cursor(rows, limit, "review_id"))


async def _held(conn, review_id: UUID, lock: bool = False):
    """The item, or 404: it may have gone since it was first read (its turn was forgotten meanwhile)."""
    row = await review_repo.get(conn, review_id, lock)
    if row is None:
        raise not_found("review item")
    return row


async def _item(res, caller, review_id: UUID):
    async with res.db.as_caller(caller) as conn:
        row = await _held(conn, review_id)
    return row


@router.post("/{review_id}/approve", response_model=ReviewItem, responses=error_responses(401, 403, 404, 409, 422, 503),
             summary="Store the held item as a memory of its owner (edited first if a text is given), or apply a "
                     "child's feedback")
async def approve(review_id: UUID, res: Res, caller: Caller, body: Approval | None = None) -> ReviewItem:
    require_role(caller, DECIDERS, "see or decide the review queue")
    body = body or Approval()
    row = await _item(res, caller, review_id)
    if row["kind"] == "feedback":
        if body.text is not None or body.type is not None:
            raise ApiError(422, "invalid_request", "a feedback item is approved as it is: it has no text to edit")
        return await _decide_feedback(res, caller, row, approve=True)
    if row["status"] != "pending":
        return _decided(row, "approved")
    held = row["candidate"] or {}
    # a held fact is stored as the knowledge it was: its slots (while an edit still states its value),
    # certainty and the turn it was drawn from (memcore.knowledge.held)
    cand = Candidate(text=body.text or held.get("text") or "", type=body.type or held.get("type") or "episodic",
                     fields={**approved_fields(held, body.text), "source": "parent"})
    if not cand.text:
        raise ApiError(409, "conflict", "the held item has no text left to store")
    if cand.fields.get("source_turns"):
        await _drop_forgotten_turns(res, caller, review_id, cand)
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
            await review_repo.mark_approved(conn, review_id, caller.user_id, memory_id)
            await audit_repo.audit(conn, caller.user_id, caller.role, "review.approve", "review", str(review_id),
                                    details={"memory_id": str(memory_id), "edited": body.text is not None})
            row = await _held(conn, review_id)
    refresh_later(res.db, caller.tenant_id, outdated, res.embedder)
    return _out(row)


async def _drop_forgotten_turns(res, caller, review_id: UUID, cand: Candidate) -> None:
    """A fact cites only the turns still kept; one whose every turn was forgotten while it waited is
    not stored: the item is rejected (its text removed) and the approval answers 409."""
    async with res.db.as_caller(caller) as conn:
        kept = await memory_repo.get_many(conn, cand.fields["source_turns"])
        cand.fields["source_turns"] = [t for t in cand.fields["source_turns"] if t in kept]
        if cand.fields["source_turns"]:
            return
        row = await _held(conn, review_id, lock=True)
        if row["status"] == "pending":
            await review_repo.reject_held(conn, review_id, caller.user_id)
            await audit_repo.audit(conn, caller.user_id, caller.role, "review.reject", "review", str(review_id),
                                    details={"why": "source turn forgotten"})
    raise ApiError(409, "conflict", "the turn this fact was drawn from was forgotten while it waited for review: "
                                    "it is not stored, and the item was rejected")


async def _decide_feedback(res, caller, row, approve: bool) -> ReviewItem:
    if row["status"] == "pending":
        await feedback.decide(res, caller, row, approve)
    async with res.db.as_caller(caller) as conn:
        row = await _held(conn, row["review_id"])
        item = (await _outs(conn, [row]))[0]
    if item.status != ("approved" if approve else "rejected"):
        raise ApiError(409, "conflict", f"the item was already {item.status}")
    return item


@router.post("/{review_id}/reject", response_model=ReviewItem, responses=error_responses(401, 403, 404, 409, 422),
             summary="Do not store the held item (its text is removed), or keep the memory a child's feedback was "
                     "about")
async def reject(review_id: UUID, res: Res, caller: Caller) -> ReviewItem:
    require_role(caller, DECIDERS, "see or decide the review queue")
    held = await _item(res, caller, review_id)
    if held["kind"] == "feedback":
        return await _decide_feedback(res, caller, held, approve=False)
    async with res.db.as_caller(caller) as conn:
        row = await _held(conn, review_id, lock=True)
        if row["status"] != "pending":
            return _decided(row, "rejected")
        await review_repo.reject_held(conn, review_id, caller.user_id)
        await audit_repo.audit(conn, caller.user_id, caller.role, "review.reject", "review", str(review_id))
        return _out(await _held(conn, review_id))


def _decided(row, wanted: str) -> ReviewItem:
    """A retried decision answers as the first one did; the other decision is a conflict."""
    if row["status"] != wanted:
        raise ApiError(409, "conflict", f"the item was already {row['status']}")
    return _out(row)
