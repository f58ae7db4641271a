"""Merge proposals: people the service may know twice, proposed by a scheduled job (consolidator
`consolidator.propose_merges`) or a scan on demand, decided by a person: accept (merge, audited,
reversible), dismiss (never proposed again) or undo an accepted merge. A child never sees them."""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import APIRouter, Query
from pydantic import BaseModel

from memcore.adapters.merge_proposals import propose_for_owner

from ..cursors import decode_cursor, next_cursor
from ..deps import Caller, Res, require_role, resolve_owner
from ..entity_linking import recompose_profile
from ..errors import ApiError, error_responses, not_found
from ..store import audit_repo, entity_presence_repo, merge_repo

router = APIRouter(prefix="/v1/entities/merge-proposals", tags=["entities"])
DECIDERS = ("user", "parent", "admin")  # the owner adult, or a guardian; never a child or an orchestrator
Status = Literal["open", "accepted", "dismissed", "undone"]


class MergeProposal(BaseModel):
    id: UUID
    owner_id: UUID
    keep_id: UUID
    merge_id: UUID
    keep_name: str | None
    merge_name: str | None
    rule: Literal["same_full_name", "first_name_and_facet"]
    evidence: dict[str, Any]
    status: Status
    created_at: datetime
    decided_at: datetime | None = None


class MergeProposalList(BaseModel):
    items: list[MergeProposal]
    next_cursor: str | None = None


class ScanResult(BaseModel):
    proposed: int


def _out(row) -> MergeProposal:
    return MergeProposal(id=row["proposal_id"], owner_id=row["owner_id"], keep_id=row["keep_id"],
                         merge_id=row["merge_id"], keep_name=row["keep_name"], merge_name=row["merge_name"],
                         rule=row["rule"], evidence=row["evidence"] or {}, status=row["status"],
                         created_at=row["created_at"], decided_at=row["decided_at"])



@router.get("", response_model=MergeProposalList, responses=error_responses(401, 403, 404, 422),
            summary="Merge proposals of an owner's people, oldest first")
async def list_proposals(res: Res, caller: Caller, owner_id: UUID | None = None, status: Status | None = "open",
                         limit: Annotated[int, Query(ge=1, le=200)] = 50,
                         cursor: Annotated[str | None, Query(max_length=200)] = None) -> MergeProposalList:
    require_role(caller, DECIDERS, "decide merges")
    owner = await resolve_owner(res, caller, owner_id)
    after = decode_cursor(cursor) if cursor else None
    async with res.db.as_caller(caller) as conn:
        rows = await merge_repo.page(conn, owner, status, limit + 1, after)
    return MergeProposalList(items=[_out(r) for r in rows[:limit]], next_cursor=next_cursor(rows, limit, "proposal_id"))


@router.post("/scan", response_model=ScanResult, responses=error_responses(401, 403, 404, 422),
             summary="Look for people known twice now (the scheduled job does the same)")
async def scan(res: Res, caller: Caller, owner_id: UUID | None = None) -> ScanResult:
    require_role(caller, DECIDERS, "decide merges")
    owner = await resolve_owner(res, caller, owner_id)
    async with res.db.as_caller(caller) as conn:
        return ScanResult(proposed=await propose_for_owner(conn, owner))


async def _decide(res, caller, owner_id: UUID | None, proposal_id: UUID, action: str) -> MergeProposal:
    require_role(caller, DECIDERS, "decide merges")
    owner = await resolve_owner(res, caller, owner_id)
    want = {"accept": "open", "dismiss": "open", "undo": "accepted"}[action]
    async with res.db.as_caller(caller) as conn:
        row = await merge_repo.get(conn, owner, proposal_id, lock=True)
        if row is None:
            raise not_found("merge proposal")
        done = {"accept": "accepted", "dismiss": "dismissed", "undo": "undone"}[action]
        if row["status"] == done:
            return _out(row)  # a retried decision changes nothing
        if row["status"] != want:
            raise ApiError(409, "conflict", f"the proposal is {row['status']}; only an {want} one can be {done}")
        snap = None
        if action == "accept":
            present = await entity_presence_repo.count_existing(conn, [row["keep_id"], row["merge_id"]])
            if present != 2:
                raise ApiError(409, "conflict", "one of the two entities no longer exists")
            snap = await merge_repo.merge(conn, row["keep_id"], row["merge_id"])
            await recompose_profile(conn, row["keep_id"])
        elif action == "undo":
            if not await entity_presence_repo.exists(conn, row["keep_id"]):
                raise ApiError(409, "conflict", "the kept entity no longer exists; nothing to split back")
            merged = await merge_repo.undo(conn, row["keep_id"], row["snapshot"])
            await recompose_profile(conn, row["keep_id"])
            await recompose_profile(conn, merged)
        await merge_repo.decide(conn, proposal_id, done, caller.user_id, snap)
        await audit_repo.audit(conn, caller.user_id, caller.role, f"entity.merge_{action}", "entity",
                                str(row["keep_id"]), details={"proposal_id": str(proposal_id),
                                                              "merged_id": str(row["merge_id"]), "rule": row["rule"]})
        return _out(await merge_repo.get(conn, owner, proposal_id))


@router.post("/{proposal_id}/accept", response_model=MergeProposal, responses=error_responses(401, 403, 404, 409, 422),
             summary="Merge the two entities (audited; undo puts them back)")
async def accept(proposal_id: UUID, res: Res, caller: Caller, owner_id: UUID | None = None) -> MergeProposal:
    return await _decide(res, caller, owner_id, proposal_id, "accept")


@router.post("/{proposal_id}/dismiss", response_model=MergeProposal,
             responses=error_responses(401, 403, 404, 409, 422), summary="They are two people: never propose again")
async def dismiss(proposal_id: UUID, res: Res, caller: Caller, owner_id: UUID | None = None) -> MergeProposal:
    return await _decide(res, caller, owner_id, proposal_id, "dismiss")


@router.post("/{proposal_id}/undo", response_model=MergeProposal, responses=error_responses(401, 403, 404, 409, 422),
             summary="Split an accepted merge back into the two entities as they were")
async def undo(proposal_id: UUID, res: Res, caller: Caller, owner_id: UUID | None = None) -> MergeProposal:
    return await _decide(res, caller, owner_id, proposal_id, "undo")
