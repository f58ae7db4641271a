"""Leak hunting: households with parents, children, an orchestrator, an admin and adult users in two
tenants; memories of every type and audience (plain, restricted, parent-only, a parent's
profanity, consent-hidden, safety rules), turns with named people, documents and edit history.
Every read route, called by every caller for every owner and memory: nothing comes back that the
caller may not see. Each memory carries a unique marker word; a response leaks when it holds the
marker or the id of a memory the caller may not see.

The oracle (what a caller may see) is written here from the rules, not from the code:
- another tenant: nothing;
- a child or an adult user: only their own memories;
- a reader in a child's audience (the child, or an orchestrator reading a child's memory): no
  memory flagged restricted or parent_only, no profanity someone else wrote; safety rules always;
- consent-hidden memories (a do-not-learn topic set after they were stored): parents and admins only.
"""
from __future__ import annotations

import random
import re
import string

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CHILD_AUDIENCE_HIDDEN = {"restricted", "parent_only"}
OTHERS_WORDS_HIDDEN = {"profanity", "age_sensitive"}
TYPES = ["episodic", "semantic", "preference", "identity", "relationship", "skill", "process"]
_rng = random.Random(20261123)


def session_of(name: str) -> str:
    return "s-" + name.replace("_", "-")


def marker() -> str:
    return "zq" + "".join(_rng.choice(string.ascii_lowercase) for _ in range(7))


class World:
    def __init__(self):
        self.users: dict[str, dict] = {}  # name -> {user_id, role, tenant_id, client}
        self.memories: list[dict] = []  # {id, tenant_id, owner_id, owner_role, writer_id, type, flags, marker}
        self.sessions: dict[str, list[str]] = {}  # owner user_id -> session ids

    def user(self, name):
        return self.users[name]

    def may_see(self, caller: dict, m: dict) -> bool:
        if caller["tenant_id"] != m["tenant_id"]:
            return False
        if caller["role"] in ("child", "user") and m["owner_id"] != caller["user_id"]:
            return False
        if m["type"] == "safety":
            return True
        flags = set(m["flags"])
        if "consent_hidden" in flags and caller["role"] not in ("parent", "admin"):
            return False
        child_audience = caller["role"] == "child" or (caller["role"] == "orchestrator" and m["owner_role"] == "child")
        if child_audience and (flags & CHILD_AUDIENCE_HIDDEN
                               or (flags & OTHERS_WORDS_HIDDEN and m["writer_id"] != caller["user_id"])):
            return False
        return True

    def owners(self, caller: dict) -> list[dict]:
        """Owners a caller may name (its tenant's users); other tenants' are tried too."""
        return list(self.users.values())


def _record(world: World, writer: dict, owner: dict, results: list[dict], markers: list[str]) -> None:
    for item, mk in zip(results, markers):
        assert item["status"] in ("created", "reinforced"), item
        m = item["memory"]
        world.memories.append({"id": m["id"], "tenant_id": owner["tenant_id"], "owner_id": owner["user_id"],
                               "owner_role": owner["role"], "writer_id": writer["user_id"], "type": m["type"],
                               "flags": m["safety_flags"], "marker": mk})


def _write(world: World, writer: str, owner: str, items: list[dict]) -> None:
    w, o = world.user(writer), world.user(owner)
    markers = []
    for it in items:
        mk = marker()
        it["text"] = it["text"].format(m=mk)
        markers.append(mk)
    r = w["client"].post("/v1/memory/candidates", json={"owner_id": o["user_id"], "items": items})
    assert r.status_code == 200, r.text
    _record(world, w, o, r.json()["items"], markers)


def _turn(world: World, writer: str, owner: str, session: str, text: str) -> None:
    w, o = world.user(writer), world.user(owner)
    mk = marker()
    r = w["client"].post(f"/v1/conversations/{session}/turns",
                         json={"speaker": "user", "text": text.format(m=mk, name=mk.capitalize()),
                               "owner_id": o["user_id"]})
    assert r.status_code == 200, r.text
    stored = [i for i in r.json()["items"] if i.get("memory")]
    assert stored, r.text
    _record(world, w, o, stored, [mk] * len(stored))
    world.sessions.setdefault(o["user_id"], []).append(session)


