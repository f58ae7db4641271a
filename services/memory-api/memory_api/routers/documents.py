"""Documents: long text chunked (300-800 tokens, ~12% overlap), chunks linked to their document.

The chunks, the title and the source URI pass the write gate in one policy call; the document row
and its chunks are then written in one transaction with the Idempotency-Key record, so a refused
or failed request leaves nothing behind and a replay returns the first answer. The original, as
uploaded, is kept in blob storage where the policy allows (document_originals.py) and read back
with GET /v1/documents/{id}/original: a sealed original (PII the household keeps encrypted) only by
a guardian who may decide about PII (parent, admin) or by its adult owner, never by a child or an
orchestrator, whose chunks show the placeholders.

A household that has not opted in stores nothing, titled or not: the request is refused before the
policy call (and the database refuses a document row of such a household, migration 0022)."""
from __future__ import annotations

import logging
import uuid
from datetime import datetime, timezone

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse

from memcore.chunking import chunk_with

from .. import cpu_work, document_originals as originals
from ..deps import Caller, IdempotencyKey, Res, resolve_owner
from ..entity_linking import refresh_later
from ..errors import ApiError, error_responses
from ..schemas import DocumentRequest, DocumentResponse
from ..store import document_repo
from ..write_gate import NOT_OPTED_IN, GateItem, gate, refused, rls_refusal
from ..policy_loading import load_policy
from ..candidate import Candidate
from ..write_pipeline import (apply_gated, commit_prepared, gate_items, idempotent_replay, prepare, request_hash,
                              store_idempotent)

router = APIRouter(prefix="/v1/documents", tags=["documents"])
log = logging.getLogger("memory_api.documents")
GUARDIANS = ("parent", "admin", "orchestrator")
SEALED_READERS = ("parent", "admin")  # besides an adult owner: who may see the PII a sealed original holds
ADULT_ROLES = ("user", "parent", "admin")


@router.post("", response_model=DocumentResponse, status_code=201,
             responses=error_responses(401, 403, 404, 409, 413, 422, 503),
             summary="Store a document as overlapping chunks linked to it")
async def add_document(body: DocumentRequest, request: Request, res: Res, caller: Caller,
                       idempotency_key: IdempotencyKey = None) -> DocumentResponse:
    if len(body.text) > res.settings.max_document_chars:
        raise ApiError(413, "too_large", f"documents are limited to {res.settings.max_document_chars} characters")
    owner = await resolve_owner(res, caller, body.owner_id)
    chunks = await cpu_work.documents(chunk_with, body.text, res.embedder)  # off the event loop
    document_id = uuid.uuid4()
    at = body.observed_at or datetime.now(timezone.utc)
    total = sum(c.tokens for c in chunks)
    cands = [Candidate(text=c.text, type="document",
                       fields={"document_id": document_id, "chunk_index": c.index, "tags": body.tags,
                               "observed_at": at, "source": "import"})
             for c in chunks]
    # The document row's own strings: the title (redacted in place) and the source URI (an identifier).
    header = GateItem(text=body.title or "", type="document", fields={"source_uri": body.source_uri})
    policy = await load_policy(res, caller.tenant_id, owner)
    if not policy.household_opted_in:  # before anything is stored, the document row included
        raise ApiError(422, "refused_by_policy", f"the document was refused by the household policy: {NOT_OPTED_IN}",
                       {"decision": "drop", "reasons": [NOT_OPTED_IN]})
    checked = await gate(res, caller, policy, gate_items(cands) + [header])
    gated, head = checked[:-1], checked[-1]
    if body.title and head.decision.decision == "drop":
        raise refused(head, "the document's title")
    title = head.text if body.title and head.decision.decision != "hold" else None  # held: stored untitled
    chunks_gated = apply_gated(res, caller, owner, cands, gated)
    for cand, dec in zip(cands, chunks_gated.decisions):  # BM25 indexes the chunk with its (redacted) title
        if title and dec.redacted_text is not None:
            cand.index_text = f"{title}\n{dec.redacted_text}"
    prep = await prepare(res, caller, owner, cands, policy=policy, gated=chunks_gated, embedder=res.batch_embedder)
    outdated: set[uuid.UUID] = set()
    with rls_refusal():
        async with res.db.as_caller(caller) as conn:
            replay = await idempotent_replay(conn, caller, idempotency_key, request_hash(await request.body()))
            if replay is not None:
                return DocumentResponse.model_validate(replay)
            how = originals.keeping(chunks_gated.decisions)
            blob_path, why = None, how.reason
            try:  # before the row that names it: a failed commit leaves at most a blob under the owner's prefix
                blob_path = await originals.store(res, caller.tenant_id, owner, document_id, body.text, how)
            except Exception as exc:  # noqa: BLE001 - the chunks are what memory needs; say the original is not kept
                log.warning("document original not stored: %s: %s", type(exc).__name__, exc)
                why = "blob storage did not answer, so the original is not kept"
            if blob_path is None and why is None:
                why = "no blob storage is configured, so the original is not kept"
            await document_repo.add(conn, document_id, owner, title, body.source_uri, total, blob_path)
            items = await commit_prepared(conn, res, caller, owner, prep, outdated)
            response = DocumentResponse(document_id=document_id, chunks=items, token_count=total,
                                        original_kept=blob_path is not None,
                                        original_reason=None if blob_path else why)
            await store_idempotent(conn, caller, idempotency_key, 201, orjson.loads(response.model_dump_json()))
    refresh_later(res, caller.tenant_id, outdated)
    return response


@router.get("/{document_id}/original", response_class=PlainTextResponse, responses=error_responses(401, 403, 404),
            summary="The document as uploaded, where its original was kept (owner and guardians)")
async def get_original(document_id: uuid.UUID, res: Res, caller: Caller) -> PlainTextResponse:
    async with res.db.as_caller(caller) as conn:
        doc = await document_repo.get(conn, document_id)
        if doc is None or (doc["owner_id"] != caller.user_id and caller.role not in GUARDIANS):
            raise ApiError(404, "not_found", "document not found")
        # the read gate decides chunk by chunk: an original is shown only to whoever may see every chunk
        seen = await document_repo.chunk_count(conn, document_id)
    async with res.db.as_system(caller.tenant_id) as conn:
        total = await document_repo.chunk_count(conn, document_id)
    if seen < total:
        raise ApiError(403, "forbidden", "part of this document is not shown to you, so neither is its original")
    if not doc["blob_path"]:
        raise ApiError(404, "not_found", "this document's original was not kept")
    if originals.is_sealed(doc["blob_path"]) and not (
            caller.role in SEALED_READERS or (doc["owner_id"] == caller.user_id and caller.role in ADULT_ROLES)):
        raise ApiError(403, "forbidden", "this original holds personal data the household keeps encrypted: it goes "
                                         "to a parent or admin, or to its adult owner, not to you")
    text = await originals.load(res, caller.tenant_id, doc["owner_id"], doc["blob_path"])
    if text is None:
        raise ApiError(404, "not_found", "this document's original is no longer stored")
    return PlainTextResponse(text)
