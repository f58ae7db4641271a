"""Feedback on a memory (seed 001's POST /v1/memory/feedback, issue 13): wrong, outdated, sensitive,
or "please forget this".

What it does (feedback_rules.py decides, feedback_effects.py applies):
- `wrong`: the memory is disputed (`tier: "disputed"` in lists and GET): it stays listed and keeps
  its history, and retrieve, contextify and consolidation no longer use it.
- `outdated`: superseded (`valid_to` = now; listed with include_history); nothing is deleted.
- `sensitive`: the audience becomes restricted (tag and flag `restricted`): hidden from the child
  and from the orchestrator's context for the child; parents still see it.
- `forget_request`: the memory is deleted everywhere, through DELETE /v1/memory/{id}'s path.

A parent or admin (about anyone in the household), an adult about its own memories and an
orchestrator about an adult's memory act at once (status `applied`). Feedback about a child's
memory from the child (or from the orchestrator on its behalf) is `pending`: it is an item of the
parent's review queue (GET /v1/review, kind `feedback`), and the parent's approval applies it (an
approved forget_request deletes the memory) while a rejection keeps the memory as it was. Only
`sensitive` hides the memory from the child at once, until the parent decides. Nobody but a parent
or admin hides, demotes or deletes a safety rule: a child's feedback on one only asks the parent.

No free text is stored: the body is a memory id and a kind. Idempotency-Key is honoured; the same
pending feedback given twice answers with the first (200). Every feedback is audited (ids, codes).
"""
from __future__ import annotations

import uuid
from datetime import datetime, timezone
from typing import Annotated, Literal
from uuid import UUID

import asyncpg
from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from .. import feedback_effects, feedback_rules
from ..auth import Principal
from ..cursors import decode_cursor, encode_cursor
from ..deps import Caller, IdempotencyKey, Res, resolve_owner
from ..entity_linking import refresh_later
from ..errors import ApiError, error_responses, not_found
from ..schemas import Strict
from ..store import audit_repo, feedback_repo, memory_repo
from ..write_gate import rls_refusal
from ..write_pipeline import idempotent_replay, request_hash, store_idempotent

router = APIRouter(prefix="/v1/memory/feedback", tags=["feedback"])
Kind = Literal["wrong", "outdated", "sensitive", "forget_request"]
Status = Literal["applied", "pending", "approved", "rejected"]
Effect = Literal["none", "disputed", "superseded", "restricted", "deleted"]


class FeedbackRequest(Strict):
    memory_id: UUID = Field(description="The memory the feedback is about")
    kind: Kind = Field(description="wrong: stop using it (disputed); outdated: superseded now, history kept; "
                                   "sensitive: hide it from the child; forget_request: delete it everywhere. "
                                   "A child's feedback waits for a parent")


class FeedbackOut(BaseModel):
    id: UUID
    memory_id: UUID
    owner_id: UUID
    kind: Kind
    status: Status = Field(description="applied (took effect at once), pending (a parent decides in the review "
                                       "queue), approved or rejected (the parent decided)")
    effect: Effect = Field(description="What was done to the memory so far")
    given_by: UUID | None = None
    given_role: str
    review_id: UUID | None = Field(None, description="The review-queue item a parent decides (pending feedback)")
    created_at: datetime
    decided_at: datetime | None = None
    decided_by: UUID | None = None


class FeedbackList(BaseModel):
    items: list[FeedbackOut]
    next_cursor: str | None = None


def out(row) -> FeedbackOut:
    r = dict(row)
    return FeedbackOut(id=r.pop("feedback_id"), **r)


async def _target(conn, caller: Principal, memory_id: UUID):
    """The memory (as the caller may see it) and its owner's role."""
    row = await memory_repo.get(conn, memory_id)
    if row is None or (row["owner_id"] != caller.user_id and caller.role not in ("parent", "orchestrator", "admin")):
        raise not_found()
    owner_role = caller.role if row["owner_id"] == caller.user_id else await feedback_repo.role_of(conn, row["owner_id"])
    return row, owner_role


