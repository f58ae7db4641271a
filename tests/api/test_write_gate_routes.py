"""One write gate: every mutating route of the OpenAPI schema is listed here, either with a call
that carries raw PII (and must store none of it, and must answer 503 storing nothing while the
policy service is down) or with the reason it stores no caller text. A route missing from the
table fails the test. Plus regressions: commit atomicity and idempotency, document idempotency
and no orphan document, PATCH with PII or a child's profanity, audience tags, identifiers."""
from __future__ import annotations

import uuid

import httpx
import pytest

from memcore.devstack.live_server import LiveServer
from memcore.devstack.ports import free_port

PHONE, EMAIL, CARD = "+1 415 555 0134", "gate.probe@example.com", "4111 1111 1111 1111"
RAW = ("415 555 0134", "4155550134", EMAIL, CARD, "4111111111111111")
PII = f"Call me on {PHONE} or write to {EMAIL}; my card is {CARD}."


def _candidates(w):
    return "/v1/memory/candidates", {"items": [{
        "text": f"Ana's contact details. {PII}", "type": "semantic", "subject": f"Ana {EMAIL}",
        "value": PHONE, "speaker": f"Ana {PHONE}", "tags": [EMAIL, "contact"],
        "value_json": {"phone": PHONE, "more": [{"email": EMAIL}], EMAIL: CARD}, "emotion": {EMAIL: 0.5}}]}


def _commit(w):
    return "/v1/memory/commit", {"items": [
        {"text": f"Ben's details. {PII}", "type": "semantic", "value": CARD},
        {"memory_id": w["memory_id"], "text": f"Ana likes green tea. {PII}", "tags": [PHONE],
         "subject": EMAIL}]}


def _patch(w):
    return f"/v1/memory/{w['memory_id']}", {"text": f"Ana likes jasmine tea. {PII}", "subject": PHONE,
                                            "value": EMAIL, "tags": [CARD, "tea"], "reason": f"Ana gave {PHONE}"}


def _turn(w):
    return "/v1/conversations/gate-session/turns", {"speaker": f"Ana {EMAIL}", "text": f"Peter said: {PII}",
                                                   "image_caption": f"a note reading {PHONE}"}


def _document(w):
    return "/v1/documents", {"title": f"Contacts {PHONE}", "text": f"Household contacts. {PII}\n\n" * 3,
                             "tags": [EMAIL]}


def _entity_patch(w):
    return f"/v1/entities/{w['entity_id']}", {"name": f"Peter {PHONE}", "add_aliases": [EMAIL]}


def _approve(w):
    """A parent approves, edited with raw PII, what the policy held for review (the last entry: its
    policy change holds the member's preferences from then on)."""
    parent, user_id = w["tenant"]["clients"][0], w["tenant"]["users"][1]["user_id"]
    parent.put(f"/v1/users/{user_id}/policy", json={"review_new_types": ["preference"]}).raise_for_status()
    held = w["client"].post("/v1/memory/candidates", json={"items": [{"text": f"Ana likes oolong {uuid.uuid4().hex[:6]}.",
                                                                       "type": "preference"}]})
    assert held.json()["items"][0]["status"] == "held", held.text
    item = parent.get("/v1/review", params={"owner_id": user_id}).json()["items"][-1]
    return f"/v1/review/{item['id']}/approve", {"text": f"Ana likes oolong. {PII}"}, "parent"


def _split(w):
    return f"/v1/entities/{w['entity_id']}/split", {"name": f"Peter {EMAIL}", "aliases": [CARD],
                                                     "memory_ids": [w["linked_memory_id"]]}


