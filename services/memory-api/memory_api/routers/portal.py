"""The parent portal: sign in and out, and the pages (static HTML, CSS and a little JavaScript).

The pages hold no data. Their script calls the same REST API as every client, authenticated by the
session cookie (see portal_sessions.py), so everything it shows passes the read gate and everything it
changes passes the write gate. Signing in exchanges a token (a parent's, or a child's for the child's
own view) for the cookie; the token itself never reaches the browser's storage.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Cookie, FastAPI, Request, Response
from fastapi.responses import FileResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from uuid import UUID

from ..auth import authenticate, token_hash
from ..deps import Res, presented
from ..errors import ApiError, error_responses
from ..portal_sessions import COOKIE_NAME, CSRF_HEADER, close_session, csrf_matches, load_session, open_session
from ..schemas import Strict

router = APIRouter(tags=["portal"])
STATIC_DIR = Path(__file__).resolve().parents[1] / "portal_static"
PORTAL_ROLES = ("parent", "admin", "child", "user")  # an orchestrator's token is for services, not a browser


class SignIn(Strict):
    token: str = Field(min_length=8, max_length=200, description="A household member's token (mem_...)")


class PortalSession(BaseModel):
    user_id: UUID
    tenant_id: UUID
    role: str
    csrf_token: str = Field(description=f"Send it as the {CSRF_HEADER} header on every change made with the cookie")


@router.post("/portal/session", response_model=PortalSession, responses=error_responses(401, 403, 422, 503),
             summary="Sign in to the portal: a token in, an HTTP-only session cookie out")
async def sign_in(body: SignIn, request: Request, response: Response, res: Res) -> PortalSession:
    principal = await authenticate(res.db, res.token_cache, body.token)
    if principal is None:
        raise ApiError(401, "unauthorized", "this token is not valid (mistyped, expired or revoked)")
    if principal.role not in PORTAL_ROLES:
        raise ApiError(403, "forbidden", f"a '{principal.role}' token cannot sign in to the portal")
    settings = res.settings
    ttl = settings.portal_session_ttl_s
    session_id, csrf = await open_session(res.redis, token_hash(body.token), ttl)
    response.set_cookie(COOKIE_NAME, session_id, max_age=ttl, httponly=True, samesite="strict", path="/",
                        secure=settings.portal_secure_cookie or request.url.scheme == "https")
    return PortalSession(user_id=principal.user_id, tenant_id=principal.tenant_id, role=principal.role,
                         csrf_token=csrf)


@router.get("/portal/session", response_model=PortalSession,
            responses={204: {"description": "Nobody is signed in: the request carries no session cookie (and no "
                                            "token), so the page shows its sign-in form"},
                       **error_responses(401, 503)},
            summary="Who is signed in, and the session's CSRF token")
async def who(request: Request, res: Res) -> PortalSession | Response:
    # A first visit is not an error: 204, not 401 (which a browser logs in its console on every load).
    # An ended, unknown or revoked session, or a bearer token, is one.
    session = await presented(request, res)
    if session.kind == "none":
        return Response(status_code=204)
    if session.kind != "session" or session.csrf is None:
        raise ApiError(401, "unauthorized", "no portal session; sign in first")
    if session.principal is None:
        raise ApiError(401, "unauthorized", "invalid or revoked token")
    caller = session.principal
    return PortalSession(user_id=caller.user_id, tenant_id=caller.tenant_id, role=caller.role,
                         csrf_token=session.csrf)


@router.delete("/portal/session", status_code=204, responses=error_responses(403, 503),
               summary=f"Sign out: the session ends on the server and the cookie is cleared (a live session "
                       f"needs its {CSRF_HEADER} header, as every change)")
async def sign_out(request: Request, res: Res,
                   session: Annotated[str | None, Cookie(alias=COOKIE_NAME)] = None) -> Response:
    if session:
        live = await load_session(res.redis, session)
        if live is not None and not csrf_matches(live[1], request.headers.get(CSRF_HEADER)):
            # another site can make the browser send the cookie, not the secret: it cannot sign anyone out
            raise ApiError(403, "csrf_failed", f"signing out of a portal session needs the {CSRF_HEADER} header")
        await close_session(res.redis, session)
    response = Response(status_code=204)
    response.delete_cookie(COOKIE_NAME, path="/")
    return response


@router.get("/portal", include_in_schema=False)
async def portal_page() -> FileResponse:
    return FileResponse(STATIC_DIR / "index.html", headers=_PAGE_HEADERS)


@router.get("/", include_in_schema=False)
async def root() -> RedirectResponse:
    return RedirectResponse("/portal")


# The page runs only its own script and style, and may be framed by no one.
_PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def mount_assets(app: FastAPI) -> None:
    app.mount("/portal/assets", StaticFiles(directory=STATIC_DIR), name="portal-assets")
