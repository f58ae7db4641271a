"""A small typed client for orchestrators (httpx): a synchronous `MemoryClient` and an `AsyncMemoryClient`.
How each route is called is defined once, in `memclient.calls`."""
from __future__ import annotations

from datetime import datetime
from typing import Any

import httpx

from . import calls
from .calls import Call


class MemoryApiError(RuntimeError):
    def __init__(self, status: int, body: Any):
        err = body.get("error", {}) if isinstance(body, dict) else {}
        super().__init__(f"HTTP {status}: {err.get('code', '')} {err.get('message', body)}")
        self.status, self.body = status, body

    @property
    def code(self) -> str:
        err = self.body.get("error") if isinstance(self.body, dict) else None
        return err.get("code", "") if isinstance(err, dict) else ""


def answer(r: httpx.Response) -> Any:
    """The JSON of a response (None when empty), or MemoryApiError with the API's error body."""
    if r.status_code >= 400:
        try:
            body = r.json()
        except ValueError:
            body = r.text
        raise MemoryApiError(r.status_code, body)
    return r.json() if r.content else None


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class MemoryClient:
    """Synchronous client. `token` is a bearer token issued by POST /v1/admin/tenants."""

    def __init__(self, base_url: str, token: str, timeout: float = 30.0, transport: httpx.BaseTransport | None = None):
        self.http = httpx.Client(base_url=base_url, headers=bearer(token), timeout=timeout, transport=transport)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> "MemoryClient":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def send(self, call: Call) -> Any:
        return answer(self.http.request(call.method, call.path, **call.request_kwargs()))

    def _call(self, method: str, path: str, **kw) -> Any:
        return answer(self.http.request(method, path, **kw))

    # write
    def add_turn(self, session_id: str, speaker: str, text: str, at: datetime | str | None = None,
                 owner_id: str | None = None, image_caption: str | None = None, origin_ref: str | None = None,
                 idempotency_key: str | None = None, **more: Any) -> dict:
        return self.send(calls.add_turn(session_id, speaker, text, at=at, owner_id=owner_id,
                                        image_caption=image_caption, origin_ref=origin_ref,
                                        idempotency_key=idempotency_key, **more))

    def add_memories(self, items: list[dict], owner_id: str | None = None, idempotency_key: str | None = None) -> dict:
        return self.send(calls.add_memories(items, owner_id=owner_id, idempotency_key=idempotency_key))

    # read
    def retrieve(self, query: str, k: int = 10, owner_id: str | None = None, **filters) -> dict:
        return self.send(calls.retrieve(query, k=k, owner_id=owner_id, filters=filters))

    def contextify(self, query: str, token_budget: int = 300, session_id: str | None = None,
                   owner_id: str | None = None) -> dict:
        return self.send(calls.contextify(query, token_budget, session_id=session_id, owner_id=owner_id))

    # admin / parent
    def list(self, **params) -> dict:
        return self.send(calls.list_memories(**params))

    def get(self, memory_id: str) -> dict:
        return self.send(calls.get_memory(memory_id))

    def patch(self, memory_id: str, **changes) -> dict:
        return self.send(calls.patch_memory(memory_id, **changes))

    def delete(self, memory_id: str, reason: str | None = None) -> None:
        self.send(calls.delete_memory(memory_id, reason))

    def resolve(self, text: str, session_id: str | None = None, owner_id: str | None = None) -> dict:
        return self.send(calls.resolve_entities(text, session_id=session_id, owner_id=owner_id))

    def set_policy(self, user_id: str, policy: dict) -> dict:
        return self.send(calls.set_policy(user_id, policy))


class AsyncMemoryClient:
    """Asynchronous client: `await client.send(calls.retrieve(...))`. `http`: a shared httpx.AsyncClient
    (its base URL is the API's); `token`: the caller's bearer token, sent with every call."""

    def __init__(self, base_url: str | None = None, token: str | None = None, timeout: float = 30.0,
                 http: httpx.AsyncClient | None = None):
        if http is None and base_url is None:
            raise ValueError("give the API's base_url or an httpx.AsyncClient")
        self._owned = http is None
        self.http = http or httpx.AsyncClient(base_url=base_url, timeout=timeout)
        self.headers = bearer(token) if token else {}

    async def send(self, call: Call) -> Any:
        kw = call.request_kwargs()
        kw["headers"] = {**self.headers, **kw["headers"]}
        return answer(await self.http.request(call.method, call.path, **kw))

    async def aclose(self) -> None:
        if self._owned:
            await self.http.aclose()

    async def __aenter__(self) -> "AsyncMemoryClient":
        return self

    async def __aexit__(self, *exc) -> None:
        await self.aclose()


def create_tenant(base_url: str, admin_token: str, name: str, users: list[tuple[str, ...]],
                  kind: str = "household", opted_in: bool = True) -> dict:
    """Provision a tenant: users is [(display_name, role)] or, for a child, which needs its age band,
    [(display_name, "child", band)] (band: under_8, 8_12 or 13_17); returns tenant_id and users with
    tokens. `opted_in`: a household opted in to memory at sign-up (else nothing is learned until a
    parent opts in with PUT /v1/household/consent)."""
    people = [{"display_name": u[0], "role": u[1], **({"age_band": u[2]} if len(u) > 2 else {})} for u in users]
    r = httpx.post(f"{base_url}/v1/admin/tenants", headers=bearer(admin_token),
                   json={"name": name, "kind": kind, "opted_in": opted_in, "users": people}, timeout=30)
    return answer(r)