def _household_memories(world: World, parent: str, child: str) -> None:
    # The parent writes for the child: every type in every audience, safety rules, profanity.
    items = []
    for t in TYPES:
        for tags in ([], ["restricted"], ["parent_only"]):
            items.append({"text": f"The note {{m}} is about {t} things for the family.", "type": t, "tags": tags})
    items.append({"text": "Rule {m}: no scary stories at bedtime.", "type": "safety", "tags": []})
    items.append({"text": "Rule {m}: never share the home address.", "type": "safety", "tags": ["parent_only"]})
    items.append({"text": "The neighbour {m} said that was damn stupid.", "type": "episodic", "tags": []})
    _write(world, parent, child, items)
    # The child's own memories, and what the orchestrator stores for the child.
    _write(world, child, child, [{"text": "I built a sandcastle called {m} at the beach.", "type": "episodic"}])
    _write(world, "orch" if parent == "parent_a" else parent, child,
           [{"text": "The child enjoyed the story about {m} the dragon.", "type": "episodic"}])
    # Named people in a conversation: a parent's profane turn, and the child's own turn.
    _turn(world, parent, child, session_of(child), "{name} is a damn liar, said the neighbour.")
    _turn(world, child, child, session_of(child), "I played football with {name} after school.")
    # A parent-only document, and a history: the parent edits a restricted memory.
    mk = marker()
    doc = world.user(parent)["client"].post("/v1/documents", json={
        "owner_id": world.user(child)["user_id"], "title": "School report", "tags": ["parent_only"],
        "text": f"The school report mentions {mk} and the reading level of the term."})
    assert doc.status_code == 201, doc.text
    _record(world, world.user(parent), world.user(child), doc.json()["chunks"], [mk] * len(doc.json()["chunks"]))
    assert doc.json()["original_kept"], doc.text  # no PII: the original is kept in blob storage
    DOCUMENTS.append(doc.json()["document_id"])
    for m in world.memories[-len(doc.json()["chunks"]):]:
        m["document_id"] = doc.json()["document_id"]
    restricted = next(m for m in world.memories if m["owner_id"] == world.user(child)["user_id"]
                      and "restricted" in m["flags"])
    r = world.user(parent)["client"].patch(f"/v1/memory/{restricted['id']}", json={"salience": 0.9})
    assert r.status_code == 200, r.text


