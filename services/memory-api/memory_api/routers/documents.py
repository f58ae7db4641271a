"""Documents: long text chunked (300-800 tokens, ~12% overlap), chunks linked to their document."""
from __future__ import annotations

import uuid
from datetime import datetime, timezone

from fastapi import APIRouter, Request

from memcore.chunking import chunk_text

from ..deps import Caller, IdempotencyKey, Res, resolve_owner
from ..errors import ApiError, error_responses
from ..schemas import DocumentRequest, DocumentResponse
from ..write_pipeline import Candidate, request_hash, write_candidates

router = APIRouter(prefix="/v1/documents", tags=["documents"])


@router.post("", response_model=DocumentResponse, status_code=201,
             responses=error_responses(401, 403, 404, 409, 413, 422, 503),
             summary="Store a document as overlapping chunks linked to it")
async def add_document(body: DocumentRequest, request: Request, res: Res, caller: Caller,
                       idempotency_key: IdempotencyKey = None) -> DocumentResponse:
    if len(body.text) > res.settings.max_document_chars:
        raise ApiError(413, "too_large", f"documents are limited to {res.settings.max_document_chars} characters")
    owner = await resolve_owner(res, caller, body.owner_id)
    chunks = chunk_text(body.text, res.embedder.count_tokens)
    document_id = uuid.uuid4()
    at = body.observed_at or datetime.now(timezone.utc)
    total = sum(c.tokens for c in chunks)
    async with res.db.as_caller(caller) as conn:
        await conn.execute(
            """INSERT INTO documents (tenant_id, document_id, owner_id, title, source_uri, token_count)
               VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, $5)""",
            document_id, owner, body.title, body.source_uri, total)
    cands = [Candidate(text=c.text, type="document", index_text=f"{body.title}\n{c.text}" if body.title else None,
                       fields={"document_id": document_id, "chunk_index": c.index, "tags": body.tags,
                               "observed_at": at, "source": "import"})
             for c in chunks]
    items, _ = await write_candidates(res, caller, owner, cands, idempotency_key=idempotency_key,
                                      body_hash=request_hash(await request.body()))
    return DocumentResponse(document_id=document_id, chunks=items, token_count=total)
