"""docs/architecture.md's "Where it lives" table is true of the tree (issue 36): every path it names
exists, and every package folder of the product (and every top-level folder) is in it, so a newcomer
who reads it finds every place code lives and nothing that is gone."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("services/shared/memcore", "services/memory-api/memory_api", "services/consolidator/consolidator",
            "services/policy/policy_service", "services/client/memclient", "clients/edge/memedge")
NOT_SOURCE = {"__pycache__", ".venv", ".tools", ".data", ".git", ".ci", ".github", ".pytest_cache", ".ruff_cache",
              ".mypy_cache", "build", "node_modules"}


def _table() -> list[str]:
    text = (ROOT / "docs" / "architecture.md").read_text()
    section = text.split("## Where it lives", 1)[1].split("\n## ", 1)[0]
    return [m.group(1).rstrip("/") for m in re.finditer(r"^\| `([^`]+)` \|", section, re.M)]


def _folders() -> set[str]:
    found = {p.name for p in ROOT.iterdir() if p.is_dir() and p.name not in NOT_SOURCE
             and not p.name.startswith(".") and not p.name.endswith(".egg-info")}
    found.discard("services")
    found.discard("clients")
    for package in PACKAGES:
        found.add(package)
        found |= {str(p.relative_to(ROOT)) for p in (ROOT / package).iterdir()
                  if p.is_dir() and p.name not in NOT_SOURCE}
    return found


def test_the_table_is_read():
    rows = _table()
    assert "services/shared/memcore" in rows and "services/memory-api/memory_api/store" in rows


def test_every_path_in_the_table_exists():
    assert [p for p in _table() if not (ROOT / p).exists()] == []


def test_every_package_folder_is_in_the_table():
    rows = _table()
    missing = [f for f in sorted(_folders()) if not any(r == f or r.startswith(f + "/") for r in rows)]
    assert missing == []
