"""Memory items: write (candidates, commit), list, get, patch, delete."""
from __future__ import annotations

import logging
from typing import Annotated, Literal
from uuid import UUID

from fastapi import APIRouter, Query, Request, Response

from memcore.policy.contract import PARENT_ROLES
from memcore.policy.type_rules import sets_safety_alone

from ..deps import Caller, IdempotencyKey, Res, resolve_owner
from ..cursors import decode_cursor, encode_cursor
from ..errors import ApiError, error_responses, not_found, unavailable
from ..forgetting import DependencyDown, preflight
from ..schemas import (AnyTime, CandidatesRequest, CommitRequest, MemoryList, MemoryOut, MemoryPatch, MemoryType,
                       WriteResponse, WriteResult)
from ..session_memory import forget_memories
from ..store import audit_repo, document_repo, memory_list_repo, memory_repo, outbox_repo, review_repo
from ..store.memory_list_repo import ListFilters
from .. import timing
from ..entity_linking import recompose_profile, refresh_later
from ..write_gate import Gated, GateItem, gate, keep_original, recomputed_flags, refused, rls_refusal
from ..policy_loading import load_policy
from ..schemas import to_out
from ..write_pipeline import (Candidate, apply_gated, commit_prepared, dump_results, embed, gate_items, idempotent_replay, prepare, request_hash, store_idempotent, write_candidates)

router = APIRouter(prefix="/v1/memory", tags=["memory"])
log = logging.getLogger("memory_api.memory")

PARENT_ONLY_TYPES = {"safety"}
GATED_PATCH_FIELDS = ("subject", "predicate", "value")  # secondary strings a change may store
GATED_PATCH_KEYS = frozenset({"text", "type", "tags", *GATED_PATCH_FIELDS})  # changes the gate checks


SAFETY_SETTERS = ("a parent or admin (in an adult household or an organisation, an adult member too: "
                  "docs/security.md, who sets a safety rule)")


async def _sets_safety(res, caller, owner_id: UUID) -> bool:
    """Whether the caller sets (and so changes) `owner_id`'s safety memories alone
    (memcore.policy.type_rules.sets_safety_alone; the owner's policy is read only when it decides)."""
    if caller.role in PARENT_ROLES or caller.role == "child":
        return caller.role in PARENT_ROLES
    return sets_safety_alone(caller.role, await load_policy(res, caller.tenant_id, owner_id))


def _check_may_change(row, sets_safety: bool) -> None:
    if row["type"] in PARENT_ONLY_TYPES and not sets_safety:
        raise ApiError(403, "forbidden", f"safety memories can be changed only by {SAFETY_SETTERS}")


def _candidate(item) -> Candidate:
    fields = item.model_dump(exclude={"text", "type", "memory_id", "expected_version"}, exclude_none=True)
    return Candidate(text=item.text, type=item.type, fields=fields)


def _check_may_set_type(items, sets_safety: bool) -> None:
    """A safety memory written directly is refused (403) to whoever does not set one alone; a
    child's safety rule stated in a turn goes to the parent's review instead (the policy's hold)."""
    for item in items:
        if item.type == "safety" and not sets_safety:
            raise ApiError(403, "forbidden", f"safety memories can be set only by {SAFETY_SETTERS}")


@router.post("/candidates", response_model=WriteResponse, responses=error_responses(401, 403, 404, 409, 422, 503),
             summary="Upsert extracted candidates: policy, dedupe (exact repeats reinforce), embed, commit")
async def candidates(body: CandidatesRequest, request: Request, res: Res, caller: Caller,
                     idempotency_key: IdempotencyKey = None) -> WriteResponse:
    owner = await resolve_owner(res, caller, body.owner_id)
    policy = await load_policy(res, caller.tenant_id, owner)
    _check_may_set_type(body.items, sets_safety_alone(caller.role, policy))
    stages = timing.start()
    items, _ = await write_candidates(res, caller, owner, [_candidate(i) for i in body.items],
                                      idempotency_key=idempotency_key, body_hash=request_hash(await request.body()),
                                      policy=policy, embedder=res.batch_embedder)
    return WriteResponse(items=items, timings_ms=stages)


