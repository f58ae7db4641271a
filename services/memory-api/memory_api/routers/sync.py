"""Edge sync (issue 15): what changed in one user's memory since a device's cursor, and the device's
receipts that it applied removals and forgets.

The change log (`sync_changes`, migration 0017) holds ids and op codes only; the memories themselves
are read here, through the read gate (`db.as_caller`): a child's device gets exactly what the child
may see. A memory deleted, superseded, expired, or hidden from the reader since it was cached is a
removal, named by the hash of its id (`id_hash`): the device matches it against what it holds, and a
reader never learns the id of a memory it was never shown. A user-level forget (a child's own
request) is a `forget` change: the device wipes its store and queue and syncs again from the start.
"""
from __future__ import annotations

import base64
import hashlib
import re
from datetime import datetime
from typing import Annotated, Literal
from uuid import UUID

import asyncpg
import numpy as np
from fastapi import APIRouter, Query
from pgvector import HalfVector, Vector
from pydantic import BaseModel, Field, model_validator

from ..deps import Caller, Res, resolve_owner
from ..errors import ApiError, error_responses
from ..schemas import Strict
from ..store import sync_repo

router = APIRouter(prefix="/v1/sync", tags=["sync"])

CURSOR_PATTERN = r"^[0-9]{1,20}\.[0-9]{1,20}$"
HASH32 = r"^[0-9a-f]{32}$"
MAX_RECEIPT_HASHES = 20_000


def id_hash(memory_id: UUID | str) -> str:
    """How a removal names a memory: the first 16 bytes of SHA-256 of its id (as text), in hex.
    clients/edge/memedge/protocol.py computes the same."""
    return hashlib.sha256(str(memory_id).encode()).hexdigest()[:32]


def receipt_digest(id_hashes: list[str]) -> str:
    return hashlib.sha256("\n".join(sorted(id_hashes)).encode()).hexdigest()


def parse_cursor(cursor: str | None) -> tuple[str, int]:
    if not cursor:
        return "0", 0
    if not re.fullmatch(CURSOR_PATTERN, cursor):
        raise ApiError(422, "invalid_cursor", "cursor is not one this API returned")
    xid, seq = cursor.split(".")
    if int(xid) >= 2**64 or int(seq) >= 2**63:  # xid8 and bigint: no cursor of ours is past them
        raise ApiError(422, "invalid_cursor", "cursor is not one this API returned")
    return xid, int(seq)


class SyncMemory(BaseModel):
    memory_id: UUID
    type: str
    text: str
    subject: str | None = None
    predicate: str | None = None
    value: str | None = None
    pinned: bool
    source: str
    tags: list[str]
    confidence: float
    salience: float
    observed_at: datetime
    version: int
    embedding_model: str | None = None
    embedding: str | None = Field(None, description="The stored embedding: base64 of little-endian float16 "
                                                    "values (omitted with embeddings=false)")


class SyncChange(BaseModel):
    op: Literal["upsert", "remove", "forget"] = Field(
        description="upsert: cache this memory; remove: drop the memory whose id hashes to id_hash; "
                    "forget: the user was forgotten, wipe everything and sync again from the start")
    memory: SyncMemory | None = None
    id_hash: str | None = Field(None, description="remove: SHA-256 of the memory id (as text), first 16 bytes, hex")
    forget_id: UUID | None = Field(None, description="forget: which forget (a device applies each one once)")
    at: datetime


class SyncPage(BaseModel):
    owner_id: UUID
    changes: list[SyncChange] = Field(description="In the order they happened")
    cursor: str = Field(description="Pass it back to get what changed after this page")
    more: bool = Field(description="True when another page is ready now")


