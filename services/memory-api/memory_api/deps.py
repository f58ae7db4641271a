"""FastAPI dependencies: the app's resources, the caller (auth) and the memory owner (tenancy)."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated
from uuid import UUID

from fastapi import Depends, Header, Request, params
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from memcore.memory_types import GUARDIAN_ROLES

from .auth import Principal, authenticate, authenticate_hash
from .background import AfterAnswer
from .resolver_cache import ResolverCache
from .portal_sessions import COOKIE_NAME, CSRF_HEADER, SAFE_METHODS, csrf_matches, load_session
from .errors import ApiError
from .schemas import MAX_TEXT_CHARS, text_limit
from .store import account_repo

if TYPE_CHECKING:  # the types of the resources, named without importing their packages at run time
    from redis.asyncio import Redis

    from memcore.adapters.blob_store import BlobStore
    from memcore.adapters.postgres import Database
    from memcore.crypto.envelope import EnvelopeCipher
    from memcore.embedding.base import Embedder
    from memcore.policy.client import PolicyClient

    from .settings import ApiSettings
    from .auth import TokenCache

bearer = HTTPBearer(auto_error=False, description="A token from POST /v1/admin/tenants")


@dataclass
class Resources:
    """Everything the routes need, built once in the app's lifespan."""

    settings: ApiSettings
    db: Database
    redis: Redis
    embedder: Embedder
    policy: PolicyClient
    token_cache: TokenCache
    cipher: EnvelopeCipher | None = None  # for sensitive originals
    query_embedder: Embedder | None = None  # embeds questions on the read path (MEMORY_QUERY_EMBEDDER); None: embedder
    batch_embedder: Embedder | None = None  # embeds batch writes (MEMORY_BATCH_EMBEDDER); None: embedder
    blob: BlobStore | None = None  # the originals of documents (None: no blob store configured)
    after_answer: AfterAnswer = field(default_factory=AfterAnswer)  # work still running after its answer (tracking)
    resolver_cache: ResolverCache = field(default_factory=ResolverCache)  # entity resolution's fact vectors, indexes


async def get_resources(request: Request) -> Resources:
    # async: FastAPI runs a plain `def` dependency in its thread pool, a hop per request (and a
    # wait for the GIL beside a query embedding) for an attribute read
    resources: Resources = request.app.state.resources
    return resources


Res = Annotated[Resources, Depends(get_resources)]


@dataclass(frozen=True)
class Presented:
    """What a request presents: a bearer token, a portal session cookie, or nothing."""

    kind: str  # "bearer", "session" or "none"
    principal: Principal | None = None  # None: an invalid, revoked or expired token, or an ended session
    csrf: str | None = None  # the session's CSRF secret (None also when the session has ended)


