"""How each REST route the clients use is called: one definition for the typed client (`MemoryClient`),
the MCP server and the framework adapters, so that none of them has its own idea of a route.

Each function returns a `Call` (method, path, query parameters, JSON body, headers); nothing here
speaks HTTP. Optional arguments left at None are not sent, so the API's own defaults apply."""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    params: dict[str, Any] | None = None
    json: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)

    def request_kwargs(self) -> dict[str, Any]:
        kw: dict[str, Any] = {"headers": self.headers}
        if self.params is not None:
            kw["params"] = self.params
        if self.json is not None:
            kw["json"] = self.json
        return kw


def _iso(at: datetime | str | None) -> str | None:
    return at.isoformat() if isinstance(at, datetime) else at


def _given(**values: Any) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


def _idempotent(key: str | None) -> dict[str, str]:
    return {"Idempotency-Key": key or str(uuid.uuid4())}


def add_turn(session_id: str, speaker: str, text: str, at: datetime | str | None = None,
             owner_id: str | None = None, image_caption: str | None = None, origin_ref: str | None = None,
             scope: str | None = None, project_id: str | None = None, idempotency_key: str | None = None,
             speaker_role: str | None = None) -> Call:
    """speaker_role: owner | assistant | other (inferred from the speaker when absent)."""
    body = _given(speaker=speaker, text=text, at=_iso(at), owner_id=owner_id, image_caption=image_caption,
                  origin_ref=origin_ref, scope=scope, project_id=project_id, speaker_role=speaker_role)
    return Call("POST", f"/v1/conversations/{session_id}/turns", json=body, headers=_idempotent(idempotency_key))


def add_memories(items: list[dict], owner_id: str | None = None, idempotency_key: str | None = None) -> Call:
    return Call("POST", "/v1/memory/candidates", json=_given(owner_id=owner_id, items=items),
                headers=_idempotent(idempotency_key))


def retrieve(query: str, k: int = 10, owner_id: str | None = None, session_id: str | None = None,
             project_id: str | None = None, scope: str | None = None, filters: dict[str, Any] | None = None) -> Call:
    """`session_id`/`project_id`: the read's context (session- and project-scoped memories of it are
    included); `filters` (types, tags, since, until, session_id, project_id, scope) narrow the result."""
    body = _given(query=query, k=k, owner_id=owner_id, session_id=session_id, project_id=project_id, scope=scope)
    body["filters"] = _given(**(filters or {}))
    return Call("POST", "/v1/memory/retrieve", json=body)


def contextify(query: str, token_budget: int = 300, session_id: str | None = None, owner_id: str | None = None,
               project_id: str | None = None) -> Call:
    body = _given(query=query, token_budget=token_budget, session_id=session_id, owner_id=owner_id,
                  project_id=project_id)
    return Call("POST", "/v1/memory/contextify", json=body)


def list_memories(**params: Any) -> Call:
    """GET /v1/memory/list: owner_id, type (a list), tag, session_id, since, until, include_history, limit, cursor."""
    return Call("GET", "/v1/memory/list", params=_given(**params))


def get_memory(memory_id: str) -> Call:
    return Call("GET", f"/v1/memory/{memory_id}")


def patch_memory(memory_id: str, **changes: Any) -> Call:
    return Call("PATCH", f"/v1/memory/{memory_id}", json=changes)


def delete_memory(memory_id: str, reason: str | None = None) -> Call:
    return Call("DELETE", f"/v1/memory/{memory_id}", params=_given(reason=reason))


def resolve_entities(text: str, session_id: str | None = None, owner_id: str | None = None) -> Call:
    return Call("POST", "/v1/entities/resolve", json=_given(text=text, session_id=session_id, owner_id=owner_id))


def set_policy(user_id: str, policy: dict) -> Call:
    return Call("PUT", f"/v1/users/{user_id}/policy", json=policy)
