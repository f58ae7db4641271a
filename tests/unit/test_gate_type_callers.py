"""The gate type is enforced by mypy where the gate is called (issue 36): a `GatedBatch` is the only
thing the store's memory insert accepts, and that holds only in modules mypy checks. Every module of
memory-api that calls the write gate or a gated write (a router, the model extractor) is among the
files of [tool.mypy] (strict), and with the project's own configuration mypy rejects a router-like
helper that hands the store anything but the gate's batch, or hides its types to get one through."""
from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from mypy import api as mypy_api

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "services" / "memory-api" / "memory_api"

# The entry points of the write gate and of the writes that only take its verdicts, by module
GATED_ENTRIES = {
    "write_gate": {"gate", "gate_names", "turn_statements"},
    "write_pipeline": {"prepare", "commit_prepared", "write_candidates", "apply_gated"},
    "memory_repo": {"insert_memories"},
    "gated": {"GatedBatch"},
}


def calls_the_gate(source: str) -> bool:
    """Whether a module imports an entry of the gate or a gated write (`from ..write_gate import gate`,
    `memory_repo.insert_memories(...)`)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            entries = GATED_ENTRIES.get(node.module.rsplit(".", 1)[-1], set())
            if any(alias.name in entries for alias in node.names):
                return True
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.attr in GATED_ENTRIES.get(node.value.id, set()):
            return True
    return False


def checked_by_mypy() -> list[Path]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config.get("strict") is True
    return [ROOT / f for f in config["files"]]


def test_every_module_that_calls_the_gate_is_checked_by_mypy():
    checked = checked_by_mypy()
    callers = sorted(p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*.py")
                     if calls_the_gate(p.read_text()))
    # positive control: the detector finds the routers that write memories
    assert {"services/memory-api/memory_api/routers/memory.py", "services/memory-api/memory_api/routers/documents.py",
            "services/memory-api/memory_api/routers/conversations.py",
            "services/memory-api/memory_api/routers/review.py"} <= set(callers), callers
    unchecked = [c for c in callers if not any(ROOT / c == f or f in (ROOT / c).parents for f in checked)]
    assert unchecked == [], f"add these to [tool.mypy] files: {unchecked}"


def test_the_detector_sees_imports_and_attribute_calls():
    assert calls_the_gate("from ..write_gate import gate, rls_refusal\n")
    assert calls_the_gate("from ..store import memory_repo\nasync def f(c, b, r):\n"
                          "    await memory_repo.insert_memories(c, b, r)\n")
    assert not calls_the_gate("from ..write_gate import rls_refusal\nfrom ..store import memory_repo\n"
                              "async def f(c, i):\n    return await memory_repo.get(c, i)\n")


ROUTER_LIKE = '''\
from __future__ import annotations

import asyncpg

from memcore.policy.contract import HouseholdPolicy
from memory_api.auth import Principal
from memory_api.deps import Resources
from memory_api.store import memory_repo
from memory_api.store.memory_repo import NewMemory
from memory_api.write_gate import GateItem, gate


async def write(res: Resources, caller: Principal, policy: HouseholdPolicy, conn: asyncpg.Connection,
                rows: list[NewMemory]) -> None:
    batch = await gate(res, caller, policy, [GateItem(text=r.text, type=r.type) for r in rows])
    await memory_repo.insert_memories(conn, list(batch), rows)  # line 16: the verdicts, unsealed
    await memory_repo.insert_memories(conn, batch[0], rows)  # line 17: one verdict
    await memory_repo.insert_memories(conn, batch, rows)  # line 18: the batch
    await memory_repo.insert_memories(conn, batch[1:], rows)  # line 19: part of a batch is a batch


async def untyped(conn, rows):  # line 22: an untyped helper would carry anything through
    await memory_repo.insert_memories(conn, rows, rows)
'''


def test_mypy_with_the_project_configuration_rejects_an_ungated_write(tmp_path, monkeypatch):
    snippet = tmp_path / "router_like.py"
    snippet.write_text(ROUTER_LIKE)
    monkeypatch.chdir(ROOT)  # the configuration's paths (mypy_path) are the repository's
    out, err, _ = mypy_api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "cache"),
                                "--no-incremental", str(snippet)])
    errors = [line for line in out.splitlines() if ": error:" in line]
    lines = {int(e.split(":")[1]) for e in errors if e.startswith(str(snippet))}
    assert {16, 17} <= lines, out + err  # anything but the gate's batch is refused
    assert 22 in lines, out + err  # strict: no untyped helper to pass an ungated list through
    assert lines == {16, 17, 22}, out + err  # positive control: the gate's batch and its slices type-check