# (method, path) -> (how to call it with raw PII, the statuses a gated success may answer)
GATED = {
    ("POST", "/v1/memory/candidates"): (_candidates, {200}),
    ("POST", "/v1/memory/commit"): (_commit, {200}),
    ("PATCH", "/v1/memory/{memory_id}"): (_patch, {200}),
    ("POST", "/v1/conversations/{session_id}/turns"): (_turn, {200}),
    ("POST", "/v1/documents"): (_document, {201}),
    # names are identifiers: PII there is refused (422), never stored
    ("PATCH", "/v1/entities/{entity_id}"): (_entity_patch, {422}),
    ("POST", "/v1/entities/{entity_id}/split"): (_split, {422}),
    ("POST", "/v1/review/{review_id}/approve"): (_approve, {200}),
}
NOT_GATED = {
    ("DELETE", "/v1/memory/{memory_id}"): "removes a memory; stores only ids and the optional reason in the "
                                          "guardian-only tombstone/audit rows",
    ("POST", "/v1/users/{user_id}/forget"): "removes every memory of a user",
    ("POST", "/v1/users/{user_id}/export"): "reads: returns what is already stored (and gated)",
    ("POST", "/v1/memory/retrieve"): "reads",
    ("POST", "/v1/memory/contextify"): "reads; its decision log keeps memory ids and reasons, never text",
    ("POST", "/v1/entities/resolve"): "reads",
    ("POST", "/v1/entities/merge"): "ids only: names, links and edges move between stored (gated) entities",
    ("POST", "/v1/review/{review_id}/reject"): "a guardian's decision; removes the held text, stores ids only",
    ("POST", "/v1/entities/merge-proposals/scan"): "stores pairs of ids of stored entities and the rule's evidence "
                                                   "(names and facets already stored, gated when written)",
    ("POST", "/v1/entities/merge-proposals/{proposal_id}/accept"): "ids only: merges two stored entities "
                                                                   "(as /v1/entities/merge), keeps their snapshot",
    ("POST", "/v1/entities/merge-proposals/{proposal_id}/dismiss"): "ids and state only",
    ("POST", "/v1/entities/merge-proposals/{proposal_id}/undo"): "puts back stored rows from the snapshot; no "
                                                                 "caller text",
    ("PUT", "/v1/users/{user_id}/policy"): "a parent's household settings (the gate's own configuration), "
                                           "not memory",
    ("POST", "/v1/users/{user_id}/forget-requests/{request_id}/approve"): "a guardian's decision on a forget "
                                                                          "request: removes memories",
    ("POST", "/v1/users/{user_id}/forget-requests/{request_id}/reject"): "a guardian's decision; ids and state only",
    ("POST", "/v1/tokens"): "issues a credential; its optional label (100 chars) is account metadata shown only to "
                            "the token's holder and guardians, never memory or context",
    ("POST", "/v1/tokens/{token_id}/rotate"): "replaces a credential's secret; no caller text",
    ("DELETE", "/v1/tokens/{token_id}"): "revokes a credential",
    ("POST", "/v1/users/{user_id}/export/link"): "writes the caller's export (what the read gate lets it see) "
                                                 "to a blob under the subject's prefix; no caller text",
    ("POST", "/portal/session"): "exchanges a token for a session cookie; Redis keeps only the token's hash and a "
                                 "CSRF secret",
    ("DELETE", "/portal/session"): "ends a portal session",
    ("POST", "/v1/admin/tenants"): "service-admin provisioning (display names of accounts), outside households",
    ("POST", "/v1/admin/dead-letters/{group}/{dead_letter_id}/replay"): "service admin: puts a dead letter's event "
                                                                         "back on its stream; no caller text",
    ("POST", "/v1/admin/tenants/{tenant_id}/users"): "service-admin provisioning, as above",
    ("POST", "/v1/sync/receipts"): "an edge device's receipt: hex hashes of memory ids (pattern-checked), a digest "
                                   "and counts; no caller text is stored",
    ("POST", "/v1/memory/feedback"): "a memory id and a fixed kind: no caller text is stored (ids and codes in "
                                     "memory_feedback, the review queue and the audit log)",
    ("POST", "/v1/household/invitations"): "a parent's invitation: an account's display name, role and age band "
                                           "(account metadata, as provisioning), never memory or context",
    ("DELETE", "/v1/household/invitations/{invitation_id}"): "revokes an invitation; ids and state only",
    ("POST", "/v1/household/invitations/accept"): "creates the invited account from the stored invitation; the "
                                                  "body is the code only",
    ("PATCH", "/v1/household/members/{user_id}"): "a parent changes a member's role, display name or age band "
                                                  "(account metadata; the band is one of four values)",
    ("PUT", "/v1/household/consent"): "an adult opts the household in or out (a boolean and a time); stores no "
                                      "caller text",
}


