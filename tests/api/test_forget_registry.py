"""Issue 11, "forget me" by construction: forgetting and its verification derive from the registry
(memcore/personal_data.py), leave no residue anywhere (database scanned whole as the schema owner,
Redis keys and streams), respect who may forget whom, and change nothing when Redis is down."""
from __future__ import annotations

import asyncio
import re
import uuid

import httpx
import psycopg
import redis

from memcore.personal_data import BY_TABLE

PERSON = re.compile(r"(user_id|owner_id|_by|actor_id)$")
TEXTLIKE = {"text", "character varying", "jsonb", "json"}
MARKERS = ("quorblin", "zephyrine", "vantablue", "moxwell", "grendelsnap", "plimsoll")


def _owner(stack_env):
    return psycopg.connect(stack_env["DATABASE_URL"])


def test_registry_declares_every_table_and_person_or_text_column(stack_env):
    with _owner(stack_env) as conn:
        rows = conn.execute(
            """SELECT c.table_name, c.column_name, c.data_type, c.udt_name FROM information_schema.columns c
               JOIN information_schema.tables t USING (table_schema, table_name)
               WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'""").fetchall()
    missing, stale = [], []
    tables: dict[str, set[str]] = {}
    for table, col, dtype, udt in rows:
        tables.setdefault(table, set()).add(col)
        personal = (udt == "uuid" and PERSON.search(col)) or dtype in TEXTLIKE or udt in ("_text", "_varchar")
        place = BY_TABLE.get(table)
        if place is None:
            missing.append(f"{table} (no registry entry)")
        elif personal and col not in place.columns:
            missing.append(f"{table}.{col}")
    for table, place in BY_TABLE.items():
        stale += [f"{table}.{c}" for c in place.columns if c not in tables.get(table, set())]
    assert not missing, f"declare these in memcore/personal_data.py: {sorted(set(missing))}"
    assert not stale, f"registered but not in the schema: {stale}"


def _write_everything(t, api_url):
    """The child's data through every route, plus writes a parent and an orchestrator make for it."""
    parent, orch, child = t["clients"]
    cid = t["users"][2]["user_id"]
    for i, text in enumerate(["My hamster Quorblin sleeps in a teacup all afternoon.",
                              "I am building a rocket called Zephyrine with my cousin.",
                              "Quorblin escaped again and hid behind the piano."]):
        child.post("/v1/conversations/s-registry/turns",
                   json={"speaker": "Kid", "text": text, "at": f"2025-06-0{i + 1}T10:00:00Z"}).raise_for_status()
    child.post("/v1/memory/candidates", json={"items": [
        {"text": "My favourite colour is vantablue like the deep sea.", "type": "preference"}]}).raise_for_status()
    child.post("/v1/memory/commit", json={"items": [
        {"text": "I practise the trumpet with Moxwell every Tuesday evening.", "type": "episodic"}]}).raise_for_status()
    child.post("/v1/documents", json={"title": "Grendelsnap story notes", "text":
               "Grendelsnap the dragon guards a library of lost socks. He reads every night by candle."}
               ).raise_for_status()
    r = parent.post("/v1/memory/candidates", headers={"Idempotency-Key": "p-" + uuid.uuid4().hex},
                    json={"owner_id": cid, "items": [
                        {"text": "Never share the Plimsoll street address with strangers.", "type": "safety",
                         "source": "parent"},
                        {"text": "Quorblin the hamster needs fresh water every morning.", "type": "semantic"}]})
    r.raise_for_status()
    orch.post("/v1/memory/candidates", headers={"Idempotency-Key": "o-" + uuid.uuid4().hex},
              json={"owner_id": cid, "items": [{"text": "Zephyrine launch is planned for the summer fair.",
                                                "type": "episodic"}]}).raise_for_status()
    items = child.get("/v1/memory/list").json()["items"]
    edit = next(m for m in items if "vantablue" in m["text"].lower())
    child.patch(f"/v1/memory/{edit['id']}", json={"text": "My favourite colour is teal.",
                                                  "reason": "Quorblin told me vantablue is silly"}).raise_for_status()
    gone = next(m for m in items if "moxwell" in m["text"].lower())
    assert child.delete(f"/v1/memory/{gone['id']}", params={"reason": "Moxwell moved away"}).status_code == 204
    child.post("/v1/memory/contextify", json={"query": "What is Quorblin doing?", "token_budget": 300}
               ).raise_for_status()
    orch.post("/v1/memory/contextify", json={"query": "Tell me about Zephyrine", "owner_id": cid,
                                             "token_budget": 300}).raise_for_status()
    return cid


