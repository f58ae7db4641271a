"""Exports as files in blob storage (Azurite here) with a download link that expires; forgetting
removes them, and verify scans the blob prefix."""
from __future__ import annotations

import time

import httpx


def test_an_export_link_downloads_what_the_caller_may_see_then_expires(new_tenant, api_server):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    cid = t["users"][1]["user_id"]
    parent.post("/v1/memory/candidates", json={"owner_id": cid, "items": [
        {"text": "Ravi loves the planetarium.", "type": "preference"},
        {"text": "Ravi's school report mentions trouble focusing.", "type": "semantic", "tags": ["parent_only"]}]}
    ).raise_for_status()
    mine = child.post(f"/v1/users/{cid}/export/link")
    assert mine.status_code == 200, mine.text
    got = httpx.get(mine.json()["url"])
    assert got.status_code == 200 and got.headers["content-type"].startswith("application/json")
    assert "planetarium" in got.text and "trouble focusing" not in got.text  # the read gate made the file
    assert len(got.content) == mine.json()["bytes"]
    full = parent.post(f"/v1/users/{cid}/export/link").json()
    assert "trouble focusing" in httpx.get(full["url"]).text
    assert httpx.get(mine.json()["url"]).status_code == 404, "a new export replaces the last one"
    assert child.post(f"/v1/users/{t['users'][0]['user_id']}/export/link").status_code == 403


def test_an_expired_link_is_refused(new_tenant, stack_env, embedder, policy_server):
    from memcore.devstack.live_server import LiveServer
    from memory_api.app import ApiSettings, create_app

    settings = ApiSettings(database_url=stack_env["DATABASE_URL"], app_database_url=stack_env.get(
        "MEMORY_APP_DATABASE_URL"), redis_url=stack_env["REDIS_URL"], policy_url=policy_server.url,
        blob_connection_string=stack_env["MEMORY_BLOB_CONNECTION_STRING"], export_link_ttl_s=10, log_level="WARNING")
    server = LiveServer(create_app(settings, embedder=embedder), "memory-api-short-links").start()
    try:
        t = new_tenant("user")
        token, uid = t["users"][0]["token"], t["users"][0]["user_id"]
        r = httpx.post(f"{server.url}/v1/users/{uid}/export/link", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        assert httpx.get(r.json()["url"]).status_code == 200
        time.sleep(11)
        assert httpx.get(r.json()["url"]).status_code == 403
    finally:
        server.stop()


def test_forget_removes_the_export_blobs(new_tenant):
    t = new_tenant("user")
    me, uid = t["clients"][0], t["users"][0]["user_id"]
    me.post("/v1/memory/candidates", json={"items": [{"text": "I keep bees on the allotment.", "type": "identity"}]}
            ).raise_for_status()
    url = me.post(f"/v1/users/{uid}/export/link").json()["url"]
    assert httpx.get(url).status_code == 200
    done = me.post(f"/v1/users/{uid}/forget")
    assert done.status_code == 200 and done.json()["verified"], done.text
    assert done.json()["deleted"].get("blobs", 0) + done.json()["cleared"].get("blobs", 0) >= 1, done.json()
    assert httpx.get(url).status_code == 404