@pytest.fixture(scope="module")
def world(new_tenant, mcp) -> World:
    MCP[:] = [mcp]
    w = World()
    a = new_tenant("parent", "child", "child", "orchestrator", "admin")
    b = new_tenant("parent", "child", "user")
    for t, names in ((a, ("parent_a", "child_a1", "child_a2", "orch", "admin_a")), (b, ("parent_b", "child_b", "user_b"))):
        for name, u, client in zip(names, t["users"], t["clients"]):
            w.users[name] = {"name": name, "user_id": u["user_id"], "role": u["role"], "tenant_id": t["tenant_id"],
                             "client": client}
            CALLERS[id(client)] = w.users[name]
    for child in ("child_a1", "child_a2", "child_b"):
        parent = "parent_a" if child.startswith("child_a") else "parent_b"
        r = w.user(parent)["client"].put(f"/v1/users/{w.user(child)['user_id']}/policy", json={"age_band": "8_12"})
        assert r.status_code == 200, r.text
        _household_memories(w, parent, child)
    # Adults: a user's own restricted memory is theirs to see; a parent's own memories.
    for adult, tags in (("user_b", ["restricted"]), ("parent_a", ["parent_only"])):
        _write(w, adult, adult, [{"text": "My own note {m} about the garden.", "type": "semantic", "tags": tags},
                                 {"text": "My plain note {m} about cooking.", "type": "preference"}])
    # Consent: a topic the parent forbids after the fact hides what was stored about it.
    _write(w, "child_a2", "child_a2", [{"text": "I read that {m} volcanoes erupt lava.", "type": "semantic"}])
    r = w.user("parent_a")["client"].put(f"/v1/users/{w.user('child_a2')['user_id']}/policy",
                                         json={"age_band": "8_12", "do_not_learn_topics": ["volcanoes"]})
    assert r.status_code == 200, r.text
    # Feedback (issue 13): a parent marks a child's memory sensitive (restricted at once), a child its
    # own memory sensitive (hidden from it at once, pending a parent) and another one wrong (pending).
    for child, parent in (("child_a1", "parent_a"), ("child_b", "parent_b")):
        own = [m for m in w.memories if m["owner_id"] == w.user(child)["user_id"] and m["writer_id"] == m["owner_id"]
               and not m["flags"]]
        by_parent = next(m for m in w.memories if m["owner_id"] == w.user(child)["user_id"] and not m["flags"]
                         and m["type"] == "preference")
        for client, m, kind in ((w.user(parent)["client"], by_parent, "sensitive"),
                                (w.user(child)["client"], own[0], "sensitive"),
                                (w.user(child)["client"], own[-1], "wrong")):
            r = client.post("/v1/memory/feedback", json={"memory_id": m["id"], "kind": kind})
            assert r.status_code == 201, r.text
    # A parent marks a memory the child could see as parent-only afterwards, by editing its tags.
    for child, parent in (("child_a1", "parent_a"), ("child_b", "parent_b")):
        plain = next(m for m in w.memories if m["owner_id"] == w.user(child)["user_id"] and not m["flags"]
                     and m["type"] == "semantic")
        r = w.user(parent)["client"].patch(f"/v1/memory/{plain['id']}", json={"tags": ["parent_only"]})
        assert r.status_code == 200 and "parent_only" in r.json()["safety_flags"], r.text
    for m in w.memories:  # the flags as they are now (policy changes and edits re-flag), as a guardian sees them
        guardian = "parent_a" if m["tenant_id"] == w.user("parent_a")["tenant_id"] else "parent_b"
        got = w.user(guardian)["client"].get(f"/v1/memory/{m['id']}")
        assert got.status_code == 200, got.text
        m["flags"] = got.json()["safety_flags"]
    return w


def test_the_world_has_every_audience(world):
    flags = [set(m["flags"]) for m in world.memories]
    for f in ("restricted", "parent_only", "profanity", "consent_hidden"):
        assert any(f in s for s in flags), f
    assert any(m["type"] == "safety" and "parent_only" in m["flags"] for m in world.memories)


def _leaks(world: World, caller: dict, body: str) -> list[str]:
    return [f"{m['type']} {sorted(m['flags'])} of {m['owner_role']}" for m in world.memories
            if not world.may_see(caller, m) and (m["marker"] in body.lower() or m["id"] in body)]


# Each read route: how to call it for (caller, target owner, target memory).
def _get_memory(c, o, m): return c.get(f"/v1/memory/{m['id']}")
def _list(c, o, m): return c.get("/v1/memory/list", params={"owner_id": o["user_id"], "include_history": "true", "limit": 200})
def _retrieve(c, o, m): return c.post("/v1/memory/retrieve", json={"query": f"note {m['marker']}", "owner_id": o["user_id"], "k": 50})
def _contextify(c, o, m): return c.post("/v1/memory/contextify", json={"query": f"What do you remember about {m['marker']}?", "owner_id": o["user_id"], "token_budget": 4000, "session_id": session_of(o["name"])})
def _export(c, o, m): return c.post(f"/v1/users/{o['user_id']}/export")
def _export_link(c, o, m):
    r = c.post(f"/v1/users/{o['user_id']}/export/link")
    return httpx.get(r.json()["url"]) if r.status_code == 200 else r  # what the link downloads
