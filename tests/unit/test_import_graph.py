"""The import graph of the product packages (issue 36): no import cycle, and memcore, the ground floor,
imports nothing from the packages built on it. Every import counts, also one inside a function or under
TYPE_CHECKING: importing lazily hides a cycle, it does not remove it."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DIRS = {"memcore": "services/shared", "memory_api": "services/memory-api", "policy_service": "services/policy",
                "consolidator": "services/consolidator", "memclient": "services/client", "memedge": "clients/edge"}
ABOVE_MEMCORE = ("memory_api", "consolidator", "policy_service", "memclient", "memedge")


def _modules() -> dict[str, Path]:
    found = {}
    for package, where in PACKAGE_DIRS.items():
        for path in (ROOT / where / package).rglob("*.py"):
            parts = path.relative_to(ROOT / where).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The product modules `name` imports (`from pkg import sub` names the submodule when there is one)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:  # `import a.b.c` of a name inside a module
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imported(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(v: str) -> None:  # iterative, so a deep graph does not hit the recursion limit
        work = [(v, iter(sorted(graph[v])))]
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        while work:
            node, edges = work[-1]
            for w in edges:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.append(w)
                        if w == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_the_product():
    graph = import_graph()
    assert "memory_api.app" in graph and "memcore.settings" in graph["memory_api.app"]
    assert "memory_api.deps" in graph["memory_api.app"]  # relative imports are resolved
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]  # the check can fail


def test_no_import_cycle():
    assert cycles(import_graph()) == []


def test_memcore_imports_nothing_built_on_it():
    upward = sorted(f"{m} -> {t}" for m, targets in import_graph().items() if m.split(".")[0] == "memcore"
                    for t in targets if t.split(".")[0] in ABOVE_MEMCORE)
    assert upward == []
