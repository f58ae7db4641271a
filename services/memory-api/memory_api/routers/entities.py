"""Entities: search, profile, rename and aliases, merge, split, and resolve (disambiguation)."""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal
from uuid import UUID

import asyncpg
from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from memcore.adapters.entity_profiles import recompose_profile

from ..cursors import decode_name_cursor, encode_name_cursor
from ..auth import Principal
from ..deps import Caller, Res, Resources, resolve_owner
from ..entity_linking import refresh_embeddings
from ..entity_resolver import resolve_text
from ..errors import ApiError, error_responses, not_found
from ..session_tracking import load as load_session
from ..store import entity_repo
from ..write_gate import gate_names, rls_refusal
from ..policy_loading import load_policy
from ..schemas import Strict


router = APIRouter(prefix="/v1/entities", tags=["entities"])
EntityType = Literal["person", "org", "project", "place", "system", "process", "concept"]
NO_CHILD = ("user", "parent", "orchestrator", "admin")


class EntitySummary(BaseModel):
    id: UUID
    type: str
    name: str
    aliases: list[str]
    description: str
    context_tags: list[str]
    memory_count: int = Field(0, description="How many memories are linked to it, as its page lists them (a turn's "
                              "record and a fact drawn from it in its own words are two rows; a split moves either)")


class EntityList(BaseModel):
    items: list[EntitySummary]
    next_cursor: str | None = None


class Edge(BaseModel):
    id: UUID
    predicate: str
    direction: Literal["out", "in"]
    other_id: UUID
    other_name: str
    memory_id: UUID | None = None


class LinkedMemory(BaseModel):
    id: UUID
    text: str
    type: str
    role: str
    observed_at: datetime


class EntityDetail(BaseModel):
    id: UUID
    type: str
    name: str
    aliases: list[str]
    parent_id: UUID | None = None
    parent_name: str | None = None
    profile: str
    context_tags: list[str]
    facets: dict[str, list[str]]
    profile_embedded: bool = Field(description="False while the profile embedding awaits its refresh")
    memories: list[LinkedMemory]
    edges: list[Edge]
    created_at: datetime
    updated_at: datetime


class EntityPatch(Strict):
    name: str | None = Field(None, min_length=1, max_length=300, description="Rename (the old name stays an alias)")
    add_aliases: list[Annotated[str, Field(min_length=1, max_length=300)]] = Field(default_factory=list, max_length=50)
    remove_aliases: list[Annotated[str, Field(min_length=1, max_length=300)]] = Field(default_factory=list, max_length=50)
    owner_id: UUID | None = None


class MergeRequest(Strict):
    into: UUID = Field(description="The entity that remains")
    sources: list[UUID] = Field(min_length=1, max_length=50, description="Entities folded into `into`, then deleted")
    owner_id: UUID | None = None


class SplitRequest(Strict):
    name: str = Field(min_length=1, max_length=300, description="Name of the new entity")
    type: EntityType | None = None
    memory_ids: list[UUID] = Field(min_length=1, max_length=500, description="Linked memories that move to it")
    aliases: list[Annotated[str, Field(min_length=1, max_length=300)]] = Field(default_factory=list, max_length=50)
    owner_id: UUID | None = None


class SplitResult(BaseModel):
    source: EntityDetail
    created: EntityDetail
    moved: int


class ResolveRequest(Strict):
    text: str = Field(min_length=1, max_length=2000)
    session_id: str | None = Field(None, max_length=200)
    owner_id: UUID | None = None


class CandidateOut(BaseModel):
    entity_id: UUID
    name: str
    description: str
    score: float
    similarity: float
    lexical: float
    alias_hit: bool


class ResolutionOut(BaseModel):
    surface: str = Field(description="The name as written in the text")
    status: Literal["resolved", "unique", "ambiguous"]
    entity_id: UUID | None
    margin: float | None = Field(description="Lead of the best candidate over the runner-up")
    context: str = Field(description="The text without the name, compared with the profiles")
    candidates: list[CandidateOut]


class ResolveResponse(BaseModel):
    resolutions: list[ResolutionOut]
    clarification: dict[str, Any] | None = None
    related: list[dict[str, Any]] = Field(default_factory=list, description="Entities reached by a named relation")


