"""One layer speaks SQL (issue 36): in memory-api, every SQL statement lives in a repository module of
`memory_api/store/` (migrations are outside the package). Routers and pipelines call named functions
(`token_repo.rotate`, `review_repo.page`, ...); the conditions of a rankable memory are written once,
in `store/rankable.py`. The check parses every other module of the package and fails with file:line
for each string constant (f-strings included, docstrings not) that looks like SQL."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "services" / "memory-api" / "memory_api"
SQL_HOMES = ("store", "migrations")

# Files that still hold SQL today, each with its reason; remove an entry once its file is clean.
ALLOWED: dict[str, str] = {}  # file -> why it may still hold SQL (none left)

# Upper-case keywords only: prose ("select the rows", "update it") is not SQL.
SQL_SHAPES = [
    re.compile(r"^\s*\(?\s*(SELECT|WITH)\s", re.S),  # a statement or subquery as a whole string
    re.compile(r"\bSELECT\b.+?\bFROM\b", re.S),
    re.compile(r"\bINSERT\s+INTO\b"),
    re.compile(r"\bUPDATE\s+\S+\s+SET\b"),
    re.compile(r"\bDELETE\s+FROM\b"),
    re.compile(r"\bvalid_to\s+IS\s+(NOT\s+)?NULL\b"),  # the rankable conditions, by hand (store/rankable.py)
    re.compile(r"\btier\s*<>\s*'disputed'"),
]


def looks_like_sql(text: str) -> bool:
    return any(shape.search(text) for shape in SQL_SHAPES)


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def sql_strings(source: str, filename: str = "<string>") -> list[tuple[int, str]]:
    """(line, text) of each string constant of `source` that looks like SQL; an f-string counts as
    its literal parts joined with `{}` where the values go."""
    tree = ast.parse(source, filename)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
        else:
            continue
        if looks_like_sql(text):
            found.append((node.lineno, " ".join(text.split())[:90]))
    return sorted(found)


QUERY_METHODS = {"fetch", "fetchrow", "fetchval", "execute", "executemany", "copy_records_to_table"}


def query_calls(source: str, filename: str = "<string>") -> list[tuple[int, str]]:
    """(line, method) of each call that hands a statement to a connection (`conn.fetch(sql, ...)`):
    a statement built from pieces is caught here even when no piece looks like SQL on its own.
    A call without arguments (a Redis pipeline's `execute()`) is not one."""
    return sorted((node.lineno, node.func.attr) for node in ast.walk(ast.parse(source, filename))
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr in QUERY_METHODS and (node.args or node.keywords))


def _checked_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if p.relative_to(PACKAGE).parts[0] not in SQL_HOMES
                  and p.relative_to(PACKAGE).as_posix() not in ALLOWED)


def test_no_sql_outside_store():
    found = [f"{path.relative_to(ROOT)}:{line}: {text}"
             for path in _checked_files() for line, text in sql_strings(path.read_text(), str(path))]
    assert not found, ("SQL outside memory_api/store/ (move it into a repository module there):\n"
                       + "\n".join(found))


def test_no_connection_is_queried_outside_store():
    found = [f"{path.relative_to(ROOT)}:{line}: .{method}(...)"
             for path in _checked_files() for line, method in query_calls(path.read_text(), str(path))]
    assert not found, ("a connection queried outside memory_api/store/ (call a repository function):\n"
                       + "\n".join(found))


def test_the_check_sees_the_files_and_the_allow_list_names_real_ones():
    checked = {p.relative_to(PACKAGE).as_posix() for p in _checked_files()}
    assert {"routers/memory.py", "routers/tokens.py", "contextify.py", "read_pipeline.py"} <= checked
    assert all((PACKAGE / name).is_file() for name in ALLOWED)


def test_the_detector_finds_statements_fragments_and_f_strings_and_not_prose():
    code = '''
"""Module docstring: SELECT x FROM y is described here, not run."""
A = "SELECT role FROM users WHERE user_id = $1"
B = f"UPDATE {table} SET revoked_at = now() WHERE token_id = $1"
C = ("INSERT INTO tenants (tenant_id) "
     "VALUES ($1)")
D = "AND valid_to IS NULL AND tier <> 'disputed'"
E = "SELECT app_child_audience($1)"
F = f"DELETE FROM {p.table} WHERE {w}"
G = "select the newest rows and update them"
def f():
    """UPDATE statement and parameters (prose in a docstring)."""
    return "Where the FROM clause says nothing"
'''
    assert [line for line, _ in sql_strings(code)] == [3, 4, 5, 7, 8, 9]


def test_the_detector_finds_queries_built_from_pieces():
    code = '''
async def f(conn, pipe, sql):
    await pipe.execute()
    rows = await conn.fetch(sql, 1)
    await conn.execute(statement=sql)
'''
    assert query_calls(code) == [(4, "fetch"), (5, "execute")]
