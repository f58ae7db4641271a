"""API docs that work without internet, for every service: /docs (Swagger UI) and /redoc serve their
scripts, styles and icon from the app itself (the files bundled in the fastapi-offline package)
instead of a CDN, and /favicon.ico answers with the same icon. A service creates its app with
``docs_url=None, redoc_url=None`` (FastAPI's own pages load from a CDN) and calls ``install(app)``."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import fastapi_offline
from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

ASSETS = Path(fastapi_offline.__file__).parent / "static"
PREFIX = "/docs-assets"
ICON = f"{PREFIX}/favicon.png"
# ReDoc's sidebar shows Redocly's logo from a CDN, whatever its options say: its script is served with
# that address pointing at the local icon instead.
REDOC_LOGO = b"https://cdn.redoc.ly/redoc/logo-mini.svg"
REDOC_JS = "/docs-redoc.standalone.js"


@lru_cache(maxsize=1)
def redoc_script() -> bytes:
    return (ASSETS / "redoc.standalone.js").read_bytes().replace(REDOC_LOGO, ICON.encode())


def install(app: FastAPI) -> None:
    """Mount the assets, the two pages and the icon (kept out of the OpenAPI schema: they hold no data)."""
    if app.docs_url or app.redoc_url:
        raise ValueError("create the app with docs_url=None and redoc_url=None: FastAPI's own pages load from a CDN")
    app.mount(PREFIX, StaticFiles(directory=ASSETS), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def swagger() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url=app.openapi_url, title=f"{app.title} - API docs",
                                   swagger_js_url=f"{PREFIX}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{PREFIX}/swagger-ui.css", swagger_favicon_url=ICON,
                                   swagger_ui_parameters={"validatorUrl": None})  # no online validator badge

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return get_redoc_html(openapi_url=app.openapi_url, title=f"{app.title} - API reference",
                              redoc_js_url=REDOC_JS, redoc_favicon_url=ICON,
                              with_google_fonts=False)

    @app.get(REDOC_JS, include_in_schema=False)
    async def redoc_js() -> Response:
        return Response(redoc_script(), media_type="text/javascript", headers={"Cache-Control": "public, max-age=86400"})

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(ASSETS / "favicon.png", media_type="image/png",
                            headers={"Cache-Control": "public, max-age=86400"})