def _summary(r: dict[str, Any]) -> EntitySummary:
    first = r["profile_summary"].split(". ")
    return EntitySummary(id=r["entity_id"], type=r["type"], name=r["canonical_name"], aliases=list(r["aliases"]),
                         description=". ".join(first[1:3]).strip() if len(first) > 1 else "",
                         context_tags=list(r["context_tags"]), memory_count=r.get("memory_count", 0) or 0)


async def _detail(conn: asyncpg.Connection, owner_id: UUID, entity_id: UUID) -> EntityDetail:
    r = await entity_repo.get(conn, owner_id, entity_id)
    if r is None:
        raise not_found("entity")
    edges = await entity_repo.edges_of(conn, entity_id)
    mems = await entity_repo.linked_memories(conn, entity_id)
    return EntityDetail(
        id=r["entity_id"], type=r["type"], name=r["canonical_name"], aliases=list(r["aliases"]),
        parent_id=r["parent_entity_id"], parent_name=r["parent_name"], profile=r["profile_summary"],
        context_tags=list(r["context_tags"]), facets=r["facets"] or {}, profile_embedded=not r["profile_stale"],
        memories=[LinkedMemory(**dict(m)) for m in mems],
        edges=[Edge(id=e["edge_id"], predicate=e["predicate"],
                    direction="out" if e["src_entity_id"] == entity_id else "in",
                    other_id=e["dst_entity_id"] if e["src_entity_id"] == entity_id else e["src_entity_id"],
                    other_name=e["dst_name"] if e["src_entity_id"] == entity_id else e["src_name"],
                    memory_id=e["memory_id"]) for e in edges],
        created_at=r["created_at"], updated_at=r["updated_at"])


def _cursor(row: asyncpg.Record) -> str:
    return encode_name_cursor(row["canonical_name"].lower(), row["entity_id"])


def _after(cursor: str | None) -> tuple[str, UUID] | None:
    return decode_name_cursor(cursor) if cursor else None


@router.get("", response_model=EntityList, responses=error_responses(401, 403, 404, 422),
            summary="Search entities by name or alias (substring or near spelling), paginated by name")
async def list_entities(res: Res, caller: Caller, q: Annotated[str | None, Query(max_length=300)] = None,
                        type: EntityType | None = None, limit: Annotated[int, Query(ge=1, le=200)] = 50,
                        cursor: Annotated[str | None, Query(max_length=500)] = None,
                        owner_id: UUID | None = None) -> EntityList:
    owner = await resolve_owner(res, caller, owner_id)
    async with res.db.as_caller(caller) as conn:
        rows = await entity_repo.search(conn, owner, q, type, limit + 1, _after(cursor))
    page = rows[:limit]
    return EntityList(items=[_summary(dict(r)) for r in page],
                      next_cursor=_cursor(page[-1]) if len(rows) > limit else None)


@router.post("/resolve", response_model=ResolveResponse, responses=error_responses(401, 403, 404, 422),
             summary="Which entities a text names: candidates, scores and margins; a clarification when unsure")
async def resolve(body: ResolveRequest, res: Res, caller: Caller) -> ResolveResponse:
    owner = await resolve_owner(res, caller, body.owner_id)
    session, state = None, None
    if body.session_id:
        state = await load_session(res, caller.tenant_id, owner, body.session_id)
        session = state.activation()
    async with res.db.as_caller(caller) as conn:
        ctx = await resolve_text(res, conn, owner, body.text, session=session, conversation=state)
        related = await entity_repo.get_entities(conn, list(ctx.related)) if ctx.related else []
    return ResolveResponse(
        # memcore's Resolution holds its status and id as text: pydantic checks them here
        resolutions=[ResolutionOut.model_validate(
            {"surface": r.surface, "status": r.status, "entity_id": r.entity_id, "margin": r.margin,
             "context": r.context, "candidates": [CandidateOut(**c.__dict__) for c in r.candidates[:20]]})
                     for r in ctx.resolutions],
        clarification=ctx.clarification,
        related=[{"entity_id": str(e["entity_id"]), "name": e["canonical_name"], "relation": ctx.related[e["entity_id"]]}
                 for e in related])


@router.get("/{entity_id}", response_model=EntityDetail, responses=error_responses(401, 403, 404, 422),
            summary="One entity: living profile, aliases, linked memories, edges")
async def get_entity(entity_id: UUID, res: Res, caller: Caller, owner_id: UUID | None = None) -> EntityDetail:
    owner = await resolve_owner(res, caller, owner_id)
    async with res.db.as_caller(caller) as conn:
        await _owned_entity(conn, owner, entity_id)
        await refresh_embeddings(conn, [entity_id], res.embedder)
        return await _detail(conn, owner, entity_id)