# The MCP server's tools that write (issue 38): each is one REST call made with the caller's token.
MCP_GATED = {
    "remember_turn": lambda w: {"session_id": "gate-mcp", "speaker": f"Ana {EMAIL}", "text": f"Peter said: {PII}"},
    "remember_fact": lambda w: {"text": f"Ana's contact details. {PII}", "type": "semantic", "tags": [EMAIL]},
}
MCP_NOT_GATED = {
    "forget_memory": "removes a memory: DELETE /v1/memory/{memory_id}",
}


def text_columns(db) -> list[tuple[str, str]]:
    return db.execute(
        """SELECT c.table_name, c.column_name FROM information_schema.columns c
           JOIN information_schema.tables t USING (table_schema, table_name)
           WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
             AND (c.data_type IN ('text', 'character varying', 'jsonb', 'json')
                  OR c.udt_name IN ('_text', '_varchar'))""").fetchall()


def raw_pii_found(db) -> list[str]:
    """Every (table.column, needle) where a raw PII string is stored, in any row of any table."""
    found = []
    for table, column in text_columns(db):
        for needle in RAW:
            if db.execute(f'SELECT 1 FROM "{table}" WHERE "{column}"::text ILIKE %s LIMIT 1',
                          (f"%{needle}%",)).fetchone():
                found.append(f"{table}.{column}: {needle}")
    return found


def row_counts(db, tenant_id: str) -> dict[str, int]:
    """Rows per table: the tenant's where the table has a tenant_id, else all."""
    tables = [r[0] for r in db.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
        "AND table_type = 'BASE TABLE'").fetchall()]
    with_tenant = {r[0] for r in db.execute(
        "SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' "
        "AND column_name = 'tenant_id'").fetchall()}
    return {t: db.execute(f'SELECT count(*) FROM "{t}"' + (" WHERE tenant_id = %s" if t in with_tenant else ""),
                          (tenant_id,) if t in with_tenant else ()).fetchone()[0] for t in tables}


@pytest.fixture(scope="module")
def down_url(stack_env, embedder):
    """A second memory-api on the same database whose policy service is a closed port."""
    from memory_api.app import ApiSettings, create_app

    settings = ApiSettings(database_url=stack_env["DATABASE_URL"], app_database_url=stack_env.get("MEMORY_APP_DATABASE_URL"),
                           redis_url=stack_env["REDIS_URL"],
                           policy_url=f"http://127.0.0.1:{free_port()}", policy_timeout_s=0.5, log_level="WARNING")
    server = LiveServer(create_app(settings, embedder=embedder), "memory-api-policy-down").start()
    yield server.url
    server.stop()


def _world(new_tenant) -> dict:
    """A household with a user who has a memory and an entity linked to a memory."""
    t = new_tenant("parent", "user")
    user = t["clients"][1]
    mem = user.post("/v1/memory/candidates", json={"items": [{"text": "Ana likes green tea.", "type": "preference"}]})
    mem.raise_for_status()
    user.post("/v1/conversations/seed/turns", json={"speaker": "user", "text": "Peter Alvarez is one of our writers."}
              ).raise_for_status()
    entity = next(e for e in user.get("/v1/entities", params={"q": "Peter"}).json()["items"])
    linked = user.get(f"/v1/entities/{entity['id']}").json()["memories"][0]["id"]
    return {"tenant": t, "client": user, "token": t["users"][1]["token"], "memory_id": mem.json()["items"][0]["memory"]["id"],
            "entity_id": entity["id"], "linked_memory_id": linked}


def _mutating(api_url) -> set[tuple[str, str]]:
    paths = httpx.get(f"{api_url}/openapi.json").json()["paths"]
    return {(m.upper(), p) for p, ops in paths.items() for m in ops if m in ("post", "put", "patch", "delete")}


