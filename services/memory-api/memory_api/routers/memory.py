"""Memory items: write (candidates, commit), list, get, patch, delete."""
from __future__ import annotations

import base64
from datetime import datetime
from typing import Annotated
from uuid import UUID

import numpy as np
import orjson
from fastapi import APIRouter, Query, Request, Response

from memcore.textnorm import text_hash

from ..deps import Caller, IdempotencyKey, Res, resolve_owner
from ..errors import ApiError, error_responses, not_found
from ..schemas import (AnyTime, CandidatesRequest, CommitRequest, MemoryList, MemoryOut, MemoryPatch, MemoryType,
                       WriteResponse, WriteResult, utc_representable)
from ..session_memory import forget_memories
from ..store import memory_repo
from .. import timing
from ..write_pipeline import Candidate, embed, request_hash, to_out, write_candidates

router = APIRouter(prefix="/v1/memory", tags=["memory"])

PARENT_ONLY_TYPES = {"safety"}


def _check_may_change(caller, row) -> None:
    if row["type"] in PARENT_ONLY_TYPES and caller.role not in ("parent", "admin"):
        raise ApiError(403, "forbidden", "safety memories can be changed only by a parent or admin")


def _candidate(item) -> Candidate:
    fields = item.model_dump(exclude={"text", "type", "memory_id", "expected_version"}, exclude_none=True)
    return Candidate(text=item.text, type=item.type, fields=fields)


@router.post("/candidates", response_model=WriteResponse, responses=error_responses(401, 403, 404, 409, 422, 503),
             summary="Upsert extracted candidates: policy, dedupe (exact repeats reinforce), embed, commit")
async def candidates(body: CandidatesRequest, request: Request, res: Res, caller: Caller,
                     idempotency_key: IdempotencyKey = None) -> WriteResponse:
    owner = await resolve_owner(res, caller, body.owner_id)
    for item in body.items:
        if item.type == "safety" and caller.role not in ("parent", "admin"):
            raise ApiError(403, "forbidden", "safety memories can be set only by a parent or admin")
    stages = timing.start()
    items, _ = await write_candidates(res, caller, owner, [_candidate(i) for i in body.items],
                                      idempotency_key=idempotency_key, body_hash=request_hash(await request.body()))
    return WriteResponse(items=items, timings_ms=stages)


@router.post("/commit", response_model=WriteResponse, responses=error_responses(401, 403, 404, 409, 422, 503),
             summary="Atomic batch: new items are created, items with memory_id are updated (version checked)")
async def commit(body: CommitRequest, request: Request, res: Res, caller: Caller,
                 idempotency_key: IdempotencyKey = None) -> WriteResponse:
    owner = await resolve_owner(res, caller, body.owner_id)
    updates = [i for i in body.items if i.memory_id is not None]
    creates = [i for i in body.items if i.memory_id is None]
    for item in body.items:
        if item.type == "safety" and caller.role not in ("parent", "admin"):
            raise ApiError(403, "forbidden", "safety memories can be set only by a parent or admin")
    if updates:
        # Updates go through PATCH semantics, all in one transaction with the creates below.
        async with res.db.as_caller(caller) as conn:
            for u in updates:
                row = await memory_repo.get(conn, u.memory_id)
                if row is None or row["owner_id"] != owner:
                    raise not_found()
                if u.expected_version is not None and u.expected_version != row["version"]:
                    raise ApiError(409, "version_conflict", f"memory {u.memory_id} is at version {row['version']}")
                _check_may_change(caller, row)
    results, _ = await write_candidates(res, caller, owner, [_candidate(i) for i in creates],
                                        idempotency_key=idempotency_key,
                                        body_hash=request_hash(await request.body())) if creates else ([], False)
    updated = []
    for u in updates:
        patch = MemoryPatch(text=u.text, type=u.type, subject=u.subject, predicate=u.predicate, value=u.value,
                            confidence=u.confidence, salience=u.salience, tags=u.tags, pinned=u.pinned,
                            expected_version=u.expected_version)
        updated.append(await _apply_patch(res, caller, u.memory_id, patch))
    return WriteResponse(items=results + [WriteResult(status="updated", memory=m) for m in updated])