async def _relay_and_summarise(stack_env):
    """The outbox goes on the bus (the real relay), and the session-summary consumer applies it."""
    from consolidator.consumer import IdempotentConsumer
    from consolidator.relay import OutboxRelay
    from consolidator.summaries import SessionSummaryHandler
    from memcore.adapters.bus.codec import decode
    from memcore.adapters.bus.redis_streams import RedisStreamsBus
    from memcore.adapters.postgres import Database

    relay_db = await Database(stack_env["MEMORY_RELAY_DATABASE_URL"], 1, 2).connect()
    app_db = await Database(stack_env["MEMORY_APP_DATABASE_URL"], 1, 2).connect()
    bus = RedisStreamsBus(stack_env["REDIS_URL"])
    try:
        while await OutboxRelay(relay_db.pool, bus).relay_once():
            pass
        consumer = IdempotentConsumer(app_db, SessionSummaryHandler())
        for stream in bus.streams:
            for _id, fields in await bus.redis.xrange(stream):
                await consumer.apply(decode(fields))
        return consumer.applied
    finally:
        await bus.close()
        await relay_db.close()
        await app_db.close()


def _db_residue(stack_env, tenant_id, cid) -> dict[str, int]:
    """Every table, whole rows as text, as the schema owner (no row-level security)."""
    found = {}
    pats = [f"%{m}%" for m in MARKERS]
    with _owner(stack_env) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "AND table_type = 'BASE TABLE'").fetchall()]
        for table in tables:
            n = conn.execute(f"SELECT count(*) FROM {table} x WHERE x::text ILIKE ANY(%s)", (pats,)).fetchone()[0]
            if table in ("audit_log", "tombstones"):  # ids are kept there by design; nothing else
                text = "coalesce(reason, '') || details::text" if table == "audit_log" else "coalesce(reason, '')"
                n += conn.execute(f"SELECT count(*) FROM {table} WHERE strpos({text}, %s) > 0", (cid,)).fetchone()[0]
            else:
                n += conn.execute(f"SELECT count(*) FROM {table} x WHERE strpos(x::text, %s) > 0", (cid,)).fetchone()[0]
            if n:
                found[table] = n
    return found


def _redis_residue(stack_env, tenant_id, cid) -> list[str]:
    r = redis.Redis.from_url(stack_env["REDIS_URL"])
    hits = []
    for key in r.scan_iter(count=1000):
        kind = r.type(key)
        if kind == b"stream":
            values = [b"".join(k + v for k, v in f.items()) for _i, f in r.xrange(key)]
        elif kind == b"list":
            values = r.lrange(key, 0, -1)
        elif kind == b"set":
            values = list(r.smembers(key))
        elif kind == b"hash":
            values = [k + v for k, v in r.hgetall(key).items()]
        elif kind == b"string":
            values = [r.get(key) or b""]
        else:
            values = []
        for v in [key, *values]:
            low = v.lower()
            if cid.encode() in low or any(m.encode() in low for m in MARKERS):
                hits.append(f"{key.decode(errors='replace')}")
                break
    return hits