async def _stored_answer(conn, caller: Principal, key: str | None, body_hash: str) -> dict | None:
    """A finished request with this Idempotency-Key: its answer (without claiming the key)."""
    if key is None:
        return None
    row = await feedback_repo.finished_answer(conn, caller.user_id, key)
    if row is None or row["status_code"] == 0:
        return None
    if row["request_hash"] != body_hash:
        raise ApiError(409, "idempotency_conflict", "this Idempotency-Key was used with a different request body")
    return {"status": row["status_code"], "body": row["response"]}


def _replayed(answer: dict) -> JSONResponse:
    return JSONResponse(answer["body"], status_code=answer["status"])


@router.post("", response_model=FeedbackOut, status_code=201,
             responses={200: {"model": FeedbackOut, "description": "The same feedback is already pending: the first"},
                        **error_responses(401, 403, 404, 409, 422, 503)},
             summary="Mark a memory wrong, outdated or sensitive, or ask to forget it (a child's feedback waits "
                     "for a parent)")
async def give_feedback(body: FeedbackRequest, request: Request, response: Response, res: Res, caller: Caller,
                        idempotency_key: IdempotencyKey = None):
    body_hash = request_hash(await request.body())
    async with res.db.as_caller(caller) as conn:
        if (answer := await _stored_answer(conn, caller, idempotency_key, body_hash)) is not None:
            return _replayed(answer)
        row, owner_role = await _target(conn, caller, body.memory_id)
    try:
        plan = feedback_rules.plan(body.kind, caller.role, owner_role, row["type"])
    except feedback_rules.Refused as exc:
        raise ApiError(403, "forbidden", str(exc)) from exc
    if plan.now == "deleted":  # the same path as DELETE /v1/memory/{id}: every copy goes, or nothing (503)
        from .memory import delete_memory
        await delete_memory(body.memory_id, res, caller, reason="user_request")
    # A child (or the orchestrator for it) hiding a memory from the child: the read gate refuses an update
    # that hides a row from its own writer, so this one transaction runs as the service, after the checks
    # above were made as the caller (it saw the memory; it is the child's; it is no safety rule).
    hides_from_writer = plan.review and plan.now == "restricted"
    tx = res.db.as_system(caller.tenant_id) if hides_from_writer else res.db.as_caller(caller)
    touched: set[UUID] = set()
    with rls_refusal():
        async with tx as conn:
            replay = await idempotent_replay(conn, caller, idempotency_key, body_hash)
            if replay is not None:  # a concurrent retry finished first
                return JSONResponse(replay, status_code=201)
            status, fb = await _record(conn, caller, row, body.kind, plan, touched)
            await store_idempotent(conn, caller, idempotency_key, status, fb.model_dump(mode="json"))
    refresh_later(res.db, caller.tenant_id, touched, res.embedder)
    response.status_code = status
    return fb


async def _record(conn, caller: Principal, row, kind: str, plan: feedback_rules.Plan,
                  touched: set[UUID]) -> tuple[int, FeedbackOut]:
    """Applies the plan's immediate effect and stores the feedback (and its review item) in the
    caller's transaction. (200, the first) when the same feedback is already pending."""
    if plan.review:
        existing = await feedback_repo.pending(conn, row["id"], kind)
        if existing is not None:
            return 200, out(existing)
    effect = plan.now
    feedback_id = uuid.uuid4()
    if effect not in ("none", "deleted"):
        current = await memory_repo.get(conn, row["id"])
        if current is None:
            raise not_found()
        if not await feedback_effects.apply(conn, caller, current, effect, touched, feedback_id):
            effect = "none"  # already so (a restricted memory, an earlier feedback)
    now = datetime.now(timezone.utc)
    fb = FeedbackOut(id=feedback_id, memory_id=row["id"], owner_id=row["owner_id"], kind=kind,
                     status="pending" if plan.review else "applied", effect=effect, given_by=caller.user_id,
                     given_role=caller.role, review_id=uuid.uuid4() if plan.review else None, created_at=now)
    try:
        await feedback_repo.insert(conn, fb.model_dump())
    except asyncpg.exceptions.UniqueViolationError as exc:  # the same feedback became pending meanwhile
        raise ApiError(409, "conflict", "the same feedback was given at the same time; list it to see it") from exc
    if plan.review:
        await feedback_repo.add_review_item(conn, fb.review_id, fb.owner_id, row["type"], kind, fb.id, now)
    await audit_repo.audit(conn, caller.user_id, caller.role, "memory.feedback", "memory", str(row["id"]),
                            details={"feedback_id": str(fb.id), "kind": kind, "status": fb.status, "effect": effect,
                                     "review_id": str(fb.review_id) if fb.review_id else None})
    return 201, fb


