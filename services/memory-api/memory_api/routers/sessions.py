"""Conversation tracking state of a session: active entities with layer and score."""
from __future__ import annotations

from uuid import UUID

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field

from ..deps import Caller, Res, resolve_owner
from ..errors import error_responses
from ..session_tracking import load

router = APIRouter(prefix="/v1/sessions", tags=["sessions"])
SessionId = Path(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9._:@-]+$")


class ActiveEntity(BaseModel):
    key: str = Field(description="Entity id, or name:<name> for a name not stored as an entity")
    entity_id: UUID | None
    name: str
    type: str
    layer: str = Field(description="scene | topic | mention")
    score: float
    last_turn: int
    history: list[float] = Field(description="Score after each turn since it became active")


class PronounOut(BaseModel):
    pronoun: str
    entity: str | None
    name: str | None


class SessionEntities(BaseModel):
    session_id: str
    turn: int
    entities: list[ActiveEntity]
    pronouns: list[PronounOut] = Field(description="How the last turn's pronouns were resolved")


@router.get("/{session_id}/entities", response_model=SessionEntities, responses=error_responses(401, 403, 404, 422),
            summary="Active entities of a conversation, most salient first")
async def session_entities(res: Res, caller: Caller, session_id: str = SessionId,
                           owner_id: UUID | None = None) -> SessionEntities:
    owner = await resolve_owner(res, caller, owner_id)
    state = await load(res, caller.tenant_id, owner, session_id)
    return SessionEntities(
        session_id=session_id, turn=state.turn,
        entities=[ActiveEntity(key=a.key, entity_id=None if a.key.startswith("name:") else UUID(a.key), name=a.name,
                               type=a.type, layer=a.layer, score=a.score, last_turn=a.last_turn, history=a.history)
                  for a in state.ranked()],
        pronouns=[PronounOut(**p) for p in state.pronouns])