def _commit_changes(u) -> dict:
    """A commit update changes what PATCH would (the item's text, type, triple, scores, tags, pin)."""
    patch = MemoryPatch(text=u.text, type=u.type, subject=u.subject, predicate=u.predicate, value=u.value,
                        confidence=u.confidence, salience=u.salience, tags=u.tags, pinned=u.pinned)
    return _changes(patch)


@router.post("/commit", response_model=WriteResponse, responses=error_responses(401, 403, 404, 409, 422, 503),
             summary="Atomic batch: new items are created, items with memory_id are updated (version checked); "
                     "all or nothing, in one transaction")
async def commit(body: CommitRequest, request: Request, res: Res, caller: Caller,
                 idempotency_key: IdempotencyKey = None) -> WriteResponse:
    owner = await resolve_owner(res, caller, body.owner_id)
    policy = await load_policy(res, caller.tenant_id, owner)
    sets_safety = sets_safety_alone(caller.role, policy)
    _check_may_set_type(body.items, sets_safety)
    updates = [(n, i) for n, i in enumerate(body.items) if i.memory_id is not None]
    creates = [(n, i) for n, i in enumerate(body.items) if i.memory_id is None]
    async with res.db.as_caller(caller) as conn:  # fail fast; versions are checked in the transaction (a replay
        rows = [await _changeable(conn, sets_safety, owner, u.memory_id, None) for _, u in updates]  # finds them moved)
    cands = [_candidate(i) for _, i in creates]
    changes = [_commit_changes(u) for _, u in updates]
    gated = await gate(res, caller, policy, gate_items(cands) + [_patch_item(r, c) for r, c in zip(rows, changes)])
    prep = await prepare(res, caller, owner, cands, policy=policy,
                         gated=apply_gated(res, caller, owner, cands, gated[:len(cands)]))
    patches = [_gated_patch(res, caller, row, c, g, f"item {n}")
               for (n, _), row, c, g in zip(updates, rows, changes, gated[len(cands):])]
    await _embed_patches(res, patches)
    outdated: set[UUID] = set()
    results: list[WriteResult | None] = [None] * len(body.items)
    with rls_refusal():
        async with res.db.as_caller(caller) as conn:
            replay = await idempotent_replay(conn, caller, idempotency_key, request_hash(await request.body()))
            if replay is not None:
                return WriteResponse(items=[WriteResult(**r) for r in replay["items"]])
            for (n, _), r in zip(creates, await commit_prepared(conn, res, caller, owner, prep, outdated)):
                results[n] = r
            for (n, u), row, patch in zip(updates, rows, patches):
                await _changeable(conn, sets_safety, owner, u.memory_id, u.expected_version, seen=row["version"])
                results[n] = WriteResult(status="updated", memory=await _write_patch(conn, res, caller, row, patch))
            await store_idempotent(conn, caller, idempotency_key, 200, {"items": dump_results(results)})
    refresh_later(res.db, caller.tenant_id, outdated, res.embedder)
    return WriteResponse(items=results)


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
    layer: Literal["record", "knowledge"] | None = Query(
        None, description="record: conversation turns as said; knowledge: what was learned (default: both)"),
) -> MemoryList:
    owner = await resolve_owner(res, caller, owner_id)
    if any(bound is not None and bound.tzinfo is None for bound in (since, until)):
        raise ApiError(422, "invalid_time", "since/until need a time zone (e.g. 2024-01-01T00:00:00Z)")
    after = decode_cursor(cursor) if cursor else None
    filters = ListFilters(layer=layer, types=type, tags=tag, session_id=session_id, since=since, until=until,
                          include_history=include_history)
    async with res.db.as_caller(caller) as conn:
        rows = await memory_list_repo.page(conn, owner, filters, after, limit)
    items = [to_out(r) for r in rows[:limit]]
    next_cursor = encode_cursor(rows[limit - 1]["created_at"], rows[limit - 1]["id"]) if len(rows) > limit else None
    return MemoryList(items=items, next_cursor=next_cursor)