def test_every_mutating_route_is_in_the_table(api_url):
    routes = _mutating(api_url)
    assert not GATED.keys() & NOT_GATED.keys()
    missing = routes - GATED.keys() - NOT_GATED.keys()
    assert not missing, f"mutating routes with no write-gate entry: {sorted(missing)}"
    stale = (GATED.keys() | NOT_GATED.keys()) - routes
    assert not stale, f"table entries for routes that no longer exist: {sorted(stale)}"


def test_gated_routes_store_no_raw_pii(new_tenant, owner_db):
    w = _world(new_tenant)
    answers = {}
    for (method, _), (build, ok) in GATED.items():
        url, body, *as_role = build(w)
        client = w["tenant"]["clients"][0] if as_role == ["parent"] else w["client"]
        r = client.request(method, url, json=body, headers={"Idempotency-Key": f"gate-{uuid.uuid4()}"})
        assert r.status_code in ok, (method, url, r.status_code, r.text)
        answers[(method, url)] = r.text
    assert not any(raw in text for text in answers.values() for raw in RAW)
    # the memory routes did store something: the placeholders stand where the PII was
    stored = owner_db.execute("SELECT string_agg(text || ' ' || search_text || ' ' || coalesce(subject, '') || ' '"
                              " || coalesce(value, '') || ' ' || tags::text || coalesce(value_json::text, ''), ' ')"
                              " FROM memory_items WHERE owner_id = %s", (w["tenant"]["users"][1]["user_id"],)).fetchone()[0]
    for placeholder in ("<PHONE>", "<EMAIL>", "<CARD>"):
        assert placeholder in stored
    scanned = set(text_columns(owner_db))
    assert {("memory_versions", "snapshot"), ("idempotency_keys", "response"), ("review_queue", "candidate"),
            ("entities", "aliases"), ("documents", "title"), ("memory_items", "search_text")} <= scanned
    assert raw_pii_found(owner_db) == []


def test_gated_routes_fail_closed_when_the_policy_service_is_down(new_tenant, owner_db, down_url):
    w = _world(new_tenant)
    down = httpx.Client(base_url=down_url, headers={"Authorization": f"Bearer {w['token']}"}, timeout=60)
    down_parent = httpx.Client(base_url=down_url, timeout=60,
                               headers={"Authorization": f"Bearer {w['tenant']['users'][0]['token']}"})
    built = [(method, *build(w)) for (method, _), (build, _ok) in GATED.items()]
    before = row_counts(owner_db, w["tenant"]["tenant_id"])
    for method, url, body, *as_role in built:
        client = down_parent if as_role == ["parent"] else down
        for payload in (body, _clean(body)):  # raw PII or not: no policy answer, nothing stored
            r = client.request(method, url, json=payload, headers={"Idempotency-Key": f"down-{uuid.uuid4()}"})
            assert r.status_code == 503, (method, url, r.status_code, r.text)
            assert r.json()["error"]["code"] == "policy_unavailable"
    assert row_counts(owner_db, w["tenant"]["tenant_id"]) == before
    down.close()
    down_parent.close()


def test_every_mcp_write_tool_is_in_the_table(new_tenant, mcp):
    caller = new_tenant("user")["clients"][0]
    writes = {t.name for t in mcp.tools(caller) if not (t.annotations and t.annotations.read_only_hint)}
    assert not MCP_GATED.keys() & MCP_NOT_GATED.keys()
    assert writes == MCP_GATED.keys() | MCP_NOT_GATED.keys(), writes


def test_mcp_writes_store_no_raw_pii(new_tenant, owner_db, mcp):
    w = _world(new_tenant)
    for tool, build in MCP_GATED.items():
        got = mcp.call(w["client"], tool, build(w))
        assert not got.is_error, (tool, got.text)
        assert not any(raw in got.text for raw in RAW), tool
    stored = owner_db.execute("SELECT string_agg(text, ' ') FROM memory_items WHERE owner_id = %s",
                              (w["tenant"]["users"][1]["user_id"],)).fetchone()[0]
    assert "<PHONE>" in stored and "<EMAIL>" in stored
    assert raw_pii_found(owner_db) == []


