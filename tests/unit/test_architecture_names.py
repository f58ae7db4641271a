"""docs/architecture.md names code that exists (issue 36, "docs are true"): where the page cites a
function, class or constant of a module -- `store/search_repo.py` (`bm25_search`) or
`memory_repo.rebuild_following_context` -- that module defines it. The "Where it lives" table's
folders are checked by test_architecture_doc.py; this checks the names in the prose and tables."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
SOURCES = ("services", "clients")
NOT_CODE = {"memory.created", "memory.reinforced",  # event types of the outbox, not module.name
            "app.role", "app.user_id", "app.tenant_id"}  # settings of a Postgres transaction

# `some/file.py` (`name`  -- a file and the first name cited in the parenthesis after it
FILE_THEN_NAME = re.compile(r"`([\w/.-]+\.py)`\s*\(`([A-Za-z_]\w*)`")
# `module.name` -- a module of the product (by its file name) and a name in it
MODULE_DOT_NAME = re.compile(r"`([a-z_]\w*)\.([A-Za-z_]\w*)`")


def _modules() -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    for where in SOURCES:
        for path in (ROOT / where).rglob("*.py"):
            if path.name != "__init__.py":
                found.setdefault(path.stem, []).append(path)
    return found


def defines(source: str, name: str) -> bool:
    """`name` is defined or imported at some level of `source` (a def, class, assignment or import)."""
    return bool(re.search(rf"\b(?:def|class)\s+{name}\b|^\s*{name}\s*(?::[^=\n]*)?=|^\s*(?:from|import)\b[^\n]*\b{name}\b"
                          rf"|^\s+{name},|\b{name}\s*=\s*property\b", source, re.M))


def cited(text: str, modules: dict[str, list[Path]]) -> list[tuple[int, str, list[Path], str]]:
    """(line, what the page says, the files it can mean, the name) for every citation of a name in a module."""
    out = []
    for m in FILE_THEN_NAME.finditer(text):
        files = [p for paths in modules.values() for p in paths if p.as_posix().endswith("/" + m.group(1))]
        out.append((text[:m.start()].count("\n") + 1, m.group(0), files, m.group(2)))
    for m in MODULE_DOT_NAME.finditer(text):
        if m.group(1) in modules and m.group(2) not in ("py", "md", "json") and m.group(0).strip("`") not in NOT_CODE:
            out.append((text[:m.start()].count("\n") + 1, m.group(0), modules[m.group(1)], m.group(2)))
    return out


def test_every_cited_name_is_defined_where_the_page_says():
    modules = _modules()
    found = cited(DOC.read_text(), modules)
    assert len(found) >= 10  # the check reads the page
    wrong = [f"docs/architecture.md:{line}: {what}" for line, what, files, name in found
             if not files or not any(defines(p.read_text(), name) for p in files)]
    assert wrong == [], "\n".join(wrong)


def test_the_check_can_fail():
    modules = {"search_repo": [ROOT / "services/memory-api/memory_api/store/search_repo.py"]}
    text = "`search_repo.bm25_search`, `store/search_repo.py` (`NO_SUCH_SQL`), `search_repo.gone`"
    assert [(what, name) for _, what, files, name in cited(text, modules)
            if not any(defines(p.read_text(), name) for p in files)] == [
        ("`store/search_repo.py` (`NO_SUCH_SQL`", "NO_SUCH_SQL"), ("`search_repo.gone`", "gone")]