def _entities(c, o, m): return c.get("/v1/entities", params={"owner_id": o["user_id"], "limit": 200})
def _entity(c, o, m): return c.get(f"/v1/entities/{m['entity_id']}", params={"owner_id": o["user_id"]}) if m.get("entity_id") else c.get("/v1/entities", params={"owner_id": o["user_id"], "q": m["marker"]})
def _resolve(c, o, m): return c.post("/v1/entities/resolve", json={"text": f"Did {m['marker'].capitalize()} call?", "owner_id": o["user_id"]})
def _session(c, o, m): return c.get(f"/v1/sessions/{session_of(o['name'])}/entities", params={"owner_id": o["user_id"]})
def _policy(c, o, m): return c.get(f"/v1/users/{o['user_id']}/policy")
def _verify(c, o, m): return c.get(f"/v1/users/{o['user_id']}/forget/verify")
def _forget_requests(c, o, m): return c.get(f"/v1/users/{o['user_id']}/forget-requests")
def _review(c, o, m): return c.get("/v1/review", params={"owner_id": o["user_id"], "limit": 200})
def _feedback(c, o, m): return c.get("/v1/memory/feedback", params={"owner_id": o["user_id"], "limit": 200})
def _disclosures(c, o, m):
    _contextify(c, o, m)  # whoever may ask for the owner's context leaves a decision log behind
    r = c.get(f"/v1/users/{o['user_id']}/disclosures", params={"limit": 100})
    if r.status_code != 200:
        return r
    # The questions are what someone of the household typed (here: any marker of the world), not
    # memory content: a guardian's view of its household's questions, and anyone's own, are echoes.
    # Any other question shown (a parent's, to a child) is searched like the rest.
    me = CALLERS[id(c)]
    body = r.json()
    for d in body["items"]:
        if d["question"] is not None and (me["role"] in ("parent", "admin") or d["asked_by"] == me["user_id"]):
            d["question"] = None
    return httpx.Response(200, json=body)
def _sync(c, o, m): return c.get("/v1/sync/changes", params={"owner_id": o["user_id"], "limit": 2000, "embeddings": "false"})
DOCUMENTS: list[str] = []  # the world's documents (a parent-only one per household)
CALLERS: dict[int, dict] = {}  # id(client) -> the world's user it signs in as
def _document_original(c, o, m): return c.get(f"/v1/documents/{m.get('document_id') or DOCUMENTS[0]}/original")
def _merge_proposals(c, o, m):
    c.post("/v1/entities/merge-proposals/scan", params={"owner_id": o["user_id"]})
    return c.get("/v1/entities/merge-proposals", params={"owner_id": o["user_id"], "limit": 200})
# The MCP server's reading tools and resource (issue 38), called with the same caller's token.
MCP: list = []  # the McpCaller of the world's MCP server
def _mcp_recall(c, o, m): return MCP[0].call(c, "recall", {"query": f"note {m['marker']}", "owner_id": o["user_id"], "k": 50})
def _mcp_context(c, o, m): return MCP[0].call(c, "get_context", {"query": f"What do you remember about {m['marker']}?", "owner_id": o["user_id"], "token_budget": 4000, "session_id": session_of(o["name"])})
def _mcp_list(c, o, m): return MCP[0].call(c, "list_memories", {"owner_id": o["user_id"], "limit": 200})
def _mcp_get(c, o, m): return MCP[0].call(c, "get_memory", {"memory_id": m["id"]})
def _mcp_resolve(c, o, m): return MCP[0].call(c, "resolve_person", {"text": f"Did {m['marker'].capitalize()} call?", "owner_id": o["user_id"]})
class _McpRead:  # a resource read in the shape of a response
    def __init__(self, read):
        try:
            self.text, self.status_code = read().contents[0].text, 200
        except Exception as exc:  # noqa: BLE001 - a refusal names REST's status ("HTTP 403: ..."); else 500
            status = re.search(r"HTTP (\d{3})", str(exc))
            self.text, self.status_code = str(exc), int(status.group(1)) if status else 500