def bearer_token(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return (token.strip() or None) if scheme.lower() == "bearer" else None


async def presented(request: Request, res: Resources) -> Presented:
    """Who the request is from, resolved once per request (the rate limit and the route both ask)."""
    found: Presented | None = getattr(request.state, "presented", None)
    if found is not None:
        return found
    token, session_id = bearer_token(request), request.cookies.get(COOKIE_NAME)
    if token is not None:
        found = Presented("bearer", await authenticate(res.db, res.token_cache, token))
    elif session_id:
        session = await load_session(res.redis, session_id)
        found = Presented("session", await authenticate_hash(res.db, res.token_cache, session[0]),
                          session[1]) if session else Presented("session")
    else:
        found = Presented("none")
    request.state.presented = found
    return found


async def get_principal(
    request: Request, res: Res, creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> Principal:
    """The caller: a bearer token, or else a portal session cookie (whose writes must carry the CSRF header).
    (`creds` only documents the scheme in OpenAPI; `presented` reads the same header.)"""
    who = await presented(request, res)
    if who.kind == "none":
        raise ApiError(401, "unauthorized", "missing bearer token")
    if who.kind == "session":
        if who.csrf is None:
            raise ApiError(401, "unauthorized", "the portal session has ended; sign in again")
        if request.method not in SAFE_METHODS and not csrf_matches(who.csrf, request.headers.get(CSRF_HEADER)):
            raise ApiError(403, "csrf_failed", f"a change made with the portal session needs the {CSRF_HEADER} header")
    if who.principal is None:
        raise ApiError(401, "unauthorized", "invalid or revoked token")
    return who.principal


Caller = Annotated[Principal, Depends(get_principal)]


def require_roles(*roles: str) -> params.Depends:
    """The caller, when its role is one of `roles` (for `Annotated[Principal, require_roles(...)]`)."""

    async def _check(principal: Caller) -> Principal:
        if principal.role not in roles:
            raise ApiError(403, "forbidden", f"role '{principal.role}' may not do this; needs one of {list(roles)}")
        return principal

    return params.Depends(_check)


async def resolve_owner(res: Resources, principal: Principal, owner_id: UUID | None) -> UUID:
    """Whose memory a request touches: the caller's own, or (guardians only) a user of their tenant."""
    if owner_id is None or owner_id == principal.user_id:
        return principal.user_id
    if principal.role not in GUARDIAN_ROLES:
        raise ApiError(403, "forbidden", f"role '{principal.role}' may only act on its own memory")
    async with res.db.as_caller(principal) as conn:
        exists = await account_repo.user_exists(conn, owner_id)
    if not exists:
        raise ApiError(404, "not_found", "owner not found")
    return owner_id


IdempotencyKey = Annotated[
    str | None,
    Header(alias="Idempotency-Key", max_length=200,
           description="Retrying a write with the same key returns the first result and stores nothing twice."),
]


MAX_BODY_BYTES = 32 * 1024 * 1024  # the largest body read at all (a 2,000,000-character document fits)
_ESCAPED_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")


def _has_lone_surrogate(value: object) -> bool:
    """A string Postgres (UTF-8) cannot store: a lone surrogate from a JSON escape such as \\ud800."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v) for v in value)
    return False


async def reject_nul(request: Request) -> None:
    """Body checks before any field is validated, anywhere in the body, path or query:
    NUL characters (Postgres text cannot hold them) and lone UTF-16 surrogates (not encodable as UTF-8)
    are refused with 422, a body over MAX_BODY_BYTES with 413. Also makes the app's MEMORY_MAX_TEXT_CHARS
    the text limit of this request's models."""
    settings = getattr(getattr(request.app.state, "resources", None), "settings", None) \
        or getattr(request.app.state, "settings", None)
    text_limit.set(getattr(settings, "max_text_chars", MAX_TEXT_CHARS))
    raw_query = request.url.query.lower()
    if "%00" in raw_query or "%00" in request.url.path.lower():
        raise ApiError(422, "invalid_request", "NUL characters are not accepted")
    if request.method in ("POST", "PUT", "PATCH"):
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            raise ApiError(413, "payload_too_large", f"the body is larger than {MAX_BODY_BYTES} bytes")
        body = await request.body()
        if len(body) > MAX_BODY_BYTES:
            raise ApiError(413, "payload_too_large", f"the body is larger than {MAX_BODY_BYTES} bytes")
        if b"\\u0000" in body.lower() or b"\x00" in body:
            raise ApiError(422, "invalid_request", "NUL characters are not accepted in any field")
        if _ESCAPED_SURROGATE.search(body) and _has_lone_surrogate(_parsed(body)):
            raise ApiError(422, "invalid_request",
                           "lone UTF-16 surrogates (e.g. \\ud800 without its pair) are not accepted in any field")


def _parsed(body: bytes) -> object:
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        return None  # not JSON: the body parser answers with its own error


def require_role(principal: Principal, roles: tuple[str, ...], action: str) -> None:
    """403 unless the caller has one of `roles` (e.g. deciding the review queue)."""
    if principal.role not in roles:
        raise ApiError(403, "forbidden", f"role '{principal.role}' may not {action}")