async def _delete_one(res, conn, caller, row, reason: str | None) -> set[UUID]:
    """Deletes one memory with everything derived from it; returns the entities it was linked to."""
    memory_id = row["id"]
    linked = await memory_list_repo.linked_entities(conn, memory_id)
    await _delete_document_original(res, conn, memory_id)
    await memory_list_repo.delete(conn, memory_id)
    for entity_id in linked:  # the profiles it was part of no longer say it (issue 16)
        await recompose_profile(conn, entity_id)
    await memory_repo.rebuild_following_context(conn, row["owner_id"], row["session_id"], row["session_seq"])
    await audit_repo.tombstone(conn, "memory", str(memory_id), caller.user_id, reason)
    await audit_repo.audit(conn, caller.user_id, caller.role, "memory.delete", "memory", str(memory_id),
                            reason, row["version"], None)
    await outbox_repo.add_outbox(conn, row["owner_id"], "memory.deleted", memory_id, {"memory_id": str(memory_id)})
    return set(linked)


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


def _changes(body: MemoryPatch) -> dict:
    changes = body.model_dump(exclude_unset=True, exclude={"expected_version", "reason"})
    return {k: v for k, v in changes.items() if v is not None or k == "valid_to"}


async def _changeable(conn, sets_safety: bool, owner, memory_id: UUID, expected: int | None,
                      seen: int | None = None):
    """The row a commit update changes: the owner's, at the expected version, changeable by the caller;
    `seen`: the version the gate checked (a concurrent change in between is a conflict too)."""
    row = await memory_repo.get(conn, memory_id)
    if row is None or row["owner_id"] != owner:
        raise not_found()
    for want in (expected, seen):
        if want is not None and want != row["version"]:
            raise ApiError(409, "version_conflict", f"memory {memory_id} is at version {row['version']}")
    _check_may_change(row, sets_safety)
    return row


def _patch_item(row, changes: dict) -> GateItem:
    """What the gate checks for a change: the text it leaves (new or current: its type and tags may
    have changed), with the new secondary strings."""
    fields = {k: changes[k] for k in GATED_PATCH_FIELDS if changes.get(k) is not None}
    fields.update(tags=changes.get("tags", row["tags"]), source=row["source"])
    return GateItem(text=changes.get("text", row["text"]), type=changes.get("type", row["type"]), fields=fields)


def _gated_patch(res, caller, row, changes: dict, gated: Gated, what: str = "this change") -> dict:
    """The changes as stored: redacted, with pii_types and safety flags recomputed. A change the
    policy would drop or hold (PII the household does not keep, a child's profanity in a child
    household, parent review) is refused with its reasons: an edit cannot be queued or half-kept."""
    if gated.decision.decision in ("drop", "hold"):
        raise refused(gated, what)
    out = dict(changes)
    for k in (*GATED_PATCH_FIELDS, "tags"):
        if out.get(k) is not None:
            out[k] = gated.fields[k]
    pii = set(gated.pii_types)
    if "text" in out:
        original, out["text"] = out["text"], gated.text
        out.update(encrypted_original=None, encryption_key_id=None)
        keep_original(res, caller, row["owner_id"], gated.decision, original, out)
    else:
        pii |= set(row["pii_types"] or ())
    out.update(pii_types=sorted(pii), safety_flags=recomputed_flags(row["safety_flags"], gated))
    return out


async def _embed_patches(res, patches: list[dict]) -> None:
    """A changed text's embedding (of the redacted text), outside any transaction."""
    todo = [p for p in patches if "text" in p]
    if todo:
        for p, vec in zip(todo, await embed(res, [p["text"] for p in todo])):
            p["embedding_vec"] = vec


async def _write_patch(conn, res, caller, row, changes: dict, reason: str | None = None) -> MemoryOut:
    memory_id = row["id"]
    vec = changes.pop("embedding_vec", None)
    await memory_repo.snapshot_version(conn, memory_id, caller.user_id, reason)
    new = await memory_list_repo.update(conn, memory_id, changes, vec, res.embedder.model_name)
    if "text" in changes:
        await memory_repo.rebuild_following_context(conn, row["owner_id"], row["session_id"], row["session_seq"])
        for entity_id in await memory_list_repo.linked_entities(conn, memory_id):  # profiles quote the new text (issue 16)
            await recompose_profile(conn, entity_id)
    await audit_repo.audit(conn, caller.user_id, caller.role, "memory.update", "memory", str(memory_id),
                            reason, row["version"], new["version"], {"fields": sorted(changes)})
    await outbox_repo.add_outbox(conn, new["owner_id"], "memory.updated", memory_id,
                                 {"memory_id": str(memory_id), "version": new["version"]})
    return to_out(new)


