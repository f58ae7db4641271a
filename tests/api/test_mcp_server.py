"""The MCP server (issue 38): an MCP client of the `mcp` SDK lists the tools, calls each against the
running stack and gets what REST answers for the same token, refusals included (a child asking for
a parent-only memory gets REST's 404, for another member's memory REST's 403)."""
from __future__ import annotations

import os
import sys

import httpx
import pytest

TOOLS = {"remember_turn", "remember_fact", "recall", "get_context", "list_memories", "get_memory",
         "forget_memory", "resolve_person"}
VOLATILE = {"took_ms", "timings_ms", "decision_id"}  # differ between two calls of the same read


def _stable(body):
    if isinstance(body, dict):
        return {k: _stable(v) for k, v in body.items() if k not in VOLATILE}
    if isinstance(body, list):
        return [_stable(v) for v in body]
    return body


@pytest.fixture(scope="module")
def household(new_tenant):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    child_id = t["users"][1]["user_id"]
    parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "8_12"}).raise_for_status()
    r = parent.post("/v1/memory/candidates", json={"owner_id": child_id, "items": [
        {"text": "Mia's birthday present is a red bicycle.", "type": "semantic", "tags": ["parent_only"]},
        {"text": "No scary stories at bedtime.", "type": "safety"},
        {"text": "Mia loves dinosaurs, especially the triceratops.", "type": "preference"}]})
    r.raise_for_status()
    ids = [i["memory"]["id"] for i in r.json()["items"]]
    return {"parent": parent, "child": child, "child_id": child_id, "parent_id": t["users"][0]["user_id"],
            "secret": ids[0], "rule": ids[1], "dinosaurs": ids[2]}


def test_lists_the_tools_and_the_safety_rules_resource(mcp, household):
    tools = {t.name: t for t in mcp.tools(household["child"])}
    assert set(tools) == TOOLS
    assert all(t.description and t.input_schema["type"] == "object" for t in tools.values())
    assert tools["recall"].annotations.read_only_hint and tools["forget_memory"].annotations.destructive_hint
    assert [t.uri_template for t in mcp.templates(household["child"])] == ["memory://{owner}/safety-rules"]


def test_without_a_bearer_token_the_endpoint_answers_401(mcp):
    r = httpx.post(mcp.url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                   headers={"accept": "application/json, text/event-stream"})
    assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"


def test_a_wrong_token_is_refused_as_rest_refuses_it(mcp):
    got = mcp.call("mem_not-a-token", "recall", {"query": "dinosaurs"})
    assert got.is_error and got.status_code == 401


def test_reads_answer_what_rest_answers_for_the_same_token(mcp, household):
    child, parent = household["child"], household["parent"]
    cases = [
        (child, "recall", {"query": "dinosaurs", "k": 5}, ("POST", "/v1/memory/retrieve",
                                                          {"json": {"query": "dinosaurs", "k": 5, "filters": {}}})),
        (child, "get_context", {"query": "What does Mia like?", "token_budget": 200},
         ("POST", "/v1/memory/contextify", {"json": {"query": "What does Mia like?", "token_budget": 200}})),
        (child, "list_memories", {}, ("GET", "/v1/memory/list", {})),
        (parent, "list_memories", {"owner_id": household["child_id"], "types": ["safety"]},
         ("GET", "/v1/memory/list", {"params": {"owner_id": household["child_id"], "type": ["safety"]}})),
        (child, "get_memory", {"memory_id": household["dinosaurs"]},
         ("GET", f"/v1/memory/{household['dinosaurs']}", {})),
        (child, "resolve_person", {"text": "Did Mia call?"},
         ("POST", "/v1/entities/resolve", {"json": {"text": "Did Mia call?"}})),
    ]
    for who, tool, args, (method, path, kw) in cases:
        rest = who.request(method, path, **kw)
        assert rest.status_code == 200, rest.text
        got = mcp.call(who, tool, args)
        assert not got.is_error, (tool, got.text)
        assert _stable(got.structured) == _stable(rest.json()), tool
    ctx = mcp.call(child, "get_context", {"query": "What does Mia like?"})
    assert "triceratops" in ctx.result.content[0].text  # the model reads the block itself
    assert any(line["memory_id"] == household["dinosaurs"] for line in ctx.structured["lines"])  # citations


def test_refusals_are_the_statuses_rest_answers(mcp, household):
    child, parent_id = household["child"], household["parent_id"]
    cases = [  # a parent-only memory of the child's own: not found, as REST says
        ("get_memory", {"memory_id": household["secret"]}, child.get(f"/v1/memory/{household['secret']}")),
        # another member's memory: forbidden
        ("list_memories", {"owner_id": parent_id}, child.get("/v1/memory/list", params={"owner_id": parent_id})),
        ("recall", {"query": "bicycle", "owner_id": parent_id},
         child.post("/v1/memory/retrieve", json={"query": "bicycle", "owner_id": parent_id})),
        # a parent's safety rule cannot be forgotten by the child (nothing is deleted: checked below)
        ("forget_memory", {"memory_id": household["rule"]}, None),
        ("remember_fact", {"text": "Scary stories are fine.", "type": "safety"},
         child.post("/v1/memory/candidates", json={"items": [{"text": "Scary stories are fine.", "type": "safety"}]})),
    ]
    for tool, args, rest in cases:
        got = mcp.call(child, tool, args)
        expected = rest.status_code if rest is not None else 403
        assert got.is_error and got.status_code == expected and expected in (403, 404), (tool, got.text)
        if rest is not None:
            assert got.structured["error"]["code"] == rest.json()["error"]["code"]
        assert "bicycle" not in got.text
    assert household["parent"].get(f"/v1/memory/{household['rule']}").status_code == 200
    rest = child.delete(f"/v1/memory/{household['rule']}")
    assert rest.status_code == 403


