"""/docs and /redoc work without internet: every script, style and icon they load is served by the
app itself (issue 13)."""
import re

import httpx
import pytest


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_api_docs_load_nothing_from_another_host(api_server, page):
    r = httpx.get(f"{api_server.url}{page}")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    html = r.text
    assert not re.search(r"https?://", html), re.findall(r"https?://[^\s\"']+", html)
    assets = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)["']""", html)
    assets += re.findall(r"""(?:url|openapi_url|spec-url)\s*[:=]\s*["']([^"']+)["']""", html)
    assert assets, html[:500]
    for path in set(assets):
        assert path.startswith("/"), path
        got = httpx.get(f"{api_server.url}{path}")
        assert got.status_code == 200 and got.content, (path, got.status_code)