def test_mcp_writes_fail_closed_when_the_policy_service_is_down(new_tenant, owner_db, down_url, mcp_in_front_of):
    w = _world(new_tenant)
    down_mcp = mcp_in_front_of(down_url)
    before = row_counts(owner_db, w["tenant"]["tenant_id"])
    for tool, build in MCP_GATED.items():
        for args in (build(w), _clean(build(w))):
            got = down_mcp.call(w["client"], tool, args)
            assert got.is_error and got.status_code == 503, (tool, got.text)
            assert got.structured["error"]["code"] == "policy_unavailable"
    assert row_counts(owner_db, w["tenant"]["tenant_id"]) == before


def _clean(body):
    if isinstance(body, str):
        for raw in (PHONE, EMAIL, CARD):
            body = body.replace(raw, "tea")
        return body
    if isinstance(body, dict):
        return {_clean(k): _clean(v) for k, v in body.items()}
    if isinstance(body, list):
        return [_clean(v) for v in body]
    return body


# ---- regressions ------------------------------------------------------------------------------

def _texts(client) -> list[str]:
    return sorted(m["text"] for m in client.get("/v1/memory/list").json()["items"])


def test_commit_is_all_or_nothing(new_tenant, owner_db):
    c = new_tenant("user")["clients"][0]
    first = c.post("/v1/memory/candidates", json={"items": [{"text": "The piano lesson is on Monday."},
                                                           {"text": "The tuner comes in June."}]}).json()["items"]
    before = _texts(c)
    r = c.post("/v1/memory/commit", json={"items": [
        {"text": "The choir meets on Fridays."},
        {"memory_id": first[0]["memory"]["id"], "text": "The piano lesson is on Tuesday.", "expected_version": 1},
        {"memory_id": first[1]["memory"]["id"], "text": "The tuner comes in July.", "expected_version": 7}]})
    assert r.status_code == 409, r.text
    assert _texts(c) == before  # neither the create (item 1) nor the update (item 2) was kept
    versions = owner_db.execute("SELECT count(*) FROM memory_versions WHERE memory_id = %s",
                                (first[0]["memory"]["id"],)).fetchone()[0]
    assert versions == 0


def test_commit_honours_the_idempotency_key_for_the_whole_batch(new_tenant):
    c = new_tenant("user")["clients"][0]
    mid = c.post("/v1/memory/candidates", json={"items": [{"text": "The cat is called Miso."}]}).json()["items"][0]
    body = {"items": [{"text": "The dog is called Pepper."},
                      {"memory_id": mid["memory"]["id"], "text": "The cat is called Tofu.", "expected_version": 1}]}
    key = {"Idempotency-Key": f"commit-{uuid.uuid4()}"}
    one, two = (c.post("/v1/memory/commit", json=body, headers=key) for _ in range(2))
    assert one.status_code == two.status_code == 200, (one.text, two.text)
    assert one.json()["items"] == two.json()["items"]
    assert [i["status"] for i in one.json()["items"]] == ["created", "updated"]
    got = c.get(f"/v1/memory/{mid['memory']['id']}").json()
    assert got["version"] == 2 and got["text"] == "The cat is called Tofu."  # applied once
    assert _texts(c) == ["The cat is called Tofu.", "The dog is called Pepper."]


def test_commit_update_is_redacted_and_recomputes_pii_types(new_tenant, owner_db):
    c = new_tenant("user")["clients"][0]
    mid = c.post("/v1/memory/candidates", json={"items": [{"text": "Ana's number is unknown."}]}).json()["items"][0]
    r = c.post("/v1/memory/commit", json={"items": [{"memory_id": mid["memory"]["id"], "text": f"Ana's number is {PHONE}."}]})
    assert r.status_code == 200, r.text
    m = r.json()["items"][0]["memory"]
    assert "<PHONE>" in m["text"] and "PHONE" in m["pii_types"]
    assert raw_pii_found(owner_db) == []


