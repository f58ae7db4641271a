"""constraints.txt pins only what the project installs (issue 36 hygiene: "presidio-anonymizer pinned
and never imported"): every pin is a package the extras of pyproject.toml bring, directly or through
another package (from the installed metadata), or a model package of requirements-models.txt.
deptry checks the other direction (what is imported is declared)."""
from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(path: Path) -> set[str]:
    return {_canonical(m.group(1)) for line in path.read_text().splitlines()
            if (m := re.match(r"^([A-Za-z0-9_.-]+)==", line))}


def installed_closure(requirements: list[str]) -> set[str]:
    """Every distribution these requirements bring, with the extras asked of each."""
    seen: set[tuple[str, frozenset[str]]] = set()
    todo = [Requirement(r) for r in requirements]
    while todo:
        req = todo.pop()
        key = (_canonical(req.name), frozenset(req.extras))
        if key in seen:
            continue
        seen.add(key)
        try:
            requires = metadata.requires(req.name) or []
        except metadata.PackageNotFoundError:
            requires = []
        for raw in requires:
            dep = Requirement(raw)
            if dep.marker is None or any(dep.marker.evaluate({"extra": e}) for e in ("", *req.extras)):
                todo.append(dep)
    return {name for name, _ in seen}


def unused_pins(constraints: set[str], project: dict, models: set[str]) -> set[str]:
    wanted = [r for extra in project["optional-dependencies"].values() for r in extra] + project["dependencies"]
    return constraints - installed_closure(wanted) - models


def test_every_pin_is_installed_by_an_extra_or_is_a_model():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    constraints = _pins(ROOT / "constraints.txt")
    assert {"fastapi", "presidio-analyzer", "onnxruntime"} <= constraints  # the file is read
    assert unused_pins(constraints, project, _pins(ROOT / "requirements-models.txt")) == set()


def test_the_check_can_fail():
    project = {"dependencies": [], "optional-dependencies": {"x": ["packaging"]}}
    assert unused_pins({"packaging", "presidio-anonymizer"}, project, set()) == {"presidio-anonymizer"}
