"""Dead letters of the change stream (service admin token): list, inspect and replay.

An event is dead-lettered when a consumer's handler kept failing on a healthy system (a failure
while a dependency is away is waited out, never dead-lettered: consolidator.consumer). What is shown
are ids and reason codes: the event's id, type, tenant and owner, the number of deliveries and the
failure's exception type (and SQLSTATE), never a payload or an error message, which could quote a
child's words. A replay publishes the event again with its own event id, so a consumer that already
applied it (in any group) does nothing, and removes it from the dead letters; replaying an id that
is no longer there (replayed already, or purged when its subject was forgotten) is a 404 that
changes nothing. Runbook: docs/operations.md, "Dead letters".
"""
from __future__ import annotations

import re
from contextlib import asynccontextmanager
from typing import Annotated, AsyncIterator

from fastapi import APIRouter, Depends, Path, Query
from pydantic import BaseModel, Field

from memcore.adapters.bus import DeadLetter
from memcore.adapters.bus.redis_streams import RedisStreamsBus

from ..deps import Res, Resources
from ..errors import ApiError, error_responses
from ..forgetting import make_bus
from .admin import service_admin

router = APIRouter(prefix="/v1/admin/dead-letters", tags=["admin"], dependencies=[Depends(service_admin)])

GROUP = Path(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9._:-]+$",
             description="The consumer group, e.g. consolidator.promotion")
DEAD_LETTER_ID = Path(max_length=41, pattern=r"^\d{1,20}-\d{1,20}$", description="The dead letter's id")


class GroupCount(BaseModel):
    group: str
    count: int


class DeadLetterGroups(BaseModel):
    groups: list[GroupCount]
    total: int


class DeadLetterOut(BaseModel):
    id: str
    group: str
    event_id: str
    event_type: str
    tenant_id: str
    owner_id: str = Field(description="The event's key: the owner whose events it orders")
    attempts: int = Field(description="Deliveries before it was dead-lettered")
    reason: str = Field(description="The failure's exception type (and SQLSTATE); never a message")
    created_at: str | None = Field(None, description="When the event's outbox row committed")


class DeadLetterPage(BaseModel):
    items: list[DeadLetterOut]
    next_after: str | None = Field(None, description="Pass as `after` for the next page")


class Replayed(BaseModel):
    id: str
    group: str
    event_id: str
    replayed: bool = True


def shown_reason(reason: str) -> str:
    """The code of a recorded reason: what precedes a message (dead letters written before reasons
    were codes held repr(exc), whose message may quote content)."""
    return re.split(r"[(:]", reason, maxsplit=1)[0].strip()[:200]


def _out(group: str, dead_letter_id: str, dead: DeadLetter) -> DeadLetterOut:
    e = dead.event
    return DeadLetterOut(id=dead_letter_id, group=group, event_id=e.event_id, event_type=e.type,
                         tenant_id=e.tenant_id, owner_id=e.key, attempts=dead.attempts,
                         reason=shown_reason(dead.reason), created_at=e.created_at)


@asynccontextmanager
async def _bus(res: Resources) -> AsyncIterator[RedisStreamsBus]:
    try:
        bus = make_bus(res)
    except ValueError as exc:
        raise ApiError(503, "unavailable", "the change-stream bus is not configured", {"dependency": "bus"}) from exc
    if not isinstance(bus, RedisStreamsBus):  # the one bus that lists dead letters by id
        await bus.close()
        raise ApiError(501, "not_implemented", f"the {bus.name} bus does not list dead letters by id; "
                                               "see docs/operations.md, Dead letters")
    try:
        yield bus
    finally:
        await bus.close()


@router.get("", response_model=DeadLetterGroups, responses=error_responses(401, 501, 503),
            summary="How many dead letters each consumer group holds")
async def count_dead_letters(res: Res) -> DeadLetterGroups:
    async with _bus(res) as bus:
        groups = [GroupCount(group=g, count=await bus.dead_letter_count(g)) for g in await bus.dead_letter_groups()]
    return DeadLetterGroups(groups=groups, total=sum(g.count for g in groups))


@router.get("/{group}", response_model=DeadLetterPage, responses=error_responses(401, 422, 501, 503),
            summary="A consumer group's dead letters, oldest first (ids and reason codes)")
async def list_dead_letters(res: Res, group: str = GROUP, limit: Annotated[int, Query(ge=1, le=500)] = 100,
                            after: Annotated[str | None, Query(max_length=41, pattern=r"^\d{1,20}-\d{1,20}$")] = None
                            ) -> DeadLetterPage:
    async with _bus(res) as bus:
        rows = await bus.dead_letter_entries(group, limit + 1, after)
    page = rows[:limit]
    return DeadLetterPage(items=[_out(group, i, d) for i, d in page],
                          next_after=page[-1][0] if len(rows) > limit else None)


@router.get("/{group}/{dead_letter_id}", response_model=DeadLetterOut, responses=error_responses(401, 404, 422, 501, 503),
            summary="One dead letter")
async def get_dead_letter(res: Res, group: str = GROUP, dead_letter_id: str = DEAD_LETTER_ID) -> DeadLetterOut:
    async with _bus(res) as bus:
        dead = await bus.dead_letter(group, dead_letter_id)
    if dead is None:
        raise ApiError(404, "not_found", "no such dead letter (replayed already, or purged by forgetting)")
    return _out(group, dead_letter_id, dead)


@router.post("/{group}/{dead_letter_id}/replay", response_model=Replayed,
             responses=error_responses(401, 404, 422, 501, 503),
             summary="Publish a dead letter's event again (same event id: no second effect where it was applied)")
async def replay_dead_letter(res: Res, group: str = GROUP, dead_letter_id: str = DEAD_LETTER_ID) -> Replayed:
    async with _bus(res) as bus:
        dead = await bus.replay_dead_letter(group, dead_letter_id)
    if dead is None:
        raise ApiError(404, "not_found", "no such dead letter (replayed already, or purged by forgetting)")
    return Replayed(id=dead_letter_id, group=group, event_id=dead.event.event_id)