def test_document_replay_returns_the_first_answer_and_stores_once(new_tenant, owner_db):
    t = new_tenant("user")
    c, owner = t["clients"][0], t["users"][0]["user_id"]
    body = {"title": "Recipes", "text": "Pancakes need flour, milk and eggs. Whisk them well.\n\nRest the batter."}
    key = {"Idempotency-Key": f"doc-{uuid.uuid4()}"}
    one, two = (c.post("/v1/documents", json=body, headers=key) for _ in range(2))
    assert one.status_code == two.status_code == 201, (one.text, two.text)
    assert one.json() == two.json()
    docs = owner_db.execute("SELECT count(*) FROM documents WHERE owner_id = %s", (owner,)).fetchone()[0]
    assert docs == 1
    other = c.post("/v1/documents", json={**body, "title": "Other"}, headers=key)
    assert other.status_code == 409  # the same key with another body


def test_a_document_refused_for_policy_outage_leaves_no_row(new_tenant, owner_db, down_url):
    t = new_tenant("user")
    owner = t["users"][0]["user_id"]
    with httpx.Client(base_url=down_url, headers={"Authorization": f"Bearer {t['users'][0]['token']}"}) as down:
        r = down.post("/v1/documents", json={"title": "Notes", "text": "Plant the tulips in October."})
    assert r.status_code == 503, r.text
    assert owner_db.execute("SELECT count(*) FROM documents WHERE owner_id = %s", (owner,)).fetchone()[0] == 0


def test_patch_redacts_text_and_history_never_holds_raw_pii(new_tenant, owner_db):
    c = new_tenant("user")["clients"][0]
    mid = c.post("/v1/memory/candidates", json={"items": [{"text": "Ana's email is private."}]}).json()["items"][0]
    mid = mid["memory"]["id"]
    r = c.patch(f"/v1/memory/{mid}", json={"text": f"Ana's email is {EMAIL}.", "tags": [PHONE]})
    assert r.status_code == 200, r.text
    assert "<EMAIL>" in r.json()["text"] and r.json()["tags"] == ["<PHONE>"]
    assert set(r.json()["pii_types"]) >= {"EMAIL", "PHONE"}
    r = c.patch(f"/v1/memory/{mid}", json={"text": "Ana's email changed."})  # the redacted text goes to history
    assert r.status_code == 200 and r.json()["pii_types"] == []
    snaps = [s for (s,) in owner_db.execute("SELECT snapshot::text FROM memory_versions WHERE memory_id = %s",
                                            (mid,)).fetchall()]
    assert len(snaps) == 2 and any("<EMAIL>" in s for s in snaps)
    assert raw_pii_found(owner_db) == []


@pytest.fixture(scope="module")
def child_household(new_tenant):
    t = new_tenant("parent", "child", "orchestrator")
    parent, child = t["clients"][:2]
    parent.put(f"/v1/users/{t['users'][1]['user_id']}/policy", json={"age_band": "8_12"}).raise_for_status()
    return t, parent, child


def test_a_childs_profanity_is_refused_on_patch_as_on_create(child_household):
    t, _, child = child_household
    created = child.post("/v1/memory/candidates", json={"items": [{"text": "This game is shit."}]}).json()["items"][0]
    assert created["status"] == "dropped"
    mid = child.post("/v1/memory/candidates", json={"items": [{"text": "This game is fun."}]}).json()["items"][0]
    mid = mid["memory"]["id"]
    r = child.patch(f"/v1/memory/{mid}", json={"text": "This game is shit."})
    assert r.status_code == 422 and r.json()["error"]["code"] == "refused_by_policy", r.text
    assert "profanity" in r.json()["error"]["message"]
    r = child.patch(f"/v1/memory/{mid}", json={"tags": ["shit"]})
    assert r.status_code == 422, r.text
    got = child.get(f"/v1/memory/{mid}").json()
    assert got["text"] == "This game is fun." and got["version"] == 1 and got["tags"] == []


