"""LangGraph / LangChain adapters (the `langgraph` extra; issue 38, docs/integrations.md).

- `MemoryStore`: a LangGraph `BaseStore` over the memory API. A namespace is `(owner, scope[, id])`:
  owner `"me"` (the token's user) or a user id (guardian and orchestrator tokens); scope `user`
  (the default, also for `(owner,)`), `workspace`, `project` (then the project id) or `session`
  (then the session id). An item's key is kept as the tag `key:<key>`; its value is the memory:
  `{"text", "type", "memory_id", "scope", "tags"}` (the text as stored: PII redacted by policy).
  `put` takes the text from `value["text"]` (or `content`, `memory`, `data`), the type from
  `value["type"]` (default `semantic`). Search with a query is the hybrid retrieval; without one,
  the newest memories. Every call is a REST call with the client's token: the read and write gates
  apply. A put the policy holds for a parent's review or drops is logged, not raised.
- `MemoryChatHistory`: a `BaseChatMessageHistory` that records each human and AI message as a turn
  of the session (the service learns from it) and keeps this process's window of messages; the
  service keeps what it learns, not a transcript.
- `memory_context_node` / `remember_reply_node`: graph nodes that put the memory block for the
  latest human message into the state (`memory_context`, `memory_citations`) and record the turn,
  then record the assistant's reply. The thread id (`config["configurable"]["thread_id"]`) is the
  session id.

Each operation is written once, as a generator of REST calls (`memclient.calls`), and run by a
synchronous `MemoryClient` or an `AsyncMemoryClient`.
"""
from __future__ import annotations

import json
import logging
from collections.abc import Generator, Iterable, Sequence
from datetime import datetime, timezone
from typing import Any

from langchain_core.chat_history import BaseChatMessageHistory
from langchain_core.messages import BaseMessage, SystemMessage
from langgraph.graph import MessagesState
from langgraph.store.base import (BaseStore, GetOp, InvalidNamespaceError, Item, ListNamespacesOp, Op, PutOp,
                                  Result, SearchItem, SearchOp)

from . import calls
from .calls import Call
from .client import AsyncMemoryClient, MemoryApiError, MemoryClient

log = logging.getLogger("memclient.langgraph")
SCOPES = ("user", "workspace", "project", "session")
KEY_TAG = "key:"
TEXT_FIELDS = ("text", "content", "memory", "data")
Steps = Generator[Call, Any, Any]


def _namespace(ns: tuple[str, ...]) -> tuple[str | None, str | None, str | None]:
    """(owner_id or None for the caller, scope or None for any, project/session id or None)."""
    if not ns:
        raise InvalidNamespaceError("a namespace starts with the owner: ('me',) or (user_id,)")
    owner = None if ns[0] == "me" else ns[0]
    scope = ns[1] if len(ns) > 1 else None
    if scope is not None and scope not in SCOPES:
        raise InvalidNamespaceError(f"the second label is a scope, one of {SCOPES}; got {scope!r}")
    if len(ns) > 3 or (len(ns) == 3 and scope not in ("project", "session")):
        raise InvalidNamespaceError("only project and session scopes take a third label (their id)")
    return owner, scope, ns[2] if len(ns) == 3 else None


def _memory_namespace(owner_label: str, m: dict) -> tuple[str, ...]:
    scope = m.get("scope") or "user"
    context = m.get("project_id") if scope == "project" else m.get("session_id") if scope == "session" else None
    return (owner_label, scope, context) if context else (owner_label, scope)


def _key(m: dict) -> str:
    return next((t[len(KEY_TAG):] for t in m.get("tags") or () if t.startswith(KEY_TAG)), m["id"])


def _value(m: dict) -> dict:
    return {"text": m["text"], "type": m["type"], "memory_id": m["id"], "scope": m.get("scope") or "user",
            "tags": [t for t in m.get("tags") or () if not t.startswith(KEY_TAG)]}


def _when(m: dict, field: str) -> datetime:
    raw = m.get(field) or m.get("created_at")
    return datetime.fromisoformat(raw) if raw else datetime.now(timezone.utc)


def _item(ns0: str, m: dict, score: float | None = None, search: bool = False) -> Item:
    kw = dict(namespace=_memory_namespace(ns0, m), key=_key(m), value=_value(m),
              created_at=_when(m, "created_at"), updated_at=_when(m, "updated_at"))
    return SearchItem(**kw, score=score) if search else Item(**kw)


def _in(ns: tuple[str, ...], m: dict) -> bool:
    _, scope, context = _namespace(ns)
    if scope is not None and (m.get("scope") or "user") != scope:
        return False
    return context is None or context in (m.get("project_id"), m.get("session_id"))


