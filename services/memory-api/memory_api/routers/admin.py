"""Provisioning (service admin token) and household policy (parents)."""
from __future__ import annotations

import secrets
import uuid
from datetime import datetime
from typing import Annotated, Literal
from uuid import UUID

from fastapi import APIRouter, Depends, Header, Request
from pydantic import BaseModel, Field, model_validator

from memcore.policy.age_bands import STRICTEST_BAND, child_band_missing
from memcore.policy.contract import AgeBand, HouseholdPolicy

from ..auth import MAX_TOKEN_TTL_S, Principal, insert_token
from ..deps import Caller, Res, require_roles
from ..errors import ApiError, error_responses
from ..consent_marking import mark_consent
from ..store import account_repo, audit_repo, household_repo

router = APIRouter(prefix="/v1", tags=["admin"])


class NewUser(BaseModel):
    display_name: str = Field(min_length=1, max_length=200)
    role: Literal["child", "user", "parent", "orchestrator", "admin"]
    age_band: AgeBand | None = Field(None, description="Required for a child (under_8, 8_12 or 13_17), as in an "
                                                       "invitation; the member's household policy starts with it")

    @model_validator(mode="after")
    def _child_has_age_band(self):
        why = child_band_missing(self.role, self.age_band)
        if why:
            raise ValueError(why)
        return self


class NewTenant(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    kind: Literal["household", "organisation"] = "household"
    users: list[NewUser] = Field(min_length=1, max_length=100)
    opted_in: bool = Field(False, description="A household: the adult who signed up opted in to memory then "
                                              "(recorded as given at creation). Otherwise nothing is learned "
                                              "until a parent opts in (PUT /v1/household/consent).")
    token_ttl_seconds: int | None = Field(
        None, ge=60, le=MAX_TOKEN_TTL_S,
        description=f"Lifetime of the users' first tokens, 60 to {MAX_TOKEN_TTL_S} s; default: no expiry "
                    "(rotate or revoke them through /v1/tokens)")


class IssuedUser(BaseModel):
    user_id: UUID
    display_name: str
    role: str
    age_band: str | None = None
    token: str = Field(description="Shown once; only its hash is stored")
    token_id: UUID = Field(description="Its id in /v1/tokens (list, rotate, revoke)")
    expires_at: datetime | None = None


class TenantCreated(BaseModel):
    tenant_id: UUID
    users: list[IssuedUser]


async def service_admin(res: Res, authorization: Annotated[str | None, Header()] = None) -> None:
    """`Authorization: Bearer <MEMORY_ADMIN_TOKEN>`; the bare token (no scheme) is refused."""
    expected = getattr(res.settings, "admin_token", None)
    scheme, _, given = (authorization or "").partition(" ")
    given = given.strip()
    if scheme.lower() != "bearer" or not expected or not given or not secrets.compare_digest(given, expected):
        raise ApiError(401, "unauthorized",
                       "the service admin token is required as 'Authorization: Bearer <MEMORY_ADMIN_TOKEN>'")


async def _add_users(conn, users: list[NewUser], ttl_s: int | None = None) -> list[IssuedUser]:
    issued = []
    for u in users:
        uid = uuid.uuid4()
        await account_repo.add_user(conn, uid, u.display_name, u.role)
        if u.age_band:
            await household_repo.set_band(conn, uid, u.age_band, None)
        token, row = await insert_token(conn, uid, "initial", ttl_s, None)
        issued.append(IssuedUser(user_id=uid, display_name=u.display_name, role=u.role, age_band=u.age_band,
                                 token=token, token_id=row["token_id"], expires_at=row["expires_at"]))
    return issued


@router.post("/admin/tenants", response_model=TenantCreated, status_code=201,
             dependencies=[Depends(service_admin)], responses=error_responses(401, 422),
             summary="Create a tenant (household or organisation) with its users and their tokens")
async def create_tenant(body: NewTenant, res: Res) -> TenantCreated:
    tenant_id = uuid.uuid4()
    async with res.db.as_system(tenant_id) as conn:
        await account_repo.create_tenant(conn, tenant_id, body.name, body.kind, body.opted_in)
        users = await _add_users(conn, body.users, body.token_ttl_seconds)
        await audit_repo.audit(conn, None, "service_admin", "tenant.create", "tenant", str(tenant_id))
    return TenantCreated(tenant_id=tenant_id, users=users)


@router.post("/admin/tenants/{tenant_id}/users", response_model=list[IssuedUser], status_code=201,
             dependencies=[Depends(service_admin)], responses=error_responses(401, 404, 422),
             summary="Add users to a tenant")
async def add_users(tenant_id: UUID, body: list[NewUser], res: Res) -> list[IssuedUser]:
    async with res.db.as_system(tenant_id) as conn:
        if not await account_repo.tenant_exists(conn, tenant_id):
            raise ApiError(404, "not_found", "tenant not found")
        return await _add_users(conn, body)


class PolicyOut(BaseModel):
    user_id: UUID
    policy: HouseholdPolicy


@router.get("/users/{user_id}/policy", response_model=PolicyOut, responses=error_responses(401, 403, 404),
            summary="The household policy and consent settings that apply to a user")
async def get_policy(user_id: UUID, res: Res, caller: Caller) -> PolicyOut:
    if caller.user_id != user_id and caller.role not in ("parent", "admin", "orchestrator"):
        raise ApiError(403, "forbidden", "only a parent or admin may read another user's policy")
    async with res.db.as_caller(caller) as conn:
        if not await account_repo.user_exists(conn, user_id):
            raise ApiError(404, "not_found", "user not found")
        raw = await account_repo.policy_of(conn, user_id)
    return PolicyOut(user_id=user_id, policy=HouseholdPolicy.model_validate(raw or {}))


@router.put("/users/{user_id}/policy", response_model=PolicyOut, responses=error_responses(401, 403, 404, 422),
            summary="Set a user's household policy (memory on/off, category toggles, PII rules, topics); a "
                    "child's keeps its age band unless the policy names another child band")
async def put_policy(user_id: UUID, body: HouseholdPolicy, res: Res, request: Request,
                     caller: Annotated[Principal, require_roles("parent", "admin")]) -> PolicyOut:
    async with res.db.as_caller(caller) as conn:
        role = await household_repo.role_of(conn, user_id)
        if role is None:
            raise ApiError(404, "not_found", "user not found")
        raw = await request.json()
        if isinstance(raw, dict) and "household_opted_in" in raw:  # set from the tenant row only (PUT /v1/household/consent)
            raise ApiError(422, "invalid_request", "household_opted_in is not part of a policy: a parent opts the "
                                                   "household in with PUT /v1/household/consent", {"field": "household_opted_in"})
        if role == "child" and "age_band" not in raw:  # the child's band stays; its defaults fill what is left out
            band = await household_repo.stored_band(conn, user_id)
            body = HouseholdPolicy.model_validate({**raw, "age_band": band or STRICTEST_BAND})
        why = child_band_missing(role, body.age_band)
        if why:
            raise ApiError(422, "invalid_request", why, {"field": "age_band"})
        await account_repo.set_policy(conn, user_id, body.model_dump(mode="json"), caller.user_id)
        if role == "child" and "age_band" in raw:  # a parent chose the band
            await household_repo.band_confirmed(conn, user_id)
        changed = await mark_consent(conn, user_id, body)
        await audit_repo.audit(conn, caller.user_id, caller.role, "policy.set", "user", str(user_id),
                                details={"memory_enabled": body.memory_enabled, "memories_reflagged": changed})
    return PolicyOut(user_id=user_id, policy=body)