def test_forget_me_leaves_no_residue_in_any_table_key_or_stream(new_tenant, api_url, stack_env):
    t = new_tenant("parent", "orchestrator", "child")
    parent = t["clients"][0]
    cid = _write_everything(t, api_url)
    assert asyncio.run(_relay_and_summarise(stack_env)) > 0
    before = _db_residue(stack_env, t["tenant_id"], cid)
    assert {"memory_items", "idempotency_keys", "consumer_progress",
            "memory_versions", "documents", "decision_logs"} <= set(before), before
    assert _redis_residue(stack_env, t["tenant_id"], cid)
    out = parent.post(f"/v1/users/{cid}/forget", params={"reason": "Quorblin must go"})
    assert out.status_code == 200, out.text
    body = out.json()
    assert body["verified"] and body["mode"] == "full", body
    assert body["deleted"]["idempotency_keys"] >= 2  # the parent's and the orchestrator's records
    assert body["deleted"]["bus_events"] > 0 and body["deleted"]["consumer_progress"] > 0
    assert body["deleted"]["processed_events"] > 0
    assert _db_residue(stack_env, t["tenant_id"], cid) == {}
    assert _redis_residue(stack_env, t["tenant_id"], cid) == []
    verify = parent.get(f"/v1/users/{cid}/forget/verify").json()
    assert verify["verified"] and not any(verify["residue"].values()), verify
    with _owner(stack_env) as conn:
        prints = conn.execute("SELECT reason, cardinality(fingerprints) FROM tombstones WHERE target_id = %s",
                              (cid,)).fetchall()
    assert len(prints) == 1 and prints[0][0] == "other" and prints[0][1] > 10  # free text became a code


def test_verify_finds_a_copy_left_behind(new_tenant, stack_env):
    """Verification scans rather than trusting counters: a forgotten text put back in another row
    (here the parent's own idempotency record, re-inserted as the owner) is found."""
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    cid, pid = t["users"][1]["user_id"], t["users"][0]["user_id"]
    child.post("/v1/memory/candidates", json={"items": [
        {"text": "My secret hideout is under the old Plimsoll bridge by the river.", "type": "semantic"}]}
               ).raise_for_status()
    assert parent.post(f"/v1/users/{cid}/forget").json()["verified"]
    with _owner(stack_env) as conn:
        conn.execute("""INSERT INTO idempotency_keys (tenant_id, user_id, key, request_hash, status_code, response)
                        VALUES (%s, %s, 'leak', 'x', 200, '{"note": "my secret hideout is under the old plimsoll"}')""",
                     (t["tenant_id"], pid))
    left = parent.get(f"/v1/users/{cid}/forget/verify").json()
    assert not left["verified"] and left["residue"]["idempotency_keys"] == 1, left


def test_child_forget_is_a_request_and_approval_keeps_parent_safety_rules(new_tenant):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    cid = t["users"][1]["user_id"]
    child.post("/v1/conversations/s1/turns", json={"speaker": "Kid", "text": "My best friend is Moxwell Jones."}
               ).raise_for_status()
    parent.post("/v1/memory/candidates", json={"owner_id": cid, "items": [
        {"text": "No screens after 8pm on school nights.", "type": "safety", "source": "parent"}]}).raise_for_status()
    r = child.post(f"/v1/users/{cid}/forget")
    assert r.status_code == 202 and r.json()["status"] == "pending", r.text
    assert child.post(f"/v1/users/{cid}/forget").json()["request_id"] == r.json()["request_id"]  # one pending
    assert len(child.get("/v1/memory/list").json()["items"]) >= 2  # nothing deleted yet
    rid = r.json()["request_id"]
    assert child.post(f"/v1/users/{cid}/forget-requests/{rid}/approve").status_code == 403
    assert [q["request_id"] for q in parent.get(f"/v1/users/{cid}/forget-requests").json()] == [rid]
    done = parent.post(f"/v1/users/{cid}/forget-requests/{rid}/approve")
    assert done.status_code == 200, done.text
    assert done.json()["verified"] and done.json()["mode"] == "child_request", done.json()
    left = child.get("/v1/memory/list").json()["items"]  # the child keeps its token and its rules
    assert [(m["type"], m["text"]) for m in left] == [("safety", "No screens after 8pm on school nights.")]
    assert parent.post(f"/v1/users/{cid}/forget-requests/{rid}/approve").status_code == 409
    again = child.post(f"/v1/users/{cid}/forget").json()["request_id"]
    rejected = parent.post(f"/v1/users/{cid}/forget-requests/{again}/reject")
    assert rejected.status_code == 200 and rejected.json()["status"] == "rejected"
    assert len(child.get("/v1/memory/list").json()["items"]) == 1
    assert parent.get(f"/v1/users/{cid}/forget/verify").json()["verified"]