def _find(ns: tuple[str, ...], key: str) -> Steps:
    """The memory a key names in a namespace (by its key tag; else a memory id), or None."""
    owner, _, _ = _namespace(ns)
    page = yield calls.list_memories(owner_id=owner, tag=[f"{KEY_TAG}{key}"], limit=200)
    found = [m for m in page["items"] if _in(ns, m)]
    if found or len(key) != 36:
        return found[0] if found else None
    try:
        m = yield calls.get_memory(key)
    except MemoryApiError as exc:
        if exc.status in (404, 422):
            return None
        raise
    return m if _in(ns, m) else None


def _get(op: GetOp) -> Steps:
    m = yield from _find(op.namespace, op.key)
    return _item(op.namespace[0], m) if m else None


def _text_of(value: dict) -> str:
    return next((value[f] for f in TEXT_FIELDS if isinstance(value.get(f), str) and value[f].strip()),
                None) or json.dumps(value, sort_keys=True, default=str)


def _put(op: PutOp) -> Steps:
    existing = yield from _find(op.namespace, op.key)
    if op.value is None:
        if existing:
            yield calls.delete_memory(existing["id"], "deleted through the LangGraph store")
        return None
    value = dict(op.value)
    text, kind = _text_of(value), value.get("type") or "semantic"
    if existing:
        yield calls.patch_memory(existing["id"], text=text, type=kind)
        return None
    owner, scope, context = _namespace(op.namespace)
    tags = [*(value.get("tags") or []), f"{KEY_TAG}{op.key}"]
    item = {"text": text, "type": kind, "tags": tags, "scope": scope or "user",
            "project_id": context if scope == "project" else None, "session_id": context if scope == "session" else None}
    body = yield calls.add_memories([{k: v for k, v in item.items() if v is not None}], owner_id=owner)
    result = body["items"][0]
    memory = result.get("memory")
    if result["status"] in ("held", "dropped") or memory is None:
        log.warning("put %s/%s was %s by the policy: %s", op.namespace, op.key, result["status"], result.get("reasons"))
    elif f"{KEY_TAG}{op.key}" not in memory.get("tags", []):  # an exact repeat reinforced an earlier memory
        yield calls.patch_memory(memory["id"], tags=[*memory.get("tags", []), f"{KEY_TAG}{op.key}"])
    return None


def _search(op: SearchOp) -> Steps:
    owner, scope, context = _namespace(op.namespace_prefix)
    want = op.limit + op.offset
    if op.query:
        filters = {"scope": scope} if scope else {}
        if context:
            filters["project_id" if scope == "project" else "session_id"] = context
        body = yield calls.retrieve(op.query, k=min(100, want * 2), owner_id=owner, filters=filters,
                                    **({"project_id": context} if scope == "project" else
                                       {"session_id": context} if scope == "session" else {}))
        hits = [(r["memory"], r["score"]) for r in body["items"]]
    else:
        body = yield calls.list_memories(owner_id=owner, session_id=context if scope == "session" else None, limit=200)
        hits = [(m, None) for m in body["items"]]
    items = [_item(op.namespace_prefix[0], m, score, search=True) for m, score in hits
             if _in(op.namespace_prefix, m) and all(_value(m).get(k) == v for k, v in (op.filter or {}).items())]
    return items[op.offset:want]


def _list_namespaces(op: ListNamespacesOp) -> Steps:
    prefix = next((c.path for c in op.match_conditions or () if c.match_type == "prefix"), ("me",))
    owner, _, _ = _namespace(tuple(prefix[:1]))
    seen: list[tuple[str, ...]] = []
    cursor = None
    for _ in range(25):  # at most 5,000 memories are looked at
        page = yield calls.list_memories(owner_id=owner, limit=200, cursor=cursor)
        for m in page["items"]:
            ns = _memory_namespace(prefix[0], m)[:op.max_depth or None]
            if ns not in seen and all(_matches(ns, c) for c in op.match_conditions or ()):
                seen.append(ns)
        cursor = page.get("next_cursor")
        if not cursor:
            break
    return sorted(seen)[op.offset:op.offset + op.limit]


def _matches(ns: tuple[str, ...], cond) -> bool:
    path = tuple(cond.path)
    part = ns[:len(path)] if cond.match_type == "prefix" else ns[-len(path):]
    return len(ns) >= len(path) and all(p in ("*", n) for p, n in zip(path, part))


