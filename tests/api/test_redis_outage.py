"""Redis is a cache and a bus: what needs it either works without it or fails before Postgres changes."""
import httpx


def test_without_redis_writes_and_reads_work_and_delete_changes_nothing(new_tenant, api_without_redis):
    t = new_tenant("parent", "child")
    parent, child = t["users"][0], t["users"][1]
    with httpx.Client(base_url=api_without_redis, headers={"Authorization": f"Bearer {parent['token']}"},
                      timeout=60) as down:
        turn = down.post("/v1/conversations/s-redis/turns", json={
            "speaker": "child", "text": "My favourite dinosaur is the stegosaurus.", "owner_id": child["user_id"]})
        assert turn.status_code == 200 and turn.json()["stored"], turn.text
        mid = next(i["memory"]["id"] for i in turn.json()["items"] if i.get("memory"))
        made = down.post("/v1/memory/candidates", json={"owner_id": child["user_id"], "items": [
            {"text": "The child likes swimming on Saturdays.", "type": "preference"}]})
        assert made.status_code == 200, made.text
        ctx = down.post("/v1/memory/contextify", json={
            "query": "Which dinosaur does the child like?", "owner_id": child["user_id"], "session_id": "s-redis"})
        assert ctx.status_code == 200 and "stegosaurus" in ctx.json()["context"], ctx.text
        found = down.post("/v1/memory/retrieve", json={"query": "swimming", "owner_id": child["user_id"]})
        assert found.status_code == 200 and found.json()["items"], found.text
        patched = down.patch(f"/v1/memory/{mid}", json={"salience": 0.9})
        assert patched.status_code == 200, patched.text
        gone = down.delete(f"/v1/memory/{mid}")
        assert gone.status_code == 503 and gone.headers["Retry-After"], gone.text
        assert gone.json()["error"]["details"] == {"dependency": "redis"}
        assert down.get(f"/v1/memory/{mid}").status_code == 200, "a refused delete changed nothing"
    # with Redis back (the main instance), the delete goes through and reaches the cache
    assert t["clients"][0].delete(f"/v1/memory/{mid}").status_code == 204
    assert t["clients"][0].get(f"/v1/memory/{mid}").status_code == 404
