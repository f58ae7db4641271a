"""API docs that work without internet: /docs (Swagger UI) and /redoc serve their scripts and styles
from the app itself (the files bundled in the fastapi-offline package), instead of a CDN."""
from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = Path(fastapi_offline.__file__).parent / "static"
PREFIX = "/docs-assets"


def install(app: FastAPI) -> None:
    """Mount the assets and the two pages (kept out of the OpenAPI schema: they hold no data)."""
    app.mount(PREFIX, StaticFiles(directory=ASSETS), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def swagger() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url=app.openapi_url, title=f"{app.title} - API docs",
                                   swagger_js_url=f"{PREFIX}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{PREFIX}/swagger-ui.css",
                                   swagger_favicon_url=f"{PREFIX}/favicon.png")

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return get_redoc_html(openapi_url=app.openapi_url, title=f"{app.title} - API reference",
                              redoc_js_url=f"{PREFIX}/redoc.standalone.js", redoc_favicon_url=f"{PREFIX}/favicon.png",
                              with_google_fonts=False)
