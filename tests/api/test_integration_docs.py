"""The integration examples (issue 38) run as written: every Python block of docs/integrations.md and
of the README's integrations section, against the test stack and its MCP server, with a scripted
model in place of each line marked `# your model` (no network). And each integration extra installs
alone: its module imports nothing of the other extras, and what it imports is declared and pinned."""
from __future__ import annotations

import ast
import itertools
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"```python[^\n]*\n(.*?)```", re.S)
YOUR_MODEL = re.compile(r"^(?P<indent>\s*).*?\b(?P<var>\w+) = [^;]*#\s*your model\s*$", re.M)
EXTRAS = {"mcp": "memclient.mcp_server", "langgraph": "memclient.langgraph_memory",
          "openai-agents": "memclient.agents_memory"}
IMPORTS_OF = {"mcp": {"mcp", "mcp_types"}, "langgraph": {"langgraph", "langchain_core"}, "openai-agents": {"agents"}}


def _blocks(text: str) -> list[str]:
    return BLOCK.findall(text)


def _readme_section() -> str:
    readme = (REPO / "README.md").read_text()
    start = readme.index("## Integrations")
    return readme[start:readme.index("\n## ", start + 3)]


def _scripted_model(code: str):
    if "from agents" in code:
        from agents.testing import ScriptedModel, assistant_message

        return ScriptedModel([[assistant_message("Noted.")], [assistant_message("In Oslo.")]])
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage

    return GenericFakeChatModel(messages=itertools.cycle([AIMessage("Noted.")]))


def _run(code: str, capsys) -> str:
    code = YOUR_MODEL.sub(lambda m: f"{m['indent']}{m['var']} = SCRIPTED_MODEL", code)
    exec(compile(code, "<docs>", "exec"), {"__name__": "__docs__", "SCRIPTED_MODEL": _scripted_model(code)})
    return capsys.readouterr().out


@pytest.fixture()
def docs_env(new_tenant, api_url, mcp, monkeypatch):
    from agents import set_tracing_disabled

    set_tracing_disabled(True)
    t = new_tenant("user", kind="organisation")
    monkeypatch.setenv("MEMORY_API_URL", api_url)
    monkeypatch.setenv("MEMORY_MCP_URL", mcp.url)
    monkeypatch.setenv("MEMORY_TOKEN", t["users"][0]["token"])
    return t["clients"][0]


def test_the_integrations_page_runs_as_written(docs_env, capsys):
    blocks = _blocks((REPO / "docs" / "integrations.md").read_text())
    assert len(blocks) == 4
    mcp_out = _run(blocks[0], capsys)
    assert "remember_turn" in mcp_out and "Miso" in mcp_out
    graph_out = _run(blocks[1], capsys)
    assert "Lisbon" in graph_out
    store_out = _run(blocks[2], capsys)
    assert "Plant the tulip bulbs in October." in store_out and "tulips" in store_out
    agents_out = _run(blocks[3], capsys)
    assert agents_out.split() == ["Noted.", "In", "Oslo."]
    said = docs_env.get("/v1/memory/list", params={"session_id": "chat-7"}).json()["items"]
    assert any("Oslo" in m["text"] for m in said)  # the session recorded the conversation


def test_the_readme_example_runs(docs_env, capsys):
    [block] = _blocks(_readme_section())
    assert "oat milk" in _run(block, capsys)


def _imported(module: str) -> set[str]:
    path = REPO / "services" / "client" / Path(*module.split(".")).with_suffix(".py")
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _modules_installed_with(requirements: list[str]) -> set[str]:
    """The top-level modules of the distributions these requirements install (their closure)."""
    from importlib import metadata

    from packaging.requirements import Requirement

    seen, todo = set(), [Requirement(r) for r in requirements]
    while todo:
        req = todo.pop()
        name = re.sub(r"[-_.]+", "-", req.name).lower()
        if name in seen or (req.marker and not req.marker.evaluate({"extra": ""})):
            continue
        seen.add(name)
        todo += [Requirement(r) for r in metadata.requires(req.name) or ()]
    return {m for m, dists in metadata.packages_distributions().items()
            if any(re.sub(r"[-_.]+", "-", d).lower() in seen for d in dists)}


def test_each_extra_is_declared_pinned_and_needs_no_other_extra():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    pins = {re.sub(r"[-_.]+", "-", line.split("==")[0]).lower()
            for line in (REPO / "constraints.txt").read_text().splitlines() if "==" in line}
    assert project["scripts"]["memory-mcp"] == "memclient.mcp_server:main"
    base = {re.split(r"[\[<>=;\s]", d)[0].lower() for d in project["dependencies"]}
    for extra, module in EXTRAS.items():
        assert not any(d.split("[")[0].lower() in base for d in extras[extra]), f"{extra} is a base dependency"
        assert {d.lower() for d in extras[extra]} <= pins, f"{extra}: not pinned in constraints.txt"
        others = set().union(*(IMPORTS_OF[e] for e in EXTRAS if e != extra)) - _modules_installed_with(extras[extra])
        assert not _imported(module) & others, f"{module} imports another extra's package"
        assert _imported(module) & IMPORTS_OF[extra], module
        # the module imports with every other extra's packages made unimportable
        blocked = ", ".join(repr(m) for m in sorted(others))
        code = f"import sys\nfor m in ({blocked},): sys.modules[m] = None\nimport {module}"
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