def _mcp_safety_rules(c, o, m): return _McpRead(lambda: MCP[0].read(c, f"memory://{o['user_id']}/safety-rules"))


READ_ROUTES = {
    ("get", "/v1/memory/{memory_id}"): _get_memory,
    ("get", "/v1/memory/list"): _list,
    ("post", "/v1/memory/retrieve"): _retrieve,
    ("post", "/v1/memory/contextify"): _contextify,
    ("post", "/v1/users/{user_id}/export"): _export,
    ("post", "/v1/users/{user_id}/export/link"): _export_link,
    ("get", "/v1/entities"): _entities,
    ("get", "/v1/entities/{entity_id}"): _entity,
    ("post", "/v1/entities/resolve"): _resolve,
    ("get", "/v1/sessions/{session_id}/entities"): _session,
    ("get", "/v1/users/{user_id}/policy"): _policy,
    ("get", "/v1/users/{user_id}/forget/verify"): _verify,
    ("get", "/v1/users/{user_id}/forget-requests"): _forget_requests,
    ("get", "/v1/entities/merge-proposals"): _merge_proposals,
    ("get", "/v1/review"): _review,
    ("get", "/v1/memory/feedback"): _feedback,
    ("get", "/v1/users/{user_id}/disclosures"): _disclosures,
    ("get", "/v1/sync/changes"): _sync,
    ("get", "/v1/documents/{document_id}/original"): _document_original,
    ("mcp", "recall"): _mcp_recall,
    ("mcp", "get_context"): _mcp_context,
    ("mcp", "list_memories"): _mcp_list,
    ("mcp", "get_memory"): _mcp_get,
    ("mcp", "resolve_person"): _mcp_resolve,
    ("mcp", "memory://{owner}/safety-rules"): _mcp_safety_rules,
}
# Read routes that return no memory content at all, with the reason.
NO_MEMORY_CONTENT = {
    ("get", "/healthz"): "liveness",
    ("get", "/v1/admin/dead-letters"): "service admin only: dead-letter counts by consumer group, ids and reason codes",
    ("get", "/v1/admin/dead-letters/{group}"): "service admin only: ids and reason codes, never content",
    ("get", "/v1/admin/dead-letters/{group}/{dead_letter_id}"): "service admin only: one dead letter's ids and "
                                                                  "reason code, never content",
    ("get", "/readyz"): "dependency checks",
    ("get", "/metrics"): "Prometheus counts and latencies by route template, stage and outcome; no ids or texts "
                         "(test_metrics_hold_no_memory_content)",
    ("get", "/v1/tokens"): "token metadata of the caller's tenant, never memory content",
    ("get", "/v1/sync/receipts"): "edge devices' receipts: hashes of memory ids and counts, never content",
    ("get", "/v1/household/invitations"): "invitation metadata (display name, role, age band) for guardians only",
    ("get", "/portal/session"): "the signed-in caller's own ids, role and CSRF token",
    ("get", "/v1/household/consent"): "whether the caller's household opted in, when and by whom; no content",
    ("get", "/v1/household/members"): "account metadata (names, roles, age bands) of the caller's household; "
                                      "a non-guardian sees only itself",
}


def test_every_read_route_is_hunted(api_server):
    schema = httpx.get(f"{api_server.url}/openapi.json").json()
    missing = [f"{method.upper()} {path}" for path, ops in schema["paths"].items() for method in ops
               if method == "get" and (method, path) not in READ_ROUTES and (method, path) not in NO_MEMORY_CONTENT]
    assert not missing, f"read routes without a leak hunt: {missing}"


def test_every_mcp_read_is_hunted(world):
    """Every MCP tool that reads (annotated read-only) and every resource is in the hunt; the others
    write, and the write-gate table lists them (test_write_gate_routes)."""
    caller = world.user("parent_a")["client"]
    reads = {("mcp", t.name) for t in MCP[0].tools(caller) if t.annotations and t.annotations.read_only_hint}
    reads |= {("mcp", t.uri_template) for t in MCP[0].templates(caller)}
    assert reads and not reads - READ_ROUTES.keys(), f"MCP reads without a leak hunt: {reads - READ_ROUTES.keys()}"


