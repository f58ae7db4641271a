"""Liveness and readiness."""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ..deps import Res, Resources

router = APIRouter(tags=["health"])


@router.get("/healthz", summary="The process is alive")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


async def _redis_ok(res: Resources) -> bool:
    try:
        return bool(await res.redis.ping())
    except Exception:
        return False


async def _policy_ok(res: Resources) -> bool:
    """The policy service (every write and read is checked by it) answers; the local allow-all always does."""
    ping = getattr(res.policy, "ping", None)
    if ping is None:
        return True
    try:
        return bool(await ping())
    except Exception:
        return False


@router.get("/readyz", summary="Postgres, Redis, the policy service and the embedding model answer",
            responses={503: {"description": "A dependency a write needs is not ready; the checks say which"}})
async def readyz(res: Res, request: Request) -> JSONResponse:
    checks = {"postgres": await res.db.ping(), "redis": await _redis_ok(res), "policy": await _policy_ok(res),
              "embedder": res.embedder is not None}
    ok = all(checks.values())
    models = getattr(request.app.state, "models", {})  # loaded at start, before the service listened
    return JSONResponse({"status": "ready" if ok else "not_ready", "checks": checks, "models": models},
                        status_code=200 if ok else 503,
                        headers=None if ok else {"Retry-After": "2"})
