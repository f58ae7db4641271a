"""The edge kit, shared by tests/edge and the S9 scenario (tests/scenarios): a household (parent +
child) on the real API, a TCP proxy between the device and the API (the network cut), and a paired
device whose data directory survives a restart."""
from __future__ import annotations

from urllib.parse import urlparse

import pytest

from memedge import EdgeClient, pair

from tests.edge.tcp_proxy import TcpProxy


@pytest.fixture
def proxy(api_url):
    u = urlparse(api_url)
    p = TcpProxy(u.hostname, u.port).start()
    yield p
    p.stop()


@pytest.fixture
def household(new_tenant):
    t = new_tenant("parent", "child")
    return {"tenant": t, "parent": t["clients"][0], "parent_token": t["users"][0]["token"],
            "child_id": t["users"][1]["user_id"]}


@pytest.fixture
def device(household, api_url, proxy, tmp_path, embedder):
    """open(): (re)opens the paired device through the proxy, as after a restart."""
    data = tmp_path / "device"
    pair(api_url, household["parent_token"], household["child_id"], data, label="bedroom speaker")
    opened: list[EdgeClient] = []

    def open_device(**kw) -> EdgeClient:
        c = EdgeClient.open(data, embedder=embedder, api_url=proxy.url, timeout_s=10, **kw)
        opened.append(c)
        return c

    open_device.data_dir = data
    yield open_device
    for c in opened:
        try:
            c.close()
        except Exception:
            pass


def commit(client, owner: str, items: list[dict]) -> list[str]:
    r = client.post("/v1/memory/commit", json={"owner_id": owner, "items": items})
    assert r.status_code in (200, 201), r.text
    return [i["memory"]["id"] for i in r.json()["items"]]