def _encode_cursor(created_at: datetime, mid: UUID) -> str:
    return base64.urlsafe_b64encode(orjson.dumps([created_at.isoformat(), str(mid)])).decode()


def _decode_cursor(cursor: str) -> tuple[datetime, UUID]:
    try:
        ts, mid = orjson.loads(base64.urlsafe_b64decode(cursor.encode()))
        return utc_representable(datetime.fromisoformat(ts)), UUID(mid)
    except Exception as exc:
        raise ApiError(422, "invalid_cursor", "cursor is not one this API returned") from exc


@router.get("/list", response_model=MemoryList, responses=error_responses(401, 403, 404, 422),
            summary="List memories, newest first, with filters and cursor pagination")
async def list_memories(
    res: Res, caller: Caller,
    owner_id: UUID | None = None,
    type: Annotated[list[MemoryType] | None, Query()] = None,
    tag: Annotated[list[str] | None, Query(max_length=50)] = None,
    session_id: Annotated[str | None, Query(max_length=200)] = None,
    since: AnyTime | None = None,
    until: AnyTime | None = None,
    include_history: bool = Query(False, description="Include superseded memories (valid_to set)"),
    limit: int = Query(50, ge=1, le=200),
    cursor: str | None = Query(None, max_length=500),
) -> MemoryList:
    owner = await resolve_owner(res, caller, owner_id)
    where, params = ["owner_id = $1"], [owner]

    def p(v):
        params.append(v)
        return f"${len(params)}"

    if type:
        where.append(f"type = ANY({p(list(type))}::text[])")
    if tag:
        where.append(f"tags && {p(list(tag))}::text[]")
    if session_id:
        where.append(f"session_id = {p(session_id)}")
    for bound, op in ((since, ">="), (until, "<=")):
        if bound is not None:
            if bound.tzinfo is None:
                raise ApiError(422, "invalid_time", "since/until need a time zone (e.g. 2024-01-01T00:00:00Z)")
            where.append(f"observed_at {op} {p(bound)}")
    if not include_history:
        where.append("valid_to IS NULL")
    if cursor:
        ts, mid = _decode_cursor(cursor)
        where.append(f"(created_at, memory_id) < ({p(ts)}, {p(mid)})")
    sql = (f"SELECT {memory_repo.COLUMNS} FROM memory_items WHERE {' AND '.join(where)} "
           f"ORDER BY created_at DESC, memory_id DESC LIMIT {limit + 1}")
    async with res.db.as_caller(caller) as conn:
        rows = await conn.fetch(sql, *params)
    items = [to_out(r) for r in rows[:limit]]
    next_cursor = _encode_cursor(rows[limit - 1]["created_at"], rows[limit - 1]["id"]) if len(rows) > limit else None
    return MemoryList(items=items, next_cursor=next_cursor)


async def _owned(conn, caller, memory_id: UUID):
    row = await memory_repo.get(conn, memory_id)
    if row is None:
        raise not_found()
    if row["owner_id"] != caller.user_id and caller.role not in ("parent", "orchestrator", "admin"):
        raise not_found()
    return row


@router.get("/{memory_id}", response_model=MemoryOut, responses=error_responses(401, 404, 422))
async def get_memory(memory_id: UUID, res: Res, caller: Caller) -> MemoryOut:
    async with res.db.as_caller(caller) as conn:
        return to_out(await _owned(conn, caller, memory_id))


