"""S4, the child companion: safety rules, PII minimisation, memory off (seed 001).

The consolidation part (promotion of repeated preferences) is in tests/consolidator/.
"""
import psycopg
import pytest
import redis


@pytest.fixture(scope="module")
def household(new_tenant):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    child_id = t["users"][1]["user_id"]
    r = parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "under_8"})
    assert r.status_code == 200, r.text
    return {"parent": parent, "child": child, "child_id": child_id, "tenant_id": t["tenant_id"]}


def _turn(client, session, text, at):
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "child", "text": text, "at": at})
    assert r.status_code == 200, r.text
    return r.json()


def test_safety_rule_is_parent_only_and_comes_first(household):
    parent, child, child_id = household["parent"], household["child"], household["child_id"]
    r = parent.post("/v1/memory/candidates", json={"owner_id": child_id, "items": [
        {"text": "No scary stories.", "type": "safety", "source": "parent"}]})
    assert r.status_code == 200, r.text
    rule = r.json()["items"][0]["memory"]
    assert child.patch(f"/v1/memory/{rule['id']}", json={"text": "Scary stories are fine."}).status_code == 403
    assert child.delete(f"/v1/memory/{rule['id']}").status_code == 403
    for day, text in [("2026-03-02", "I love triceratops!"), ("2026-03-04", "Stegosaurus is my favourite, I love it"),
                      ("2026-03-06", "I really love dinosaurs like triceratops")]:
        _turn(child, f"s-{day}", text, f"{day}T18:00:00Z")
    ctx = child.post("/v1/memory/contextify", json={"query": "Can you tell me a bedtime story?",
                                                    "token_budget": 200}).json()
    lines = ctx["context"].splitlines()[1:]
    assert "No scary stories" in lines[0], ctx["context"]
    assert any("triceratops" in line.lower() or "stegosaurus" in line.lower() for line in lines), ctx["context"]
    assert parent.patch(f"/v1/memory/{rule['id']}", json={"text": "No scary or violent stories."}).status_code == 200


SECRET_NUMBER, SECRET_STREET = "212-555-0143", "12 Oak Street"


def _nothing_in_clear(stack_env, tenant_id):
    with psycopg.connect(stack_env["MEMORY_SUPERUSER_DATABASE_URL"]) as conn:
        for table, cols in {"memory_items": ["text", "search_text", "subject", "value", "tsv::text"],
                            "entities": ["canonical_name", "array_to_string(aliases, ' ')", "profile_summary"],
                            "outbox": ["payload::text"], "audit_log": ["details::text"],
                            "decision_logs": ["decisions::text"], "review_queue": ["candidate::text"],
                            "bm25_term_stats": ["term"]}.items():
            for col in cols:
                # ids (uuids, trace ids) are random hex and may hold '0143': they are taken out first
                col = (f"regexp_replace({col}, '[0-9a-f]{{8}}-[0-9a-f]{{4}}-[0-9a-f]{{4}}-[0-9a-f]{{4}}-[0-9a-f]{{12}}"
                       f"|[0-9a-f]{{16,}}', '', 'gi')")
                n = conn.execute(f"SELECT count(*) FROM {table} WHERE tenant_id = %s AND ({col} ILIKE %s OR {col} ILIKE %s "
                                 f"OR {col} ILIKE '%%oak%%' OR {col} ILIKE '%%0143%%')",
                                 (tenant_id, f"%{SECRET_NUMBER}%", f"%{SECRET_STREET}%")).fetchone()[0]
                assert n == 0, f"{table}.{col} holds the address or number in clear"
    r = redis.Redis.from_url(stack_env["REDIS_URL"])
    for key in r.scan_iter(match=f"mem:{tenant_id}:*"):
        raw = b" ".join(r.lrange(key, 0, -1)) if r.type(key) == b"list" else str(r.dump(key)).encode()
        assert SECRET_NUMBER.encode() not in raw and b"Oak" not in raw


