"""S5: forgetting one memory, and "forget me" for a whole user, leave nothing behind."""
import psycopg
import redis


def _turns(client, texts, session="s-forget"):
    for i, text in enumerate(texts):
        r = client.post(f"/v1/conversations/{session}/turns",
                        json={"speaker": "Imani", "text": text, "at": f"2025-06-0{i + 1}T10:00:00Z"})
        assert r.status_code == 200, r.text


def test_deleting_one_memory_removes_it_everywhere_but_the_audit_trail(new_tenant, stack_env):
    t = new_tenant("user")
    c = t["clients"][0]
    _turns(c, ["My piano teacher Mr. Okonkwo moved lessons to Thursdays.", "I planted basil on the balcony."])
    # the turn as said: forgetting it takes every fact drawn only from it (issue 35), so no copy of the
    # name is left anywhere
    victim = next(m for m in c.get("/v1/memory/list").json()["items"]
                  if "Okonkwo" in m["text"] and m.get("layer") == "record")
    assert c.delete(f"/v1/memory/{victim['id']}", params={"reason": "asked to forget"}).status_code == 204
    for mode in ("bm25", "vector", "full"):
        items = c.post("/v1/memory/retrieve", json={"query": "piano lessons with Mr. Okonkwo", "mode": mode}).json()["items"]
        assert victim["id"] not in {i["memory"]["id"] for i in items}
    with psycopg.connect(stack_env["MEMORY_SUPERUSER_DATABASE_URL"]) as conn:
        tid = t["tenant_id"]
        assert conn.execute("SELECT count(*) FROM bm25_term_stats WHERE tenant_id = %s AND term = 'okonkwo'",
                            (tid,)).fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM memory_entities WHERE tenant_id = %s AND memory_id = %s",
                            (tid, victim["id"])).fetchone()[0] == 0
        audit = conn.execute("SELECT actor_id, reason, details::text FROM audit_log WHERE tenant_id = %s AND "
                             "action = 'memory.delete'", (tid,)).fetchall()
        # the caller's free text is not stored (it may quote what is forgotten): a fixed reason code
        assert audit and audit[0][1] == "other" and "Okonkwo" not in audit[0][2]
    r = redis.Redis.from_url(stack_env["REDIS_URL"])
    for key in r.scan_iter(match=f"mem:{t['tenant_id']}:*"):
        if r.type(key) == b"list":
            assert all(b"Okonkwo" not in v for v in r.lrange(key, 0, -1))


def test_export_then_forget_me_leaves_zero_residue(new_tenant, stack_env):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    child_id = t["users"][1]["user_id"]
    _turns(child, ["My hamster is called Biscuit.", "I love drawing volcanoes.", "My hamster Biscuit sleeps all day."])
    parent.post("/v1/memory/candidates", json={"owner_id": child_id, "items": [
        {"text": "No screens after 8pm.", "type": "safety", "source": "parent"}]}).raise_for_status()
    export = parent.post(f"/v1/users/{child_id}/export").json()
    assert export["format"].startswith("memory-service-export")
    # complete: every turn and rule said, and exactly the memories the parent can list for the child
    exported = {m["text"] for m in export["memories"]}
    assert exported >= {"My hamster is called Biscuit.", "I love drawing volcanoes.", "My hamster Biscuit sleeps all day.",
                        "No screens after 8pm."}
    listed, cursor = [], None
    while True:
        page = parent.get("/v1/memory/list", params={"owner_id": child_id, "limit": 100,
                                                      **({"cursor": cursor} if cursor else {})}).json()
        listed += page["items"]
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert {str(m["id"]) for m in export["memories"]} == {str(m["id"]) for m in listed}
    first = parent.post(f"/v1/users/{child_id}/forget", params={"reason": "parent request"}).json()
    assert first["verified"], first["residue"]
    assert first["deleted"]["memory_items"] >= 4
    again = parent.post(f"/v1/users/{child_id}/forget").json()
    assert again["verified"] and all(v == 0 for k, v in again["deleted"].items())
    assert child.get("/v1/memory/list").status_code == 401  # the child's token went with the user
    with psycopg.connect(stack_env["MEMORY_SUPERUSER_DATABASE_URL"]) as conn:
        for table in ("memory_items", "entities", "bm25_term_stats", "decision_logs", "outbox"):
            col = "owner_id"
            assert conn.execute(f"SELECT count(*) FROM {table} WHERE {col} = %s", (child_id,)).fetchone()[0] == 0
        leaks = conn.execute("SELECT count(*) FROM audit_log WHERE tenant_id = %s AND details::text ILIKE '%%biscuit%%'",
                             (t["tenant_id"],)).fetchone()[0]
        assert leaks == 0
        assert conn.execute("SELECT count(*) FROM tombstones WHERE tenant_id = %s AND target_id = %s",
                            (t["tenant_id"], child_id)).fetchone()[0] == 1
    r = redis.Redis.from_url(stack_env["REDIS_URL"])
    assert not list(r.scan_iter(match=f"mem:{t['tenant_id']}:{child_id}:*"))