async def _apply_patch(res, caller, memory_id: UUID, body: MemoryPatch) -> MemoryOut:
    changes = body.model_dump(exclude_unset=True, exclude={"expected_version", "reason"})
    changes = {k: v for k, v in changes.items() if v is not None or k == "valid_to"}
    vec = (await embed(res, [body.text]))[0] if body.text else None
    async with res.db.as_caller(caller) as conn:
        row = await _owned(conn, caller, memory_id)
        _check_may_change(caller, row)
        if body.type == "safety" and caller.role not in ("parent", "admin"):
            raise ApiError(403, "forbidden", "safety memories can be set only by a parent or admin")
        if body.expected_version is not None and body.expected_version != row["version"]:
            raise ApiError(409, "version_conflict", f"memory is at version {row['version']}")
        if not changes:
            return to_out(row)
        await memory_repo.snapshot_version(conn, memory_id, caller.user_id, body.reason)
        new = await conn.fetchrow(*_update_sql(memory_id, changes, vec, res.embedder.model_name))
        if "text" in changes:
            await memory_repo.rebuild_following_context(conn, row["owner_id"], row["session_id"], row["session_seq"])
        await memory_repo.audit(conn, caller.user_id, caller.role, "memory.update", "memory", str(memory_id),
                                body.reason, row["version"], new["version"], {"fields": sorted(changes)})
        await memory_repo.add_outbox(conn, new["owner_id"], "memory.updated", memory_id,
                                     {"memory_id": str(memory_id), "version": new["version"]})
        return to_out(new)


def _update_sql(memory_id: UUID, changes: dict, vec, model_name: str) -> list:
    """UPDATE statement and parameters; a text change also refreshes hash, embedding and BM25 text."""
    params: list = [memory_id]
    sets: list[str] = []
    for k, v in changes.items():
        params.append(v)
        sets.append(f"{k} = ${len(params)}")
    if "text" in changes:
        t = f"${list(changes).index('text') + 2}"
        params += [text_hash(changes["text"]), np.asarray(vec, dtype=np.float32), model_name]
        n = len(params)
        sets += [f"text_hash = ${n - 2}", f"embedding = ${n - 1}", f"embedding_model = ${n}",
                 f"search_text = {t}", "context_text = ''", f"tsv = setweight(to_tsvector('english', {t}), 'A')",
                 f"doc_len = bm25_weighted_len(setweight(to_tsvector('english', {t}), 'A'))"]
    sql = (f"UPDATE memory_items SET {', '.join(sets)}, version = version + 1, updated_at = now() "
           f"WHERE memory_id = $1 RETURNING {memory_repo.COLUMNS}")
    return [sql, *params]


@router.patch("/{memory_id}", response_model=MemoryOut, responses=error_responses(401, 403, 404, 409, 422),
              summary="Edit a memory; the previous version is kept in its history")
async def patch_memory(memory_id: UUID, body: MemoryPatch, res: Res, caller: Caller) -> MemoryOut:
    return await _apply_patch(res, caller, memory_id, body)


@router.delete("/{memory_id}", status_code=204, responses=error_responses(401, 403, 404, 422),
               summary="Forget one memory everywhere (row, vectors, BM25 statistics, links, cache)")
async def delete_memory(memory_id: UUID, res: Res, caller: Caller,
                        reason: Annotated[str | None, Query(max_length=500)] = None) -> Response:
    async with res.db.as_caller(caller) as conn:
        row = await _owned(conn, caller, memory_id)
        _check_may_change(caller, row)
        await conn.execute("DELETE FROM memory_items WHERE memory_id = $1", memory_id)
        await memory_repo.rebuild_following_context(conn, row["owner_id"], row["session_id"], row["session_seq"])
        await memory_repo.tombstone(conn, "memory", str(memory_id), caller.user_id, reason)
        await memory_repo.audit(conn, caller.user_id, caller.role, "memory.delete", "memory", str(memory_id),
                                reason, row["version"], None)
        await memory_repo.add_outbox(conn, row["owner_id"], "memory.deleted", memory_id, {"memory_id": str(memory_id)})
    await forget_memories(res, caller.tenant_id, row["owner_id"], {str(memory_id)})
    return Response(status_code=204)
