"""The LangGraph / LangChain adapters (issue 38, memclient.langgraph_memory) against the running stack:
a small graph of two turns sees the first turn's fact in the second turn's context; the store maps
namespaces to owner and scope and goes through the read gate like any REST call."""
from __future__ import annotations

import uuid

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph

from memclient.client import AsyncMemoryClient, MemoryApiError, MemoryClient
from memclient.langgraph_memory import (MemoryChatHistory, MemoryState, MemoryStore, memory_context_node,
                                        remember_reply_node, with_memory)


@pytest.fixture()
def user_client(new_tenant, api_url):
    t = new_tenant("user", kind="organisation")
    with MemoryClient(api_url, t["users"][0]["token"]) as client:
        yield client


def test_a_two_turn_graph_sees_the_first_turns_fact_in_the_second_turns_context(user_client):
    model = GenericFakeChatModel(messages=iter([AIMessage("Noted!"), AIMessage("In Lisbon.")]))
    seen: list[list] = []

    def call_model(state: MemoryState) -> dict:
        prompt = with_memory(state)
        seen.append(prompt)
        return {"messages": [model.invoke(prompt)]}

    graph = StateGraph(MemoryState)
    graph.add_node("memory", memory_context_node(user_client, token_budget=300))
    graph.add_node("model", call_model)
    graph.add_node("remember", remember_reply_node(user_client))
    graph.add_edge(START, "memory")
    graph.add_edge("memory", "model")
    graph.add_edge("model", "remember")
    graph.add_edge("remember", END)
    app = graph.compile(checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": f"lg-{uuid.uuid4().hex[:8]}"}}

    first = app.invoke({"messages": [HumanMessage("My sister Ana lives in Lisbon and works as a nurse.")]}, config)
    assert "Lisbon" not in first["memory_context"]  # nothing was known before the first turn
    second = app.invoke({"messages": [HumanMessage("Where does my sister Ana live?")]}, config)
    assert "Lisbon" in second["memory_context"], second["memory_context"]
    assert second["memory_citations"]
    assert "Lisbon" in seen[1][0].content and seen[1][0].type == "system"  # the model was given it
    assert second["messages"][-1].content == "In Lisbon."
    said = {m["speaker"] for m in user_client.list(session_id=config["configurable"]["thread_id"])["items"]}
    assert {"user", "assistant"} <= said  # both sides of the conversation were recorded as turns


def test_store_put_get_search_delete_and_namespaces(user_client):
    store = MemoryStore(user_client)
    ns = ("me", "project", "garden")
    store.put(ns, "tulips", {"text": "Plant the tulip bulbs in October.", "type": "process"})
    store.put(("me",), "tea", {"content": "Ana drinks jasmine tea every afternoon."})
    got = store.get(ns, "tulips")
    assert got.key == "tulips" and got.namespace == ns and got.value["type"] == "process"
    assert got.value["text"] == "Plant the tulip bulbs in October."
    assert store.get(("me", "user"), "tulips") is None  # another scope: another namespace
    hits = store.search(("me",), query="When should the tulips be planted?", limit=3)
    assert hits and hits[0].key == "tulips" and hits[0].score is not None
    assert [h.key for h in store.search(("me", "user"), query="What does Ana drink, tulips?")] == ["tea"]
    store.put(ns, "tulips", {"text": "Plant the tulip bulbs in November."})
    assert store.get(ns, "tulips").value["text"] == "Plant the tulip bulbs in November."
    assert {("me", "project", "garden"), ("me", "user")} <= set(store.list_namespaces(prefix=("me",)))
    store.delete(ns, "tulips")
    assert store.get(ns, "tulips") is None
    assert all(h.key != "tulips" for h in store.search(("me",), query="tulip bulbs"))


async def test_the_async_store_and_the_read_gate(new_tenant, api_url):
    t = new_tenant("parent", "child")
    parent_id, child_id = (u["user_id"] for u in t["users"])
    async with AsyncMemoryClient(api_url, t["users"][0]["token"]) as parent_http, \
            AsyncMemoryClient(api_url, t["users"][1]["token"]) as child_http:
        parent = MemoryStore(MemoryClient(api_url, t["users"][0]["token"]), parent_http)
        child = MemoryStore(MemoryClient(api_url, t["users"][1]["token"]), child_http)
        await parent.aput((child_id,), "bike", {"text": "Mia's present is a red bicycle.", "tags": ["parent_only"]})
        assert (await parent.aget((child_id,), "bike")).value["tags"] == ["parent_only"]
        assert await child.aget(("me",), "bike") is None  # hidden from the child by the read gate
        assert not await child.asearch(("me",), query="bicycle present")
        with pytest.raises(MemoryApiError) as refused:
            await child.asearch((parent_id,), query="bicycle")
        assert refused.value.status == 403


def test_chat_history_records_turns_and_gives_context(user_client):
    history = MemoryChatHistory(user_client, session_id=f"chat-{uuid.uuid4().hex[:8]}")
    history.add_messages([HumanMessage("Our dog Pepper is a border collie."), AIMessage("What a clever breed!")])
    assert [m.type for m in history.messages] == ["human", "ai"]
    assert "Pepper" in history.context_message("What breed is Pepper?").content