class ReceiptIn(Strict):
    cursor_reached: str = Field(pattern=CURSOR_PATTERN, max_length=41, description="The cursor the device applied")
    id_hashes: list[Annotated[str, Field(pattern=HASH32)]] = Field(
        default_factory=list, max_length=MAX_RECEIPT_HASHES, description="id_hash of every memory the device purged")
    digest: str = Field(pattern=r"^[0-9a-f]{64}$",
                        description="SHA-256 (hex) of the sorted id_hashes joined by newlines")
    purged_memories: int = Field(0, ge=0, le=10_000_000)
    purged_turns: int = Field(0, ge=0, le=10_000_000, description="Queued turns dropped by a forget")
    forgets_applied: int = Field(0, ge=0, le=10_000)

    @model_validator(mode="after")
    def _digest_matches(self) -> "ReceiptIn":
        if receipt_digest(self.id_hashes) != self.digest:
            raise ValueError("digest is not the SHA-256 of the sorted id_hashes joined by newlines")
        return self


class ReceiptOut(BaseModel):
    receipt_id: UUID
    user_id: UUID
    cursor_reached: str
    id_hashes: list[str]
    digest: str
    purged_memories: int
    purged_turns: int
    forgets_applied: int
    received_at: datetime


def _embedding(vec: Vector | HalfVector | np.ndarray | None) -> str | None:
    if vec is None:
        return None
    values = vec.to_numpy() if isinstance(vec, (Vector, HalfVector)) else vec  # pgvector's vector, or an array
    return base64.b64encode(np.asarray(values, dtype="<f2").tobytes()).decode()


def _change(r: asyncpg.Record) -> SyncChange:
    if r["op"] == "forget":
        return SyncChange(op="forget", forget_id=r["target_id"], at=r["changed_at"])
    if r["memory_id"] is None:  # deleted, no longer cacheable, or not visible to the reader
        return SyncChange(op="remove", id_hash=id_hash(r["target_id"]), at=r["changed_at"])
    fields = {k: r[k] for k in SyncMemory.model_fields if k != "embedding"}
    return SyncChange(op="upsert", at=r["changed_at"],
                      memory=SyncMemory(**fields, embedding=_embedding(r["embedding"])))


@router.get("/changes", response_model=SyncPage, responses=error_responses(401, 403, 404, 422),
            summary="What changed in one user's memory since a cursor (edge devices), through the read gate")
async def changes(res: Res, caller: Caller, owner_id: UUID | None = None,
                  cursor: Annotated[str | None, Query(max_length=41, description="From the previous page; "
                                                      "none: from the start")] = None,
                  limit: Annotated[int, Query(ge=1, le=2000)] = 500,
                  embeddings: Annotated[bool, Query(description="Include the stored embeddings")] = True) -> SyncPage:
    owner = await resolve_owner(res, caller, owner_id)
    xid, seq = parse_cursor(cursor)
    async with res.db.as_caller(caller) as conn:
        rows = await sync_repo.changes_after(conn, owner, xid, seq, limit + 1, embeddings)
    page = rows[:limit]
    next_cursor = f"{page[-1]['xid']}.{page[-1]['seq']}" if page else f"{xid}.{seq}"
    return SyncPage(owner_id=owner, changes=[_change(r) for r in page], cursor=next_cursor, more=len(rows) > limit)


@router.post("/receipts", response_model=ReceiptOut, status_code=201, responses=error_responses(401, 422),
             summary="A device proves it applied removals and forgets: id hashes, a digest and counts, no text")
async def post_receipt(body: ReceiptIn, res: Res, caller: Caller) -> ReceiptOut:
    async with res.db.as_caller(caller) as conn:
        row = await sync_repo.add_receipt(conn, caller.user_id, body.cursor_reached, sorted(body.id_hashes), body.digest,
                                          body.purged_memories, body.purged_turns, body.forgets_applied)
    return ReceiptOut(**dict(row))


@router.get("/receipts", response_model=list[ReceiptOut], responses=error_responses(401, 403, 404, 422),
            summary="The receipts a user's devices sent, newest first (the user itself or a guardian)")
async def list_receipts(res: Res, caller: Caller, user_id: UUID | None = None,
                        limit: Annotated[int, Query(ge=1, le=200)] = 50) -> list[ReceiptOut]:
    owner = await resolve_owner(res, caller, user_id)
    async with res.db.as_caller(caller) as conn:
        rows = await sync_repo.receipts_of(conn, owner, limit)
    return [ReceiptOut(**dict(r)) for r in rows]
