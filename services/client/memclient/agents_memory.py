"""OpenAI Agents SDK adapters (the `openai-agents` extra; issue 38, docs/integrations.md).

- `memory_tools(client)`: function tools for an `Agent`: remember_fact, recall, get_context,
  resolve_person. Each is one REST call with the client's token (the read and write gates apply);
  a refusal reaches the model as `{"error": {"status", "code", "message"}}`.
- `MemorySession(session_id, client)`: a `Session` that records each user and assistant message
  as a turn of the session (the service learns from the conversation) and keeps the history in
  another session (an in-memory `SQLiteSession` unless given one). The Runner saves a run's input
  before the model is called: a user message is recorded with the reply that follows it (or by
  `flush()`), so that the context for a message is what was known before it.
- `memory_context_filter(client, session_id)`: a `RunConfig(call_model_input_filter=...)` that
  adds the memory block for the latest user message to the agent's instructions on every model
  call; nothing of it is stored in the history.
"""
from __future__ import annotations

import json
from typing import Any, Literal

from agents import FunctionTool, function_tool
from agents.items import TResponseInputItem
from agents.memory import Session, SessionABC, SQLiteSession
from agents.run_config import CallModelData, ModelInputData

from . import calls
from .calls import Call
from .client import AsyncMemoryClient, MemoryApiError

MemoryType = Literal["semantic", "preference", "identity", "relationship", "skill", "process", "episodic"]


async def _answer(client: AsyncMemoryClient, call: Call, render=None) -> str:
    try:
        body = await client.send(call)
    except MemoryApiError as exc:
        err = exc.body.get("error", {}) if isinstance(exc.body, dict) else {}
        return json.dumps({"error": {"status": exc.status, "code": exc.code,
                                     "message": err.get("message") if isinstance(err, dict) else str(exc.body)}})
    return render(body) if render else json.dumps(body)


def memory_tools(client: AsyncMemoryClient, session_id: str | None = None, owner_id: str | None = None,
                 token_budget: int = 300) -> list[FunctionTool]:
    """The memory tools, acting with `client`'s token; `session_id`: the conversation they belong to."""

    async def remember_fact(text: str, type: MemoryType = "semantic") -> str:
        """Remember one thing worth keeping about the user (a fact, a preference, how they do something).

        Args:
            text: The thing to remember, as a full sentence.
            type: What kind of memory it is.
        """
        item = {"text": text, "type": type, **({"session_id": session_id} if session_id else {})}
        return await _answer(client, calls.add_memories([item], owner_id=owner_id),
                             lambda b: json.dumps([{"status": i["status"], "memory_id": (i.get("memory") or {}).get("id")}
                                                   for i in b["items"]]))

    async def recall(query: str, k: int = 5) -> str:
        """Search what is remembered about the user.

        Args:
            query: What to look for.
            k: How many memories at most.
        """
        return await _answer(client, calls.retrieve(query, k=k, owner_id=owner_id, session_id=session_id),
                             lambda b: json.dumps([{"memory_id": i["memory"]["id"], "text": i["memory"]["text"],
                                                    "type": i["memory"]["type"]} for i in b["items"]]))

    async def get_context(query: str) -> str:
        """The memory block for a question: safety rules first, each line citing its memory.

        Args:
            query: The user's question or message.
        """
        return await _answer(client, calls.contextify(query, token_budget, session_id=session_id, owner_id=owner_id),
                             lambda b: b["context"] or "(nothing remembered that bears on this)")

    async def resolve_person(text: str) -> str:
        """Which known people a text names. If the answer has a clarification, ask the user its question.

        Args:
            text: The text that names someone.
        """
        return await _answer(client, calls.resolve_entities(text, session_id=session_id, owner_id=owner_id),
                             lambda b: json.dumps({"clarification": b.get("clarification"),
                                                   "resolved": [{"name": r["surface"], "entity_id": r["entity_id"]}
                                                                for r in b["resolutions"] if r.get("entity_id")]}))

    return [function_tool(f) for f in (remember_fact, recall, get_context, resolve_person)]


def _text(item: Any) -> str:
    content = item.get("content") if isinstance(item, dict) else None
    if isinstance(content, str):
        return content
    parts = [p.get("text", "") for p in content or () if isinstance(p, dict)]
    return " ".join(p for p in parts if p)


def _speaker(item: Any) -> str | None:
    if not isinstance(item, dict) or item.get("type", "message") != "message":
        return None
    return {"user": "user", "assistant": "assistant"}.get(item.get("role"))


class MemorySession(SessionABC):
    """A Session whose user and assistant messages are also recorded as turns of `session_id`."""

    def __init__(self, session_id: str, client: AsyncMemoryClient, history: Session | None = None,
                 owner_id: str | None = None):
        self.session_id, self.client, self.owner_id = session_id, client, owner_id
        self.history = history or SQLiteSession(session_id)
        self.pending: list[tuple[str, str]] = []  # user messages waiting for their reply

    async def get_items(self, limit: int | None = None) -> list[TResponseInputItem]:
        return await self.history.get_items(limit)

    async def add_items(self, items: list[TResponseInputItem]) -> None:
        await self.history.add_items(items)
        for item in items:
            speaker, text = _speaker(item), _text(item)
            if speaker and text.strip():
                self.pending.append((speaker, text))
        if any(speaker == "assistant" for speaker, _ in self.pending):
            await self.flush()

    async def flush(self) -> None:
        """Record the messages not recorded yet, in order."""
        while self.pending:
            speaker, text = self.pending[0]
            await self.client.send(calls.add_turn(self.session_id, speaker, text, owner_id=self.owner_id))
            self.pending.pop(0)

    async def pop_item(self) -> TResponseInputItem | None:
        return await self.history.pop_item()

    async def clear_session(self) -> None:
        """Clears the history; what the service learned stays (forget it through the API)."""
        await self.history.clear_session()


def memory_context_filter(client: AsyncMemoryClient, session_id: str | None = None, token_budget: int = 300,
                          owner_id: str | None = None):
    """A call_model_input_filter: the memory block for the latest user message, added to the instructions."""
    cache: dict[str, str] = {}

    async def add_context(data: CallModelData[Any]) -> ModelInputData:
        users = [_text(i) for i in data.model_data.input if _speaker(i) == "user"]
        if not users or not users[-1].strip():
            return data.model_data
        query = users[-1]
        if query not in cache:  # a run calls the model again after each tool call: one contextify a message
            body = await client.send(calls.contextify(query, token_budget, session_id=session_id, owner_id=owner_id))
            cache.clear()
            cache[query] = body["context"]
        block = f"What you remember about the user:\n{cache[query] or '(nothing yet)'}"
        instructions = f"{data.model_data.instructions}\n\n{block}" if data.model_data.instructions else block
        return ModelInputData(input=data.model_data.input, instructions=instructions)

    return add_context