def test_metrics_hold_no_memory_content(world, api_server):
    """/metrics answers without a token: after the whole world was written and read, it names no memory
    (marker or id), user or token, and no raw path (sessions are named in paths)."""
    r = httpx.get(f"{api_server.url}/metrics")
    assert r.status_code == 200
    text = r.text.lower()
    found = [m["marker"] for m in world.memories if m["marker"] in text or m["id"] in text]
    found += [u["name"] for u in world.users.values()
              if u["user_id"] in text or (u.get("token") and u["token"] in r.text) or session_of(u["name"]) in r.text]
    assert not found, found
    assert "/v1/memory/{memory_id}" in r.text or "/v1/memory/list" in r.text  # route templates only


@pytest.fixture(scope="module")
def entity_ids(world):
    """Every entity, as its owner's parent lists them, tagged with the markers of its names."""
    out = []
    for parent in ("parent_a", "parent_b"):
        p = world.user(parent)
        for owner in world.users.values():
            if owner["tenant_id"] != p["tenant_id"]:
                continue
            r = p["client"].get("/v1/entities", params={"owner_id": owner["user_id"], "limit": 200})
            assert r.status_code == 200, r.text
            for e in r.json()["items"]:
                out.append({"entity_id": e["id"] if "id" in e else e["entity_id"], "owner": owner})
    return out


def test_get_returns_exactly_what_the_caller_may_see(world):
    """The exhaustive sweep of the simplest route: visible memories come back, the rest are 404."""
    wrong = []
    for caller in world.users.values():
        for m in world.memories:
            r = caller["client"].get(f"/v1/memory/{m['id']}")
            expected = 200 if world.may_see(caller, m) else 404
            if r.status_code != expected:
                wrong.append(f"{caller['name']} GET {m['type']} {m['flags']} of {m['owner_role']}: {r.status_code}")
    assert not wrong, "\n".join(wrong[:20])


def test_list_and_export_sweep(world):
    for caller in world.users.values():
        for owner in world.users.values():
            for route in (_list, _export, _export_link):
                r = route(caller["client"], owner, {})
                assert r.status_code < 500, r.text
                leaks = _leaks(world, caller, r.text)
                assert not leaks, f"{caller['name']} {route.__name__} of {owner['name']}: {leaks}"
            if caller["tenant_id"] == owner["tenant_id"] and caller["role"] in ("parent", "admin"):
                r = _list(caller["client"], owner, {})
                mine = {m["id"] for m in world.memories if m["owner_id"] == owner["user_id"]}
                assert mine <= {i["id"] for i in r.json()["items"]}, "a guardian lists everything of the owner"


@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(data=st.data())
def test_no_read_route_leaks(world, entity_ids, data):
    caller = data.draw(st.sampled_from(sorted(world.users.values(), key=lambda u: u["name"])), label="caller")
    route = data.draw(st.sampled_from(sorted(READ_ROUTES.items())), label="route")[1]
    target = dict(data.draw(st.sampled_from(world.memories), label="memory"))
    owner = next(u for u in world.users.values() if u["user_id"] == target["owner_id"])
    if data.draw(st.booleans(), label="another owner"):
        owner = data.draw(st.sampled_from(sorted(world.users.values(), key=lambda u: u["name"])), label="owner")
    if route is _entity and entity_ids:
        target["entity_id"] = data.draw(st.sampled_from(entity_ids), label="entity")["entity_id"]
    r = route(caller["client"], owner, target)
    assert r.status_code < 500, f"{route.__name__}: {r.status_code} {r.text[:300]}"
    leaks = _leaks(world, caller, r.text)
    assert not leaks, f"{caller['name']} ({caller['role']}) {route.__name__} for {owner['name']}: {leaks}"