def _steps(op: Op) -> Steps:
    if isinstance(op, GetOp):
        return _get(op)
    if isinstance(op, PutOp):
        return _put(op)
    if isinstance(op, SearchOp):
        return _search(op)
    if isinstance(op, ListNamespacesOp):
        return _list_namespaces(op)
    raise TypeError(f"unknown store operation {type(op).__name__}")


def run_steps(steps: Steps, send) -> Any:
    """Drive a generator of calls with a synchronous `send(call) -> answer`."""
    try:
        call = next(steps)
        while True:
            try:
                answer = send(call)
            except MemoryApiError as exc:
                call = steps.throw(exc)
            else:
                call = steps.send(answer)
    except StopIteration as done:
        return done.value


async def arun_steps(steps: Steps, send) -> Any:
    """Drive a generator of calls with an asynchronous `send(call) -> answer`."""
    try:
        call = next(steps)
        while True:
            try:
                answer = await send(call)
            except MemoryApiError as exc:
                call = steps.throw(exc)
            else:
                call = steps.send(answer)
    except StopIteration as done:
        return done.value


class MemoryStore(BaseStore):
    """A LangGraph store over the memory API (see the module's docstring for the namespace layout)."""

    def __init__(self, client: MemoryClient, aclient: AsyncMemoryClient | None = None):
        self.client, self.aclient = client, aclient

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        return [run_steps(_steps(op), self.client.send) for op in ops]

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        if self.aclient is None:
            import asyncio

            return await asyncio.to_thread(self.batch, list(ops))
        return [await arun_steps(_steps(op), self.aclient.send) for op in ops]


def _speaker(message: BaseMessage) -> str | None:
    return {"human": "user", "ai": "assistant"}.get(message.type)


def _content(message: BaseMessage) -> str:
    return message.content if isinstance(message.content, str) else message.text


class MemoryChatHistory(BaseChatMessageHistory):
    """Records each human and AI message as a turn of `session_id`; `messages` is this process's window."""

    def __init__(self, client: MemoryClient, session_id: str, owner_id: str | None = None):
        self.client, self.session_id, self.owner_id = client, session_id, owner_id
        self._messages: list[BaseMessage] = []

    @property
    def messages(self) -> list[BaseMessage]:
        return list(self._messages)

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        for message in messages:
            speaker, text = _speaker(message), _content(message)
            if speaker and text.strip():
                self.client.add_turn(self.session_id, speaker, text, owner_id=self.owner_id)
            self._messages.append(message)

    def clear(self) -> None:
        """Clears the window; what the service learned stays (forget it with `MemoryClient.delete`)."""
        self._messages.clear()

    def context_message(self, query: str, token_budget: int = 300) -> SystemMessage:
        """The memory block for `query` as a system message to put before the model's input."""
        body = self.client.contextify(query, token_budget, session_id=self.session_id, owner_id=self.owner_id)
        return SystemMessage(content=context_prompt(body["context"]))


def context_prompt(context: str) -> str:
    return f"What you remember about the user (cite nothing else as memory):\n{context or '(nothing yet)'}"


class MemoryState(MessagesState):
    memory_context: str
    memory_citations: list[str]


def _session(config) -> str:
    return str((config or {}).get("configurable", {}).get("thread_id") or "default")


def memory_context_node(client: MemoryClient, token_budget: int = 300, owner_id: str | None = None):
    """A node: the memory block for the latest human message (`memory_context`, cited memory ids in
    `memory_citations`), then that message recorded as a turn of the thread's session."""
    def node(state: MemoryState, config) -> dict:
        human = next((m for m in reversed(state["messages"]) if m.type == "human"), None)
        if human is None:
            return {"memory_context": "", "memory_citations": []}
        session, text = _session(config), _content(human)
        body = client.contextify(text, token_budget, session_id=session, owner_id=owner_id)
        client.add_turn(session, "user", text, owner_id=owner_id)
        cited = [line["memory_id"] for line in body["lines"] if line.get("memory_id")]
        return {"memory_context": body["context"], "memory_citations": cited}

    return node


def remember_reply_node(client: MemoryClient, owner_id: str | None = None):
    """A node: the latest AI message recorded as the assistant's turn of the thread's session."""
    def node(state: MemoryState, config) -> dict:
        reply = next((m for m in reversed(state["messages"]) if m.type == "ai"), None)
        if reply is not None and _content(reply).strip():
            client.add_turn(_session(config), "assistant", _content(reply), owner_id=owner_id)
        return {}

    return node


def with_memory(state: MemoryState) -> list[BaseMessage]:
    """The model's input: the memory block as a system message, then the conversation."""
    return [SystemMessage(content=context_prompt(state.get("memory_context", ""))), *state["messages"]]