async def _owned_entity(conn: asyncpg.Connection, owner: UUID, entity_id: UUID) -> asyncpg.Record:
    row = await entity_repo.get(conn, owner, entity_id)
    if row is None:
        raise not_found("entity")
    return row


def _may_edit(caller: Principal) -> None:
    if caller.role not in NO_CHILD:
        raise ApiError(403, "forbidden", f"role '{caller.role}' may not edit entities")


@router.patch("/{entity_id}", response_model=EntityDetail, responses=error_responses(401, 403, 404, 409, 422),
              summary="Rename an entity, add or remove aliases")
async def patch_entity(entity_id: UUID, body: EntityPatch, res: Res, caller: Caller) -> EntityDetail:
    _may_edit(caller)
    owner = await resolve_owner(res, caller, body.owner_id)
    await _gate_names(res, caller, owner, [body.name, *body.add_aliases])
    with rls_refusal():
        return await _patch_entity(res, caller, owner, entity_id, body)


async def _gate_names(res: Resources, caller: Principal, owner: UUID, names: list[str | None]) -> None:
    """New names pass the write gate (policy of the owner's household) before anything is written."""
    if any(names):
        await gate_names(res, caller, await load_policy(res, caller.tenant_id, owner), names)


async def _patch_entity(res: Resources, caller: Principal, owner: UUID, entity_id: UUID,
                        body: EntityPatch) -> EntityDetail:
    async with res.db.as_caller(caller) as conn:
        row = await _owned_entity(conn, owner, entity_id)
        if body.name and body.name != row["canonical_name"]:
            await entity_repo.rename(conn, entity_id, body.name)
            await entity_repo.add_names(conn, entity_id, [row["canonical_name"]])
        if body.add_aliases:
            await entity_repo.add_names(conn, entity_id, body.add_aliases)
        for alias in body.remove_aliases:
            await entity_repo.remove_alias(conn, entity_id, alias)
        await recompose_profile(conn, entity_id)
        return await _detail(conn, owner, entity_id)


@router.post("/merge", response_model=EntityDetail, responses=error_responses(401, 403, 404, 409, 422),
             summary="Merge duplicate entities into one (links, edges, aliases move; sources are deleted)")
async def merge_entities(body: MergeRequest, res: Res, caller: Caller) -> EntityDetail:
    _may_edit(caller)
    owner = await resolve_owner(res, caller, body.owner_id)
    sources = [s for s in dict.fromkeys(body.sources) if s != body.into]
    if not sources:
        raise ApiError(409, "conflict", "nothing to merge: sources must differ from `into`")
    async with res.db.as_caller(caller) as conn:
        for eid in [body.into, *sources]:
            await _owned_entity(conn, owner, eid)
        await entity_repo.merge(conn, body.into, sources)
        await recompose_profile(conn, body.into)
        return await _detail(conn, owner, body.into)


@router.post("/{entity_id}/split", response_model=SplitResult, responses=error_responses(401, 403, 404, 409, 422),
             summary="Split an entity: the listed linked memories move to a new entity")
async def split_entity(entity_id: UUID, body: SplitRequest, res: Res, caller: Caller) -> SplitResult:
    _may_edit(caller)
    owner = await resolve_owner(res, caller, body.owner_id)
    await _gate_names(res, caller, owner, [body.name, *body.aliases])
    with rls_refusal():
        return await _split_entity(res, caller, owner, entity_id, body)


async def _split_entity(res: Resources, caller: Principal, owner: UUID, entity_id: UUID,
                        body: SplitRequest) -> SplitResult:
    async with res.db.as_caller(caller) as conn:
        row = await _owned_entity(conn, owner, entity_id)
        linked = {m["id"] for m in await entity_repo.linked_memories(conn, entity_id, limit=100000)}
        missing = [str(m) for m in body.memory_ids if m not in linked]
        if missing:
            raise ApiError(409, "conflict", "memories not linked to this entity", {"memory_ids": missing})
        new_id = await entity_repo.create(conn, owner, body.name, body.type or row["type"], body.aliases)
        moved = await entity_repo.move_links(conn, entity_id, new_id, body.memory_ids)
        await recompose_profile(conn, entity_id)
        await recompose_profile(conn, new_id)
        return SplitResult(source=await _detail(conn, owner, entity_id), created=await _detail(conn, owner, new_id),
                           moved=moved)