async def _apply_patch(res, caller, memory_id: UUID, body: MemoryPatch) -> MemoryOut:
    changes = _changes(body)
    async with res.db.as_caller(caller) as conn:
        row = await _owned(conn, caller, memory_id)
    sets_safety = await _sets_safety(res, caller, row["owner_id"])
    _check_may_set_type([body], sets_safety)
    _check_may_change(row, sets_safety)
    if body.expected_version is not None and body.expected_version != row["version"]:
        raise ApiError(409, "version_conflict", f"memory is at version {row['version']}")
    if not changes:
        return to_out(row)
    reason = body.reason
    if GATED_PATCH_KEYS & changes.keys() or reason:
        item = _patch_item(row, changes)
        item.fields["reason"] = reason  # kept in the history and the audit log
        policy = await load_policy(res, caller.tenant_id, row["owner_id"])
        [gated] = await gate(res, caller, policy, [item])
        changes, reason = _gated_patch(res, caller, row, changes, gated), gated.fields.get("reason")
        await _embed_patches(res, [changes])
    with rls_refusal():
        async with res.db.as_caller(caller) as conn:
            await _changeable(conn, sets_safety, row["owner_id"], memory_id, body.expected_version, seen=row["version"])
            return await _write_patch(conn, res, caller, row, changes, reason)


@router.patch("/{memory_id}", response_model=MemoryOut, responses=error_responses(401, 403, 404, 409, 422),
              summary="Edit a memory; the previous version is kept in its history")
async def patch_memory(memory_id: UUID, body: MemoryPatch, res: Res, caller: Caller) -> MemoryOut:
    return await _apply_patch(res, caller, memory_id, body)


async def _delete_document_original(res, conn, memory_id: UUID) -> None:
    """A chunk's document original still says what is being deleted: it goes first (blob storage
    down: 503, nothing deleted), and the document no longer names it."""
    doc = await document_repo.original_of_memory(conn, memory_id)
    if doc is None:
        return
    if res.blob is not None:
        try:
            await res.blob.delete_prefix(doc["blob_path"])
        except Exception as exc:  # noqa: BLE001
            raise unavailable("blob storage", "nothing was deleted") from exc
    await document_repo.forget_original(conn, doc["document_id"])


@router.delete("/{memory_id}", status_code=204, responses=error_responses(401, 403, 404, 422, 503),
               summary="Forget one memory everywhere (row, vectors, BM25 statistics, links, cache)")
async def delete_memory(memory_id: UUID, res: Res, caller: Caller,
                        reason: Annotated[str | None, Query(max_length=500)] = None) -> Response:
    # Redis holds cached copies of the memory (the session's recent turns): it must answer before
    # Postgres changes, so that a delete never leaves a copy behind it could not reach.
    try:
        await preflight(res, None)
    except DependencyDown as exc:
        raise unavailable(exc.dependency, "nothing was deleted") from exc
    linked: set[UUID] = set()
    async with res.db.as_caller(caller) as conn:
        row = await _owned(conn, caller, memory_id)
        if row["type"] in PARENT_ONLY_TYPES:
            _check_may_change(row, await _sets_safety(res, caller, row["owner_id"]))
        # What waits for a parent's review from a forgotten turn goes first: the delete locks those
        # items, so an approval racing it either finds them gone (404) or committed its fact before,
        # which the next statement then finds among the knowledge drawn from the turn.
        if row["layer"] == "record":
            await review_repo.forget_held_of_turn(conn, memory_id)
        # A forgotten turn takes with it the knowledge drawn only from it (issue 35); a fact another
        # turn also taught stays, no longer citing this one.
        drawn = await memory_repo.drawn_only_from(conn, memory_id) if row["layer"] == "record" else []
        for gone in [row, *drawn]:
            linked |= await _delete_one(res, conn, caller, gone, reason)
        await memory_repo.unlink_source_turn(conn, memory_id)
    refresh_later(res.db, caller.tenant_id, linked, res.embedder)
    try:
        await forget_memories(res, caller.tenant_id, row["owner_id"], {str(memory_id)} | {str(d["id"]) for d in drawn})
    except Exception:  # noqa: BLE001 - Redis died since the preflight: reads select cached turns
        # through the read gate, so the copy left behind is unreadable and expires with the session
        log.warning("cached copies of a deleted memory stay until the session expires", exc_info=True)
    return Response(status_code=204)
