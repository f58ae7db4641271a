"""FastAPI dependencies: the app's resources, the caller (auth) and the memory owner (tenancy)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated
from uuid import UUID

from fastapi import Depends, Header, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from memcore.memory_types import GUARDIAN_ROLES

from .auth import Principal, authenticate
from .errors import ApiError

bearer = HTTPBearer(auto_error=False, description="A token from POST /v1/admin/tenants")


@dataclass
class Resources:
    """Everything the routes need, built once in the app's lifespan."""

    settings: object
    db: object
    redis: object
    embedder: object
    policy: object
    token_cache: object
    cipher: object = None  # memcore.crypto.EnvelopeCipher for sensitive originals
    blob: object = None


def get_resources(request: Request) -> Resources:
    return request.app.state.resources


Res = Annotated[Resources, Depends(get_resources)]


async def get_principal(
    res: Res, creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> Principal:
    if creds is None or not creds.credentials:
        raise ApiError(401, "unauthorized", "missing bearer token")
    principal = await authenticate(res.db, res.token_cache, creds.credentials)
    if principal is None:
        raise ApiError(401, "unauthorized", "invalid or revoked token")
    return principal


Caller = Annotated[Principal, Depends(get_principal)]


def require_roles(*roles: str):
    async def _check(principal: Caller) -> Principal:
        if principal.role not in roles:
            raise ApiError(403, "forbidden", f"role '{principal.role}' may not do this; needs one of {list(roles)}")
        return principal

    return Depends(_check)


async def resolve_owner(res: Resources, principal: Principal, owner_id: UUID | None) -> UUID:
    """Whose memory a request touches: the caller's own, or (guardians only) a user of their tenant."""
    if owner_id is None or owner_id == principal.user_id:
        return principal.user_id
    if principal.role not in GUARDIAN_ROLES:
        raise ApiError(403, "forbidden", f"role '{principal.role}' may only act on its own memory")
    async with res.db.as_caller(principal) as conn:
        exists = await conn.fetchval("SELECT 1 FROM users WHERE user_id = $1", owner_id)
    if not exists:
        raise ApiError(404, "not_found", "owner not found")
    return owner_id


IdempotencyKey = Annotated[
    str | None,
    Header(alias="Idempotency-Key", max_length=200,
           description="Retrying a write with the same key returns the first result and stores nothing twice."),
]


async def reject_nul(request: Request) -> None:
    """Postgres text cannot hold NUL: refuse it anywhere in the body, path or query, with a reason."""
    raw_query = request.url.query.lower()
    if "%00" in raw_query or "%00" in request.url.path.lower():
        raise ApiError(422, "invalid_request", "NUL characters are not accepted")
    if request.method in ("POST", "PUT", "PATCH"):
        body = await request.body()
        if b"\\u0000" in body.lower() or b"\x00" in body:
            raise ApiError(422, "invalid_request", "NUL characters are not accepted in any field")
