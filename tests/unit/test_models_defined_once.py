"""Where memory-api's pydantic models live (issue 36: "fifteen routers define pydantic models beside
schemas.py"). The rule kept: a request or response model used by one router lives in that router,
beside its routes; what several modules share lives in `schemas.py`, once. So no class name is
defined in two modules of the package (a router's own copy of a shared model drifts from it)."""
from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "services" / "memory-api" / "memory_api"


def defined_twice(sources: dict[str, str]) -> dict[str, list[str]]:
    where: dict[str, list[str]] = defaultdict(list)
    for name, source in sources.items():
        for node in ast.parse(source).body:
            if isinstance(node, ast.ClassDef):
                where[node.name].append(name)
    return {cls: sorted(files) for cls, files in where.items() if len(files) > 1}


def test_no_model_is_defined_in_two_modules():
    sources = {p.relative_to(PACKAGE).as_posix(): p.read_text() for p in PACKAGE.rglob("*.py")}
    assert "schemas.py" in sources and "routers/entities.py" in sources
    assert defined_twice(sources) == {}


def test_the_check_can_fail():
    assert defined_twice({"schemas.py": "class Strict: pass", "routers/x.py": "class Strict: pass\nclass Y: pass"}) \
        == {"Strict": ["routers/x.py", "schemas.py"]}
