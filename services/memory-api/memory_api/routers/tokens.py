"""API tokens: issue, list, rotate and revoke.

Anyone may manage their own tokens. A parent may also manage the tokens of the children and users of
their household, an admin those of anyone in the tenant (row-level security, migration 0009, shows
api_tokens to parents, admins and the token's own user only). Secrets are shown once, when issued or
rotated; only their SHA-256 is stored. Revocation and rotation take effect at once on this replica
and within a second on others (auth.TOKEN_CACHE_TTL_S).
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Annotated, Literal
from uuid import UUID

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from memcore.memory_types import MANAGES  # which roles' tokens a role issues, rotates and revokes besides its own

from ..auth import DEFAULT_TOKEN_TTL_S, MAX_TOKEN_TTL_S, Principal, insert_token, new_token, token_hash
from ..deps import Caller, Res
from ..cursors import decode_cursor, encode_cursor
from ..errors import ApiError, error_responses, not_found
from ..schemas import Strict
from ..store import audit_repo, household_repo, token_repo

router = APIRouter(prefix="/v1/tokens", tags=["tokens"])

TtlSeconds = Annotated[int, Field(ge=60, le=MAX_TOKEN_TTL_S,
                                  description=f"Lifetime in seconds, 60 to {MAX_TOKEN_TTL_S} (365 days)")]


class TokenRequest(Strict):
    user_id: UUID | None = Field(None, description="Whose token (a parent for their household's children and "
                                                   "users, an admin for anyone); default: the caller")
    label: str | None = Field(None, min_length=1, max_length=100, description="What the token is for")
    ttl_seconds: TtlSeconds = DEFAULT_TOKEN_TTL_S


class RotateRequest(Strict):
    ttl_seconds: TtlSeconds | None = Field(None, description="New lifetime from now; default: the token's "
                                                             "previous lifetime (or none if it had none)")


class TokenOut(BaseModel):
    token_id: UUID
    user_id: UUID
    label: str | None = None
    status: Literal["active", "expired", "revoked"]
    created_at: datetime
    created_by: UUID | None = None
    expires_at: datetime | None = None
    rotated_at: datetime | None = None
    revoked_at: datetime | None = None

    @classmethod
    def of(cls, row: dict) -> "TokenOut":
        now = datetime.now(timezone.utc)
        status = "revoked" if row["revoked_at"] else "expired" if row["expires_at"] and row["expires_at"] <= now \
            else "active"
        return cls(status=status, **row)


class IssuedToken(TokenOut):
    token: str = Field(description="The secret: shown once, only its hash is stored")


class TokenList(BaseModel):
    items: list[TokenOut]
    next_cursor: str | None = None


async def _target_role(conn, caller: Principal, user_id: UUID) -> str:
    role = await household_repo.role_of(conn, user_id)
    if role is None:
        raise not_found("user")
    if user_id != caller.user_id and role not in MANAGES.get(caller.role, ()):
        raise ApiError(403, "forbidden", f"role '{caller.role}' may not manage the tokens of a '{role}'")
    return role


async def _visible_token(conn, caller: Principal, token_id: UUID) -> dict:
    row = await token_repo.get_for_update(conn, token_id)
    if row is None:  # also another user's token a child or user may not see (row-level security)
        raise not_found("token")
    await _target_role(conn, caller, row["user_id"])
    return dict(row)


@router.post("", response_model=IssuedToken, status_code=201, responses=error_responses(401, 403, 404, 422),
             summary="Issue a token (for yourself, or a guardian for a member of the household); the secret is shown once")
async def issue_token(body: TokenRequest, res: Res, caller: Caller) -> IssuedToken:
    user_id = body.user_id or caller.user_id
    if user_id != caller.user_id and caller.role not in MANAGES:
        raise ApiError(403, "forbidden", f"role '{caller.role}' may only issue tokens for itself")
    async with res.db.as_caller(caller) as conn:
        await _target_role(conn, caller, user_id)
        secret, row = await insert_token(conn, user_id, body.label, body.ttl_seconds, caller.user_id)
        await audit_repo.audit(conn, caller.user_id, caller.role, "token.issue", "token", str(row["token_id"]),
                                # no user id in the details: the audit log outlives a forgotten user
                                details={"for_another": user_id != caller.user_id, "ttl_seconds": body.ttl_seconds})
    return IssuedToken(token=secret, **TokenOut.of(row).model_dump())


@router.get("", response_model=TokenList, responses=error_responses(401, 422),
            summary="List tokens, newest first, never their secrets: your own, or the tenant's for a parent or admin")
async def list_tokens(
    res: Res, caller: Caller,
    user_id: Annotated[UUID | None, Query(description="Only this user's tokens")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[str | None, Query(max_length=200, description="next_cursor of the previous page")] = None,
) -> TokenList:
    after = decode_cursor(cursor) if cursor else (None, None)
    async with res.db.as_caller(caller) as conn:  # row-level security: a child or user sees its own only
        rows = await token_repo.page(conn, user_id, after, limit)
    items = [dict(r) for r in rows]
    more = len(items) > limit
    items = items[:limit]
    return TokenList(items=[TokenOut.of(r) for r in items], next_cursor=encode_cursor(items[-1]["created_at"], items[-1]["token_id"]) if more else None)


@router.post("/{token_id}/rotate", response_model=IssuedToken, responses=error_responses(401, 403, 404, 409, 422),
             summary="Replace a token's secret: the old secret stops working at once; the new one is shown once")
async def rotate_token(token_id: UUID, res: Res, caller: Caller, body: RotateRequest | None = None) -> IssuedToken:
    ttl = body.ttl_seconds if body else None
    async with res.db.as_caller(caller) as conn:
        row = await _visible_token(conn, caller, token_id)
        if row["revoked_at"] is not None:
            raise ApiError(409, "token_revoked", "a revoked token cannot be rotated; issue a new one")
        if row["expires_at"] is not None and row["expires_at"] <= datetime.now(timezone.utc):
            raise ApiError(409, "token_expired", "an expired token cannot be rotated back to life; issue a new one")
        secret = new_token()
        row = dict(await token_repo.rotate(conn, token_id, token_hash(secret), caller.user_id, ttl))
        await audit_repo.audit(conn, caller.user_id, caller.role, "token.rotate", "token", str(token_id))
    res.token_cache.clear()
    return IssuedToken(token=secret, **TokenOut.of(row).model_dump())


@router.delete("/{token_id}", response_model=TokenOut, responses=error_responses(401, 403, 404, 422),
               summary="Revoke a token: it stops working at once (revoking twice is harmless)")
async def revoke_token(token_id: UUID, res: Res, caller: Caller) -> TokenOut:
    async with res.db.as_caller(caller) as conn:
        row = await _visible_token(conn, caller, token_id)
        if row["revoked_at"] is None:
            row = dict(await token_repo.revoke(conn, token_id, caller.user_id))
            await audit_repo.audit(conn, caller.user_id, caller.role, "token.revoke", "token", str(token_id))
    res.token_cache.clear()
    return TokenOut.of(row)
