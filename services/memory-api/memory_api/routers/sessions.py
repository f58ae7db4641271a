"""Conversation tracking state of a session: active entities with layer and score."""
from __future__ import annotations

from uuid import UUID

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field

from memcore.entities.tracking import SessionState

from ..auth import Principal
from ..deps import Caller, Res, Resources, resolve_owner
from ..errors import error_responses
from ..session_tracking import load
from ..store import entity_presence_repo, memory_list_repo, topic_repo

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
    readable = await _readable_keys(res, caller, owner, session_id, state)
    return SessionEntities(
        session_id=session_id, turn=state.turn,
        entities=[ActiveEntity(key=a.key, entity_id=None if a.key.startswith("name:") else UUID(a.key), name=a.name,
                               type=a.type, layer=a.layer, score=a.score, last_turn=a.last_turn, history=a.history)
                  for a in state.ranked() if a.key in readable],
        pronouns=[PronounOut(**p) if p.get("entity") in readable else PronounOut(pronoun=p["pronoun"], entity=None, name=None)
                  for p in state.pronouns])


async def _readable_keys(res: Resources, caller: Principal, owner: UUID, session_id: str,
                         state: SessionState) -> set[str]:
    """The tracked keys the caller may see. The state is a Redis cache built from every turn of the
    session, so the read gate (row-level security) decides: a stored entity must be visible to the
    caller, and a name not stored as an entity must occur in a turn of the session the caller may see
    (or, for a topic's person read from the owner's memories, in a memory the caller may see)."""
    actives = state.ranked()
    ids = [UUID(a.key) for a in actives if not a.key.startswith("name:")]
    async with res.db.as_caller(caller) as conn:
        visible = {str(i) for i in await entity_presence_repo.visible_of(conn, owner, ids)}
        said = " ".join(t.lower() for t in await memory_list_repo.session_texts(conn, owner, session_id))
        named = [a for a in actives if a.key.startswith("name:")]
        # a topic's person read from the owner's other memories (memory_api.topic_people)
        elsewhere = await topic_repo.names_said(conn, owner, [a.name for a in named if a.name.lower() not in said])
    names = {a.key for a in named if a.name.lower() in said or a.name in elsewhere}
    return visible | names
