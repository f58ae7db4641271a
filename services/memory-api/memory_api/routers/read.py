"""The read path: retrieve and contextify."""
from __future__ import annotations

import dataclasses
import time

from fastapi import APIRouter

from .. import timing
from ..deps import Caller, Res, resolve_owner
from ..errors import error_responses
from ..contextify import contextify as run_contextify
from ..read_pipeline import retrieve as run_retrieve
from ..schemas import ContextifyRequest, ContextifyResponse, RetrieveRequest, RetrieveResponse

router = APIRouter(prefix="/v1/memory", tags=["read"])


@router.post("/retrieve", response_model=RetrieveResponse, responses=error_responses(401, 403, 404, 422),
             summary="Ranked memories for a query, with the score of every signal that ranked each one")
async def retrieve(body: RetrieveRequest, res: Res, caller: Caller) -> RetrieveResponse:
    start = time.perf_counter()
    stages = timing.start()
    owner = await resolve_owner(res, caller, body.owner_id)
    reader = dataclasses.replace(caller, reading=(body.project_id, body.session_id))
    filters = body.filters.model_copy(update={"scope": body.scope}) if body.scope else body.filters
    items = await run_retrieve(res, reader, owner, body.query, filters, body.k, body.mode)
    return RetrieveResponse(items=items, took_ms=round((time.perf_counter() - start) * 1000, 2), timings_ms=stages)


@router.post("/contextify", response_model=ContextifyResponse, responses=error_responses(401, 403, 404, 422),
             summary="One token-budgeted memory block for the LLM, with citations and a decision log")
async def contextify(body: ContextifyRequest, res: Res, caller: Caller) -> ContextifyResponse:
    owner = await resolve_owner(res, caller, body.owner_id)
    reader = dataclasses.replace(caller, reading=(body.project_id, body.session_id))
    return await run_contextify(res, reader, owner, body.query, body.session_id, body.token_budget, body.filters)