def test_writes_go_through_the_api_and_forget_forgets(mcp, household):
    child = household["child"]
    fact = mcp.call(child, "remember_fact", {"text": "Mia's favourite colour is green.", "type": "preference"})
    assert not fact.is_error, fact.text
    [item] = fact.structured["items"]
    assert item["status"] == "created" and item["memory"]["owner_id"] == household["child_id"]
    assert child.get(f"/v1/memory/{item['memory']['id']}").json()["text"] == "Mia's favourite colour is green."
    turn = mcp.call(child, "remember_turn", {"session_id": "mcp-s1", "text": "I went swimming with Grandpa Joe today."})
    assert not turn.is_error and turn.structured["stored"] is True, turn.text
    listed = child.get("/v1/memory/list", params={"session_id": "mcp-s1"}).json()["items"]
    assert any("swimming" in m["text"] for m in listed)
    gone = mcp.call(child, "forget_memory", {"memory_id": item["memory"]["id"], "reason": "asked"})
    assert not gone.is_error, gone.text
    assert child.get(f"/v1/memory/{item['memory']['id']}").status_code == 404
    again = mcp.call(child, "forget_memory", {"memory_id": item["memory"]["id"]})
    assert again.is_error and again.status_code == 404
    bad = mcp.call(child, "remember_turn", {"session_id": "mcp-s1", "text": "hi", "at": "yesterday"})
    assert bad.is_error and bad.status_code == 422  # REST's validation, with its reason


def test_safety_rules_resource_follows_the_read_gate(mcp, household):
    import json

    mine = json.loads(mcp.read(household["child"], "memory://me/safety-rules").contents[0].text)
    assert [r["text"] for r in mine["rules"]] == ["No scary stories at bedtime."]
    by_parent = mcp.read(household["parent"], f"memory://{household['child_id']}/safety-rules")
    assert json.loads(by_parent.contents[0].text)["rules"] == mine["rules"]
    with pytest.raises(Exception, match="403"):
        mcp.read(household["child"], f"memory://{household['parent_id']}/safety-rules")


def test_resolve_person_returns_which_peter_for_the_model_to_ask(mcp, new_tenant):
    t = new_tenant("user", kind="organisation")
    user = t["clients"][0]
    for text in ("Peter Alvarez is the CTO at Anderson Plumbing and manages their tech team.",
                 "Our neighbour Peter walks his beagle past the house every morning."):
        user.post("/v1/conversations/peters/turns", json={"speaker": "user", "text": text}).raise_for_status()
    rest = user.post("/v1/entities/resolve", json={"text": "Peter called"}).json()
    got = mcp.call(user, "resolve_person", {"text": "Peter called"})
    assert _stable(got.structured) == _stable(rest)
    assert got.structured["clarification"]["question"] == "Which Peter do you mean?"
    assert got.result.content[0].text.startswith("Ask the user: Which Peter do you mean?")
    assert len(got.structured["clarification"]["candidates"]) == 2


def test_the_shared_connection_pool_keeps_nothing_of_a_caller():
    """The server reuses one HTTP client to the API for every caller: it must not keep a cookie one
    answer set (the next caller would send it) and must not hold a token of its own."""
    import asyncio

    from memclient.mcp_server import MemoryTools

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"cookie": request.headers.get("cookie"), "auth": request.headers.get("authorization")},
                              headers={"set-cookie": "memory_portal=secret; Path=/"})

    async def twice():
        tools = MemoryTools("http://api.test", transport=httpx.MockTransport(answer))
        first = (await tools.http().get("/v1/memory/list")).json()
        second = (await tools.http().get("/v1/memory/list")).json()
        return first, second, len(tools.http().cookies)

    first, second, kept = asyncio.run(twice())
    assert first == second == {"cookie": None, "auth": None} and kept == 0


def test_stdio_server_acts_with_its_token(api_url, household):
    """`memory-mcp` without --http: a local client launches it and talks over stdin/stdout."""
    import anyio
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    token = household["child"].headers["Authorization"].removeprefix("Bearer ")
    env = {**os.environ, "MEMORY_MCP_TOKEN": token, "MEMORY_MCP_API_URL": api_url}
    params = StdioServerParameters(command=sys.executable, args=["-m", "memclient.mcp_server"], env=env)

    async def main():
        async with Client(params) as client:
            return await client.call_tool("get_memory", {"memory_id": household["dinosaurs"]})

    result = anyio.run(main)
    assert not result.is_error and result.structured_content["id"] == household["dinosaurs"]

