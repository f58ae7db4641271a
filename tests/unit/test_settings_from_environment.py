"""Services read their configuration through settings objects (issue 36 item 6 and hygiene: "Azure
OpenAI and bus settings read from the environment by hand beside pydantic-settings"). No module of
the services' packages reads `os.environ` / `os.getenv` itself, except the few places below, each
with its reason; a new variable goes into a settings class (pydantic-settings), where it is typed,
documented and validated once."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("services/shared/memcore", "services/memory-api/memory_api", "services/consolidator/consolidator",
            "services/policy/policy_service", "clients/edge/memedge")

# folder or file -> why it may read the environment itself
ALLOWED_FILES = {
    "services/shared/memcore/devstack": "the local stack's launcher: it sets the environment of the services it starts",
    "services/shared/memcore/embedding/model_files.py": "MEMORY_MODEL_DIR, shared with the edge device, which has no pydantic",
}
# (file, variable) -> why
ALLOWED_VARIABLES = {
    ("services/memory-api/memory_api/app.py", "MEMORY_API_NO_AUTOAPP"): "an import switch (no app object at import), not a setting",
}


def environment_reads(source: str) -> list[tuple[int, str]]:
    """(line, variable or '?') of each read of os.environ / os.getenv in `source`."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        is_environ = isinstance(node, ast.Attribute) and node.attr == "environ" and \
            isinstance(node.value, ast.Name) and node.value.id == "os"
        is_getenv = isinstance(node, ast.Attribute) and node.attr == "getenv" and \
            isinstance(node.value, ast.Name) and node.value.id == "os"
        if not (is_environ or is_getenv):
            continue
        parent = parents.get(node)
        name = "?"
        if is_getenv and isinstance(parent, ast.Call) and parent.args:
            name = getattr(parent.args[0], "value", "?")
        elif isinstance(parent, ast.Subscript):
            name = getattr(parent.slice, "value", "?")
        elif isinstance(parent, ast.Attribute) and isinstance(parents.get(parent), ast.Call):
            call = parents[parent]
            name = getattr(call.args[0], "value", "?") if call.args else "?"
        found.append((node.lineno, str(name)))
    return sorted(found)


def _allowed(path: str, variable: str) -> bool:
    return any(path == f or path.startswith(f + "/") for f in ALLOWED_FILES) or (path, variable) in ALLOWED_VARIABLES


def test_no_service_module_reads_the_environment_by_hand():
    found = [f"{rel}:{line}: {var}" for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
             for rel in [path.relative_to(ROOT).as_posix()]
             for line, var in environment_reads(path.read_text()) if not _allowed(rel, var)]
    assert found == [], "read through a settings class instead:\n" + "\n".join(found)


def test_the_allowances_name_real_places():
    assert all((ROOT / f).exists() for f in ALLOWED_FILES)
    assert all(var in (ROOT / f).read_text() for f, var in ALLOWED_VARIABLES)


def test_the_check_can_fail():
    code = 'import os\nA = os.environ.get("X", "")\nB = os.getenv("Y")\nC = os.environ["Z"]\nD = dict(os.environ)\n'
    assert environment_reads(code) == [(2, "X"), (3, "Y"), (4, "Z"), (5, "?")]