def test_under_8_default_keeps_no_trace_of_an_address_or_phone(household, stack_env):
    """The under-8 band's default PII action is drop: the turn says why nothing was stored."""
    body = _turn(household["child"], "s-2026-03-06", f"my phone number is {SECRET_NUMBER}", "2026-03-06T17:00:00Z")
    assert body["stored"] is False and "PII not kept by policy: PHONE" in body["reason"]
    _nothing_in_clear(stack_env, household["tenant_id"])


def test_address_and_phone_are_never_stored_in_clear(household, stack_env):
    parent, child, child_id = household["parent"], household["child"], household["child_id"]
    # the parent chose to keep redacted texts (the under-8 default drops them)
    parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "under_8", "pii_rules": {
        "PHONE": "redact", "ADDRESS": "redact"}}).raise_for_status()
    body = _turn(child, "s-2026-03-07", f"my address is {SECRET_STREET} and my phone number is {SECRET_NUMBER}",
                 "2026-03-07T17:00:00Z")
    assert body["stored"]
    texts = [i["memory"]["text"] for i in body["items"] if i["memory"]]
    assert texts and all(SECRET_NUMBER not in t and "Oak" not in t for t in texts)
    assert any("<PHONE>" in t for t in texts) and any("<ADDRESS>" in t for t in texts)
    for query in ("phone number", SECRET_NUMBER, "Oak Street address"):
        for item in child.post("/v1/memory/retrieve", json={"query": query}).json()["items"]:
            assert SECRET_NUMBER not in item["memory"]["text"] and "Oak" not in item["memory"]["text"]
    _nothing_in_clear(stack_env, household["tenant_id"])
    # default policy: redact, so no encrypted original is kept
    with psycopg.connect(stack_env["MEMORY_SUPERUSER_DATABASE_URL"]) as conn:
        kept = conn.execute("SELECT count(*) FROM memory_items WHERE tenant_id = %s AND encrypted_original IS NOT NULL",
                            (household["tenant_id"],)).fetchone()[0]
    assert kept == 0
    parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "under_8"}).raise_for_status()


def test_parent_policy_can_keep_an_encrypted_original(household, stack_env):
    parent, child, child_id = household["parent"], household["child"], household["child_id"]
    r = parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "under_8",
                                                          "pii_rules": {"PHONE": "encrypt", "ADDRESS": "encrypt"}})
    assert r.status_code == 200
    _turn(child, "s-2026-03-08", f"grandma's phone number is {SECRET_NUMBER}", "2026-03-08T17:00:00Z")
    with psycopg.connect(stack_env["MEMORY_SUPERUSER_DATABASE_URL"]) as conn:
        rows = conn.execute("SELECT encrypted_original, text FROM memory_items WHERE tenant_id = %s "
                            "AND encrypted_original IS NOT NULL", (household["tenant_id"],)).fetchall()
    assert rows and all(SECRET_NUMBER.encode() not in bytes(env) for env, _ in rows)
    assert all(SECRET_NUMBER not in text for _, text in rows)
    _nothing_in_clear(stack_env, household["tenant_id"])
    parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "under_8"}).raise_for_status()


def test_memory_off_stores_nothing_but_keeps_safety_rules(household):
    parent, child, child_id = household["parent"], household["child"], household["child_id"]
    parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "under_8", "memory_enabled": False}).raise_for_status()
    before = len(parent.get("/v1/memory/list", params={"owner_id": child_id, "limit": 200}).json()["items"])
    body = _turn(child, "s-2026-03-09", "My best friend at school is called Noor.", "2026-03-09T17:00:00Z")
    assert body["stored"] is False and body["items"] == []
    after = len(parent.get("/v1/memory/list", params={"owner_id": child_id, "limit": 200}).json()["items"])
    assert after == before
    ctx = child.post("/v1/memory/contextify", json={"query": "Tell me a story about a dragon",
                                                    "token_budget": 200}).json()
    assert "scary" in ctx["context"].lower()
    parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "under_8"}).raise_for_status()