@router.get("", response_model=FeedbackList, responses=error_responses(401, 403, 404, 422),
            summary="Feedback given, newest first: a parent's or admin's whole household (or one member), "
                    "anyone else's own")
async def list_feedback(res: Res, caller: Caller, owner_id: UUID | None = None, status: Status | None = None,
                        memory_id: UUID | None = None,
                        limit: Annotated[int, Query(ge=1, le=200)] = 50,
                        cursor: Annotated[str | None, Query(max_length=200)] = None) -> FeedbackList:
    whole_household = caller.role in feedback_rules.DECIDERS and owner_id is None
    owner = None if whole_household else await resolve_owner(res, caller, owner_id)
    after = decode_cursor(cursor) if cursor else (None, None)
    async with res.db.as_caller(caller) as conn:  # row-level security: a child never sees hidden memories' ids
        rows = await feedback_repo.page(conn, owner, status, memory_id, after, limit + 1)
    more = len(rows) > limit
    rows = rows[:limit]
    return FeedbackList(items=[out(r) for r in rows],
                        next_cursor=encode_cursor(rows[-1]["created_at"], rows[-1]["feedback_id"]) if more else None)


# ---- decisions (called by routers/review.py for review items of kind 'feedback') ----

async def decide(res, caller: Principal, review_row, approve: bool) -> None:
    """A parent approves (applies the kind's effect) or rejects (undoes a restriction the child's
    sensitive feedback applied; the memory stays) a child's pending feedback, with its review item,
    in one transaction (an approved forget_request deletes the memory first, through DELETE's path)."""
    async with res.db.as_caller(caller) as conn:
        fb = await feedback_repo.get(conn, review_row["feedback_id"])
    if fb is None:
        raise ApiError(409, "conflict", "the feedback of this item no longer exists")
    effect = feedback_rules.on_approve(fb["kind"], fb["effect"]) if approve else feedback_rules.on_reject(fb["effect"])
    if approve and effect == "deleted":
        from .memory import delete_memory
        try:
            await delete_memory(fb["memory_id"], res, caller, reason="child_request")
        except ApiError as exc:
            if exc.status != 404:  # already gone: the decision still stands
                raise
    touched: set[UUID] = set()
    async with res.db.as_caller(caller) as conn:
        if await feedback_repo.lock_review_status(conn, review_row["review_id"]) != "pending":
            return  # decided meanwhile: the first decision stands
        stored = fb["effect"]
        if approve and effect in ("disputed", "superseded", "restricted"):
            current = await memory_repo.get(conn, fb["memory_id"])
            if current is not None and await feedback_effects.apply(conn, caller, current, effect, touched,
                                                                    fb["feedback_id"]):
                stored = effect
        elif approve and effect == "deleted":
            stored = "deleted"
        elif not approve and effect == "restricted":
            await feedback_effects.unrestrict(conn, caller, fb["memory_id"], fb["feedback_id"])
            stored = "none"
        status = "approved" if approve else "rejected"
        await feedback_repo.decide(conn, fb["feedback_id"], review_row["review_id"], status, stored, caller.user_id)
        await audit_repo.audit(conn, caller.user_id, caller.role, "review.approve" if approve else "review.reject",
                                "review", str(review_row["review_id"]),
                                details={"feedback_id": str(fb["feedback_id"]), "kind": fb["kind"], "effect": stored,
                                         "memory_id": str(fb["memory_id"])})
    refresh_later(res.db, caller.tenant_id, touched, res.embedder)
