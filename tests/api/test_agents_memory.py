"""The OpenAI Agents SDK adapters (issue 38, memclient.agents_memory): an Agent run by the SDK's Runner
with its scripted test model (no network) remembers through the tools and the session, sees the first
run's fact in the second run's instructions, and meets the read gate's refusals."""
from __future__ import annotations

import json
import uuid

from agents import Agent, RunConfig, Runner, set_tracing_disabled
from agents.items import ToolCallOutputItem
from agents.testing import ScriptedModel, assistant_message, function_call

from memclient import calls
from memclient.agents_memory import MemorySession, memory_context_filter, memory_tools
from memclient.client import AsyncMemoryClient

set_tracing_disabled(True)  # the SDK's traces go to OpenAI's servers by default


def _tool_outputs(result) -> list[str]:
    return [str(i.output) for i in result.new_items if isinstance(i, ToolCallOutputItem)]


async def test_an_agent_remembers_and_sees_it_in_the_next_run(new_tenant, api_url):
    t = new_tenant("user", kind="organisation")
    session_id = f"agents-{uuid.uuid4().hex[:8]}"
    async with AsyncMemoryClient(api_url, t["users"][0]["token"]) as client:
        model = ScriptedModel([
            [function_call("remember_fact", {"text": "The user's brother Tom lives in Oslo.", "type": "relationship"},
                           call_id="c1")],
            [assistant_message("Got it.")],
            [function_call("recall", {"query": "Where does Tom live?", "k": 3}, call_id="c2")],
            [assistant_message("Tom lives in Oslo.")],
        ])
        agent = Agent(name="assistant", instructions="You are a helpful assistant.", model=model,
                      tools=memory_tools(client, session_id=session_id))
        session = MemorySession(session_id, client)
        config = RunConfig(call_model_input_filter=memory_context_filter(client, session_id=session_id))
        first = await Runner.run(agent, "My brother Tom just moved.", session=session, run_config=config)
        [stored] = json.loads(_tool_outputs(first)[0])
        assert stored["status"] == "created" and stored["memory_id"]
        second = await Runner.run(agent, "Where does Tom live now?", session=session, run_config=config)
        assert second.final_output == "Tom lives in Oslo."
        assert "Oslo" in _tool_outputs(second)[0]
        instructions = model.calls[2].system_instructions
        assert instructions.startswith("You are a helpful assistant.") and "Oslo" in instructions
        said = await client.send(calls.list_memories(session_id=session_id))
        assert {m["speaker"] for m in said["items"]} >= {"user", "assistant"}  # the session recorded both sides
        assert len(await session.get_items()) >= 4  # the history lives in the wrapped session


async def test_tools_answer_the_read_gates_refusal_to_the_model(new_tenant, api_url):
    t = new_tenant("parent", "child")
    parent_id = t["users"][0]["user_id"]
    async with AsyncMemoryClient(api_url, t["users"][1]["token"]) as child:
        model = ScriptedModel([[function_call("recall", {"query": "presents"}, call_id="c1")],
                               [assistant_message("I can't look at that.")]])
        agent = Agent(name="assistant", model=model, tools=memory_tools(child, owner_id=parent_id))
        result = await Runner.run(agent, "What is my present?")
        refusal = json.loads(_tool_outputs(result)[0])
        assert refusal["error"]["status"] == 403
