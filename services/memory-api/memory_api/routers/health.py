"""Liveness and readiness."""
from fastapi import APIRouter
from fastapi.responses import JSONResponse

from ..deps import Res

router = APIRouter(tags=["health"])


@router.get("/healthz", summary="The process is alive")
async def healthz() -> dict:
    return {"status": "ok"}


@router.get("/readyz", summary="Postgres, Redis and the embedding model answer",
            responses={503: {"description": "A dependency is not ready"}})
async def readyz(res: Res):
    checks = {"postgres": await res.db.ping()}
    try:
        checks["redis"] = bool(await res.redis.ping())
    except Exception:
        checks["redis"] = False
    checks["embedder"] = res.embedder is not None
    ok = all(checks.values())
    return JSONResponse({"status": "ready" if ok else "not_ready", "checks": checks}, status_code=200 if ok else 503)
