"""The MCP server (issue 38): the memory service as tools and a resource for a model, over streamable
HTTP (`memory-mcp --http`, started by `make run`) or stdio (`memory-mcp`, for a local client).

A thin layer over the REST API: every tool is one REST call (defined once, in `memclient.calls`)
made with the caller's own bearer token, so the read gate, the write gate, row-level security and
the policy service apply exactly as they do to REST, and there is no second place to keep them in
step. Over HTTP the token is the `Authorization: Bearer` header of the MCP request (a request
without one is refused with 401 before MCP sees it); over stdio it is MEMORY_MCP_TOKEN (or
MEMCTL_TOKEN). The HTTP transport is stateless (JSON answers, no MCP session kept), so any number
of replicas can stand behind a load balancer.

A tool answers with the REST response as structured content (the same JSON REST returns), and a
short text for the model. A refused call is a tool error (`isError`) whose structured content is
`{"error": {"status": 403, "code": ..., "message": ...}}`: the status REST answered.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any, Literal

import httpx
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from starlette.responses import JSONResponse

from . import calls
from .calls import Call
from .client import AsyncMemoryClient, MemoryApiError

MemoryType = Literal["episodic", "semantic", "preference", "identity", "relationship", "safety", "skill",
                     "device", "process", "document", "summary"]
Scope = Literal["user", "workspace", "project", "session"]
READS = ToolAnnotations(read_only_hint=True, open_world_hint=False)
WRITES = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)
FORGETS = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False)
DEFAULT_PORT = 8083
INSTRUCTIONS = (
    "Long-term memory of the people you talk with. Call get_context with the user's message before "
    "answering and use what it returns (its lines cite memory ids); call remember_turn with each turn of "
    "the conversation so that the service learns from it; remember_fact for one thing worth keeping. When "
    "resolve_person or get_context returns a clarification, ask the user its question. Safety rules "
    "(memory://me/safety-rules) always apply.")


class MissingToken(RuntimeError):
    pass


def _token(ctx: Context, stdio_token: str | None) -> str:
    headers = ctx.headers
    if headers is not None:  # HTTP: the caller's own token, never the server's
        auth = headers.get("authorization") or ""
        scheme, _, token = auth.partition(" ")
        if scheme.lower() == "bearer" and token.strip():
            return token.strip()
        raise MissingToken("no bearer token in the request")
    if stdio_token:
        return stdio_token
    raise MissingToken("no token: set MEMORY_MCP_TOKEN for the stdio server")


def _error(status: int, code: str, message: str) -> CallToolResult:
    body = {"error": {"status": status, "code": code, "message": message}}
    return CallToolResult(content=[TextContent(type="text", text=f"HTTP {status} {code}: {message}")],
                          structured_content=body, is_error=True)


def _ok(body: Any, text: str | None = None) -> CallToolResult:
    structured = body if isinstance(body, dict) else {"result": body}
    return CallToolResult(content=[TextContent(type="text", text=text if text is not None else json.dumps(body))],
                          structured_content=structured)


def _clarification_text(clar: dict) -> str:
    lines = [clar["question"]]
    for n, c in enumerate(clar.get("candidates") or [], 1):
        lines.append(f"{n}. {c['name']}" + (f": {c['description']}" if c.get("description") else ""))
    return "\n".join(lines)


class MemoryTools:
    """The tools, bound to the memory-api they call. `stdio_token`: the token of a stdio server."""

    def __init__(self, api_url: str, stdio_token: str | None = None, timeout: float = 60.0,
                 transport: httpx.AsyncBaseTransport | None = None):
        self.api_url, self.stdio_token, self.timeout, self.transport = api_url, stdio_token, timeout, transport
        self._http: httpx.AsyncClient | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def http(self) -> httpx.AsyncClient:
        """One connection pool to the API per event loop (the server runs on one; tests start others).
        It carries nothing of a caller: each call sets its token, and it keeps no cookies."""
        loop = asyncio.get_running_loop()
        if self._http is None or self._loop is not loop:
            no_cookies = CookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))
            self._http = httpx.AsyncClient(base_url=self.api_url, timeout=self.timeout, transport=self.transport,
                                           cookies=no_cookies)
            self._loop = loop
        return self._http

    async def send(self, ctx: Context, call: Call) -> Any:
        """One REST call with the caller's token; MemoryApiError carries REST's status and error."""
        return await AsyncMemoryClient(token=_token(ctx, self.stdio_token), http=self.http()).send(call)

    async def run(self, ctx: Context, call: Call, render=None) -> CallToolResult:
        try:
            body = await self.send(ctx, call)
        except MissingToken as exc:
            return _error(401, "unauthorized", str(exc))
        except MemoryApiError as exc:
            err = exc.body.get("error", {}) if isinstance(exc.body, dict) else {}
            message = err.get("message") if isinstance(err, dict) else None
            return _error(exc.status, exc.code or "error", message or str(exc.body)[:500])
        except httpx.HTTPError as exc:
            return _error(503, "memory_api_unreachable", f"the memory API did not answer: {type(exc).__name__}")
        return _ok(body, render(body) if render else None)


def build_server(api_url: str, stdio_token: str | None = None, **tool_options: Any) -> MCPServer:
    tools = MemoryTools(api_url, stdio_token, **tool_options)
    server = MCPServer("memory-service", instructions=INSTRUCTIONS, version="0.1.0", log_level="WARNING")

    @server.tool(annotations=WRITES)
    async def remember_turn(ctx: Context, session_id: str, text: str, speaker: str = "user", at: str | None = None,
                            owner_id: str | None = None, scope: Scope | None = None,
                            project_id: str | None = None) -> CallToolResult:
        """Record one turn of a conversation (what the user or the assistant said); the service learns
        facts, people and preferences from it, through the same policy as every write. `at`: ISO 8601
        with a time zone; `owner_id`: whose memory (guardian roles only; default: the caller)."""
        return await tools.run(ctx, calls.add_turn(session_id, speaker, text, at=at, owner_id=owner_id, scope=scope,
                                                   project_id=project_id))

    @server.tool(annotations=WRITES)
    async def remember_fact(ctx: Context, text: str, type: MemoryType = "semantic", tags: list[str] | None = None,
                            owner_id: str | None = None, scope: Scope | None = None, session_id: str | None = None,
                            project_id: str | None = None) -> CallToolResult:
        """Store one memory (a fact, a preference, a process...): deduplicated, checked for PII and
        safety, embedded. Safety rules (type `safety`) only from a parent or admin."""
        item = {k: v for k, v in {"text": text, "type": type, "tags": tags, "scope": scope, "session_id": session_id,
                                  "project_id": project_id}.items() if v is not None}
        return await tools.run(ctx, calls.add_memories([item], owner_id=owner_id))

    @server.tool(annotations=READS)
    async def recall(ctx: Context, query: str, k: int = 10, owner_id: str | None = None,
                     session_id: str | None = None, project_id: str | None = None,
                     types: list[MemoryType] | None = None) -> CallToolResult:
        """Ranked memories for a query (hybrid BM25 + vector search), each with its score."""
        filters = {"types": types} if types else None
        return await tools.run(ctx, calls.retrieve(query, k=k, owner_id=owner_id, session_id=session_id,
                                                   project_id=project_id, filters=filters))

    @server.tool(annotations=READS)
    async def get_context(ctx: Context, query: str, token_budget: int = 300, session_id: str | None = None,
                          owner_id: str | None = None, project_id: str | None = None) -> CallToolResult:
        """The memory block to put before answering `query`: at most `token_budget` tokens, safety rules
        first, each line citing its memory id (structured `lines`). A `clarification` asks which person
        the query means."""
        def render(body: dict) -> str:
            text = body.get("context") or "(nothing remembered that bears on this)"
            return text + ("\n\n" + _clarification_text(body["clarification"]) if body.get("clarification") else "")

        return await tools.run(ctx, calls.contextify(query, token_budget, session_id=session_id, owner_id=owner_id,
                                                     project_id=project_id), render)

    @server.tool(annotations=READS)
    async def list_memories(ctx: Context, owner_id: str | None = None, types: list[MemoryType] | None = None,
                            tags: list[str] | None = None, session_id: str | None = None, limit: int = 50,
                            cursor: str | None = None) -> CallToolResult:
        """Memories, newest first (`next_cursor` pages on)."""
        return await tools.run(ctx, calls.list_memories(owner_id=owner_id, type=types, tag=tags,
                                                        session_id=session_id, limit=limit, cursor=cursor))

    @server.tool(annotations=READS)
    async def get_memory(ctx: Context, memory_id: str) -> CallToolResult:
        """One memory by id (as cited by get_context)."""
        return await tools.run(ctx, calls.get_memory(memory_id))

    @server.tool(annotations=FORGETS)
    async def forget_memory(ctx: Context, memory_id: str, reason: str | None = None) -> CallToolResult:
        """Forget one memory everywhere (its row, vectors, search statistics, links, caches)."""
        return await tools.run(ctx, calls.delete_memory(memory_id, reason),
                               lambda _: f"forgot {memory_id}")

    @server.tool(annotations=READS)
    async def resolve_person(ctx: Context, text: str, session_id: str | None = None,
                             owner_id: str | None = None) -> CallToolResult:
        """Which known people (and other entities) a text names. When unsure ("which Peter?") the answer
        has a `clarification`: its question and candidates are for you to ask the user."""
        def render(body: dict) -> str:
            if body.get("clarification"):
                return "Ask the user: " + _clarification_text(body["clarification"])
            found = [r for r in body.get("resolutions", []) if r.get("entity_id")]
            return "; ".join(f"{r['surface']} -> {r['entity_id']}" for r in found) or "nobody known is named"

        return await tools.run(ctx, calls.resolve_entities(text, session_id=session_id, owner_id=owner_id), render)

    @server.resource("memory://{owner}/safety-rules", mime_type="application/json",
                     description="The safety rules that apply to an owner's conversations (`me`: the caller's)")
    async def safety_rules(owner: str, ctx: Context) -> str:
        call = calls.list_memories(owner_id=None if owner == "me" else owner, type=["safety"], limit=200)
        try:
            body = await tools.send(ctx, call)
        except (MissingToken, MemoryApiError) as exc:
            raise ResourceError(str(exc)) from exc
        return json.dumps({"owner": owner, "rules": [{"id": m["id"], "text": m["text"]} for m in body["items"]]})

    @server.custom_route("/healthz", methods=["GET"])
    async def healthz(_request):
        return JSONResponse({"status": "ok"})

    return server


class RequireBearer:
    """ASGI middleware: an MCP request without a bearer token is refused with 401 before MCP sees it
    (the token itself is checked by the memory API on every call)."""

    def __init__(self, app, path: str = "/mcp"):
        self.app, self.path = app, path

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"].rstrip("/") == self.path:
            auth = dict(scope.get("headers") or []).get(b"authorization", b"").decode("latin-1")
            scheme, _, token = auth.partition(" ")
            if scheme.lower() != "bearer" or not token.strip():
                response = JSONResponse({"error": {"code": "unauthorized", "message": "a bearer token is required"}},
                                        status_code=401, headers={"WWW-Authenticate": "Bearer"})
                return await response(scope, receive, send)
        return await self.app(scope, receive, send)


def http_app(api_url: str, host: str = "127.0.0.1", **tool_options: Any):
    """The streamable HTTP app (endpoint /mcp), stateless, JSON answers."""
    server = build_server(api_url, **tool_options)
    return RequireBearer(server.streamable_http_app(stateless_http=True, json_response=True, host=host))


def app_from_env():
    """uvicorn --factory memclient.mcp_server:app_from_env (what `make run` starts)."""
    return http_app(_api_url(None), host=os.environ.get("MEMORY_MCP_HOST", "127.0.0.1"))


def _api_url(given: str | None) -> str:
    url = given or os.environ.get("MEMORY_MCP_API_URL") or os.environ.get("MEMCTL_URL")
    if not url:
        from pathlib import Path

        from memcore.devstack import recorded

        stack = recorded.running(Path(os.environ.get("MEMCTL_DATA") or Path.cwd() / ".data"))
        url = stack.api_url if stack else None
    if not url:
        sys.exit("memory-mcp: no memory API: give --api-url (MEMORY_MCP_API_URL), or run `make run`")
    return url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="memory-mcp", description="The memory service as an MCP server.")
    parser.add_argument("--http", action="store_true", help="streamable HTTP on --host:--port/mcp (default: stdio)")
    parser.add_argument("--host", default=os.environ.get("MEMORY_MCP_HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("MEMORY_MCP_PORT", DEFAULT_PORT)))
    parser.add_argument("--api-url", help="the memory API (MEMORY_MCP_API_URL; default: the stack `make run` runs)")
    args = parser.parse_args(argv)
    api_url = _api_url(args.api_url)
    if args.http:
        import uvicorn

        uvicorn.run(http_app(api_url, host=args.host), host=args.host, port=args.port, log_level="warning")
        return 0
    token = os.environ.get("MEMORY_MCP_TOKEN") or os.environ.get("MEMCTL_TOKEN")
    if not token:
        sys.exit("memory-mcp: set MEMORY_MCP_TOKEN to the bearer token the stdio server acts with")
    build_server(api_url, stdio_token=token).run("stdio")
    return 0


if __name__ == "__main__":
    sys.exit(main())
