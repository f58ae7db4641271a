"""Benchmarks and research live above the product (issue 36): `memclient.bench` holds every benchmark,
`tools/research/` the one-off studies that docs/benchmarks.md cites. Neither is imported by the product,
so nothing else would notice when a refactor breaks them: these checks do.

- every `memclient.bench` module imports;
- every research script compiles, and each name it takes from a product package still exists there
  (checked on the source, without running the study or loading its models).
"""
from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
from pathlib import Path

import pytest

import memclient.bench

ROOT = Path(__file__).resolve().parents[2]
RESEARCH = sorted((ROOT / "tools" / "research").glob("*.py"))
PRODUCT = ("memcore", "memory_api", "consolidator", "policy_service", "memclient", "memedge")
BENCH_MODULES = sorted(m.name for m in pkgutil.iter_modules(memclient.bench.__path__, "memclient.bench."))


@pytest.mark.parametrize("module", BENCH_MODULES)
def test_every_benchmark_module_imports(module):
    assert importlib.import_module(module).__name__ == module


def _defined(module: str) -> set[str]:
    """The top-level names a product module defines or imports (its source, not its execution)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin, module
    names: set[str] = set()
    for node in ast.parse(Path(spec.origin).read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def _is_submodule(module: str, name: str) -> bool:
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:  # a module, not a package
        return False
    return importlib.util.find_spec(f"{module}.{name}") is not None


def _broken_imports(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            pairs = [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            pairs = [(node.module, a.name) for a in node.names]
        else:
            continue
        for module, name in pairs:
            if module.split(".")[0] not in PRODUCT:
                continue
            if importlib.util.find_spec(module) is None:
                out.append(f"{path.name}:{node.lineno} no module {module}")
            elif name and not _is_submodule(module, name) and name not in _defined(module):
                out.append(f"{path.name}:{node.lineno} {module} has no {name}")
    return out


def test_the_research_tools_are_found():
    assert len(RESEARCH) >= 10 and any(p.name == "locomo_research.py" for p in RESEARCH)
    assert len(BENCH_MODULES) >= 20 and "memclient.bench.formation" in BENCH_MODULES


def test_the_check_sees_a_broken_import(tmp_path):
    stale = tmp_path / "stale.py"
    stale.write_text("from memory_api import no_such_module\nfrom memcore.stemming import no_such_name\n")
    assert len(_broken_imports(stale)) == 2


@pytest.mark.parametrize("path", RESEARCH, ids=lambda p: p.name)
def test_research_script_compiles_and_its_product_imports_exist(path):
    compile(path.read_text(), str(path), "exec")
    assert _broken_imports(path) == []
