"""A small typed client for orchestrators (httpx). Responses are the API's pydantic models."""
from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import httpx


class MemoryApiError(RuntimeError):
    def __init__(self, status: int, body: Any):
        err = body.get("error", {}) if isinstance(body, dict) else {}
        super().__init__(f"HTTP {status}: {err.get('code', '')} {err.get('message', body)}")
        self.status, self.body = status, body


def _iso(at: datetime | str | None) -> str | None:
    return at.isoformat() if isinstance(at, datetime) else at


class MemoryClient:
    """Synchronous client. `token` is a bearer token issued by POST /v1/admin/tenants."""

    def __init__(self, base_url: str, token: str, timeout: float = 30.0, transport: httpx.BaseTransport | None = None):
        self.http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {token}"},
                                 timeout=timeout, transport=transport)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> "MemoryClient":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _call(self, method: str, path: str, **kw) -> Any:
        r = self.http.request(method, path, **kw)
        if r.status_code >= 400:
            try:
                body = r.json()
            except ValueError:
                body = r.text
            raise MemoryApiError(r.status_code, body)
        return r.json() if r.content else None

    # write
    def add_turn(self, session_id: str, speaker: str, text: str, at: datetime | str | None = None,
                 owner_id: str | None = None, image_caption: str | None = None, origin_ref: str | None = None,
                 idempotency_key: str | None = None, speaker_role: str | None = None) -> dict:
        """speaker_role: owner | assistant | other (issue 35; inferred from the speaker when absent)."""
        body = {"speaker": speaker, "text": text, "at": _iso(at), "owner_id": owner_id,
                "image_caption": image_caption, "origin_ref": origin_ref, "speaker_role": speaker_role}
        headers = {"Idempotency-Key": idempotency_key or str(uuid.uuid4())}
        return self._call("POST", f"/v1/conversations/{session_id}/turns",
                          json={k: v for k, v in body.items() if v is not None}, headers=headers)

    def add_memories(self, items: list[dict], owner_id: str | None = None, idempotency_key: str | None = None) -> dict:
        body: dict = {"items": items}
        if owner_id:
            body["owner_id"] = owner_id
        return self._call("POST", "/v1/memory/candidates", json=body,
                          headers={"Idempotency-Key": idempotency_key or str(uuid.uuid4())})

    # read
    def retrieve(self, query: str, k: int = 10, owner_id: str | None = None, **filters) -> dict:
        body: dict = {"query": query, "k": k, "filters": filters}
        if owner_id:
            body["owner_id"] = owner_id
        return self._call("POST", "/v1/memory/retrieve", json=body)

    def contextify(self, query: str, token_budget: int = 300, session_id: str | None = None,
                   owner_id: str | None = None) -> dict:
        body: dict = {"query": query, "token_budget": token_budget}
        if session_id:
            body["session_id"] = session_id
        if owner_id:
            body["owner_id"] = owner_id
        return self._call("POST", "/v1/memory/contextify", json=body)

    # admin / parent
    def list(self, **params) -> dict:
        return self._call("GET", "/v1/memory/list", params={k: v for k, v in params.items() if v is not None})

    def get(self, memory_id: str) -> dict:
        return self._call("GET", f"/v1/memory/{memory_id}")

    def patch(self, memory_id: str, **changes) -> dict:
        return self._call("PATCH", f"/v1/memory/{memory_id}", json=changes)

    def delete(self, memory_id: str, reason: str | None = None) -> None:
        self._call("DELETE", f"/v1/memory/{memory_id}", params={"reason": reason} if reason else None)

    def set_policy(self, user_id: str, policy: dict) -> dict:
        return self._call("PUT", f"/v1/users/{user_id}/policy", json=policy)


def create_tenant(base_url: str, admin_token: str, name: str, users: list[tuple[str, ...]],
                  kind: str = "household", opted_in: bool = True) -> dict:
    """Provision a tenant: users is [(display_name, role)] or, for a child, which needs its age band,
    [(display_name, "child", band)] (band: under_8, 8_12 or 13_17); returns tenant_id and users with
    tokens. `opted_in`: a household opted in to memory at sign-up (else nothing is learned until a
    parent opts in with PUT /v1/household/consent)."""
    people = [{"display_name": u[0], "role": u[1], **({"age_band": u[2]} if len(u) > 2 else {})} for u in users]
    r = httpx.post(f"{base_url}/v1/admin/tenants", headers={"Authorization": f"Bearer {admin_token}"},
                   json={"name": name, "kind": kind, "opted_in": opted_in, "users": people}, timeout=30)
    if r.status_code >= 400:
        raise MemoryApiError(r.status_code, r.json())
    return r.json()