def test_adult_user_forgets_itself_directly(new_tenant):
    t = new_tenant("user")
    me = t["clients"][0]
    uid = t["users"][0]["user_id"]
    me.post("/v1/memory/candidates", json={"items": [{"text": "I collect vintage Zephyrine postcards.",
                                                      "type": "preference"}]}).raise_for_status()
    r = me.post(f"/v1/users/{uid}/forget")
    assert r.status_code == 200 and r.json()["verified"] and r.json()["deleted"]["users"] == 1
    assert me.get("/v1/memory/list").status_code == 401


def test_another_tenants_subject_is_404_and_untouched(new_tenant):
    a = new_tenant("parent")
    b = new_tenant("parent", "child")
    child_b = b["users"][1]["user_id"]
    b["clients"][0].post("/v1/memory/candidates", json={"owner_id": child_b, "items": [
        {"text": "Bedtime is at half past seven.", "type": "semantic"}]}).raise_for_status()
    stranger = a["clients"][0]
    for method, path in (("post", "forget"), ("get", "forget/verify"), ("post", "export"),
                         ("get", "forget-requests")):
        r = getattr(stranger, method)(f"/v1/users/{child_b}/{path}")
        assert r.status_code == 404, (path, r.status_code, r.text)
    assert len(b["clients"][0].get("/v1/memory/list", params={"owner_id": child_b}).json()["items"]) == 1


def _counts(stack_env, tenant_id, cid):
    with _owner(stack_env) as conn:
        return conn.execute(
            """SELECT (SELECT count(*) FROM memory_items WHERE owner_id = %(c)s),
                      (SELECT count(*) FROM users WHERE user_id = %(c)s),
                      (SELECT count(*) FROM tombstones WHERE tenant_id = %(t)s),
                      (SELECT count(*) FROM audit_log WHERE tenant_id = %(t)s),
                      (SELECT count(*) FROM forget_requests WHERE tenant_id = %(t)s AND status = 'pending')""",
            {"c": cid, "t": tenant_id}).fetchone()


def test_redis_down_forget_is_503_and_postgres_unchanged(new_tenant, stack_env, api_without_redis):
    t = new_tenant("parent", "child")
    parent_token, child_token = t["users"][0]["token"], t["users"][1]["token"]
    cid = t["users"][1]["user_id"]
    t["clients"][1].post("/v1/memory/candidates", json={"items": [
        {"text": "I am scared of the big grey dog next door.", "type": "semantic"}]}).raise_for_status()
    rid = t["clients"][1].post(f"/v1/users/{cid}/forget").json()["request_id"]
    before = _counts(stack_env, t["tenant_id"], cid)
    with httpx.Client(base_url=api_without_redis, headers={"Authorization": f"Bearer {parent_token}"},
                      timeout=30) as down:
        for r in (down.post(f"/v1/users/{cid}/forget"), down.get(f"/v1/users/{cid}/forget/verify"),
                  down.post(f"/v1/users/{cid}/forget-requests/{rid}/approve")):
            assert r.status_code == 503, r.text
            assert r.headers["Retry-After"] and r.json()["error"]["details"] == {"dependency": "redis"}
    assert _counts(stack_env, t["tenant_id"], cid) == before
    assert before[0] == 1 and before[1] == 1 and before[4] == 1
    assert child_token


def test_deleting_a_memory_stores_no_free_text_reason(new_tenant, stack_env):
    t = new_tenant("user")
    c = t["clients"][0]
    mid = c.post("/v1/memory/candidates", json={"items": [{"text": "Lunch with an old friend on Friday.",
                                                           "type": "episodic"}]}).json()["items"][0]["memory"]["id"]
    assert c.delete(f"/v1/memory/{mid}", params={"reason": "Grendelsnap secret details"}).status_code == 204
    with _owner(stack_env) as conn:
        rows = conn.execute("SELECT reason FROM tombstones WHERE target_id = %s UNION ALL "
                            "SELECT reason FROM audit_log WHERE target_id = %s", (mid, mid)).fetchall()
    assert rows and {r[0] for r in rows} == {"other"}