def test_children_and_orchestrators_cannot_set_audience_tags(child_household):
    t, parent, child = child_household
    child_id, orchestrator = t["users"][1]["user_id"], t["clients"][2]
    r = child.post("/v1/memory/candidates", json={"items": [{"text": "My diary code.", "tags": ["parent_only"]}]})
    assert r.status_code == 403 and "parent_only" in r.json()["error"]["message"], r.text
    r = orchestrator.post("/v1/memory/commit", json={"owner_id": child_id, "items": [
        {"text": "The child's secret.", "tags": ["restricted"]}]})
    assert r.status_code == 403, r.text
    mid = child.post("/v1/memory/candidates", json={"items": [{"text": "I like swings."}]}).json()["items"][0]
    mid = mid["memory"]["id"]
    assert child.patch(f"/v1/memory/{mid}", json={"tags": ["Restricted"]}).status_code == 403
    r = parent.patch(f"/v1/memory/{mid}", json={"tags": ["restricted"]})
    assert r.status_code == 200 and "restricted" in r.json()["safety_flags"], r.text
    assert child.get(f"/v1/memory/{mid}").status_code == 404  # hidden from the child now
    r = parent.post("/v1/memory/candidates", json={"owner_id": child_id,
                                                   "items": [{"text": "Gift plans.", "tags": ["parent_only"]}]})
    assert r.status_code == 200 and r.json()["items"][0]["memory"]["safety_flags"] == ["parent_only"]


def test_pii_in_an_identifier_is_refused_not_stored(new_tenant, owner_db):
    c = new_tenant("user")["clients"][0]
    r = c.post("/v1/memory/candidates", json={"items": [{"text": "Tea time.", "origin_ref": EMAIL}]})
    assert r.status_code == 422 and r.json()["error"]["code"] == "pii_in_identifier", r.text
    r = c.post(f"/v1/conversations/{EMAIL}/turns", json={"speaker": "user", "text": "Hello there."})
    assert r.status_code == 422, r.text
    assert _texts(c) == []
    assert raw_pii_found(owner_db) == []


def test_a_value_too_long_for_the_policy_check_is_a_422_not_a_500(new_tenant):
    c = new_tenant("user")["clients"][0]
    r = c.post("/v1/memory/candidates", json={"items": [{"text": "Notes.", "value_json": {"k": "x" * 20_001}}]})
    assert r.status_code in (413, 422), r.text
    assert _texts(c) == []


async def test_consolidator_summary_of_redacted_turns_holds_no_raw_pii(new_tenant, stack_env, owner_db):
    """The consolidator has no policy client: its derived texts are composed of stored texts, which
    passed the gate (see consolidator/store.py). A session summary of turns that carried PII."""
    from consolidator.phrasing import word_promoted
    from consolidator.summaries import SessionSummaryHandler
    from memcore.adapters.bus import BusEvent
    from memcore.adapters.postgres import Database

    t = new_tenant("user")
    c, owner = t["clients"][0], t["users"][0]["user_id"]
    ids = []
    for text in (f"My phone is {PHONE}.", f"My email is {EMAIL}.", f"I paid with {CARD}."):
        r = c.post("/v1/conversations/pii-session/turns", json={"speaker": "user", "text": text})
        assert r.status_code == 200, r.text
        ids.append(r.json()["items"][0]["memory"]["id"])
    db = await Database(stack_env.get("MEMORY_APP_DATABASE_URL") or stack_env["DATABASE_URL"], min_size=1,
                        max_size=1).connect()
    try:
        async with db.as_system(t["tenant_id"]) as conn:
            await SessionSummaryHandler().handle(conn, BusEvent(
                event_id=f"{t['tenant_id']}:1", key=owner, type="memory.created", tenant_id=t["tenant_id"],
                payload={"memory_id": ids[-1], "session_id": "pii-session", "type": "episodic"}))
            texts = [r["text"] for r in await conn.fetch(
                "SELECT text FROM memory_items WHERE memory_id = ANY($1::uuid[])", [uuid.UUID(i) for i in ids])]
    finally:
        await db.close()
    summary = owner_db.execute("SELECT text FROM memory_items WHERE owner_id = %s AND type = 'summary'",
                               (owner,)).fetchone()[0]
    assert "<PHONE>" in summary and "<EMAIL>" in summary
    promoted = word_promoted(texts, [None] * len(texts)).text
    assert not any(raw in summary or raw in promoted for raw in RAW)
    assert raw_pii_found(owner_db) == []
