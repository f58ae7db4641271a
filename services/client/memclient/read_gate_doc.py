"""docs/read-gate.md: the row-level-security policies in force, generated from the database.

The read gate's first filter is row-level security; its policies were written over several
migrations, each replacing some of the last. This reads what is in force on a migrated database
(pg_policies, pg_class, and the definitions of the app_* functions the policies call) and writes it
as one Markdown page. tests/api/test_read_gate_doc.py fails when the checked-in page is stale.

    python -m memclient.read_gate_doc --database-url postgresql://... [--out docs/read-gate.md] [--check]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
from pathlib import Path
from typing import Any

import asyncpg

DEFAULT_OUT = Path(__file__).resolve().parents[3] / "docs" / "read-gate.md"
HEADER = """# The read gate: row-level-security policies in force

Generated from a migrated database by `python -m memclient.read_gate_doc --database-url URL`
(do not edit by hand; `tests/api/test_read_gate_doc.py` fails when this page is stale).

What a caller can read is decided twice: first here, by the database (every query of memory-api
runs as the application role with `app.tenant_id`, `app.user_id` and `app.role` set, see
`memcore.adapters.postgres.Database.as_caller`), then by the policy read check on what a read path
ranked (`services/memory-api/memory_api/read_gate.py`). A table with row-level security forced
applies its policies to its owner too. Permissive policies of a command are OR-ed, restrictive
ones AND-ed with them.
"""

POLICIES = """SELECT tablename, policyname, permissive, roles::text[] AS roles, cmd, qual, with_check
               FROM pg_policies WHERE schemaname = 'public' ORDER BY tablename, policyname"""
TABLES = """SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity FROM pg_class c
             JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relrowsecurity ORDER BY c.relname"""
FUNCTIONS = """SELECT p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p
                JOIN pg_namespace n ON n.oid = p.pronamespace
                WHERE n.nspname = 'public' AND p.proname = ANY($1::text[]) ORDER BY p.proname, def"""


def _called_functions(texts: list[str]) -> list[str]:
    """The app_* functions the expressions (or function bodies) call."""
    return sorted({m for t in texts for m in re.findall(r"\b(app_[a-z0-9_]+)\s*\(", t)})


def render(tables: list[dict[str, Any]], policies: list[dict[str, Any]], functions: list[dict[str, Any]]) -> str:
    """The page, from the rows of TABLES, POLICIES and FUNCTIONS (pure: same rows, same page)."""
    out = [HEADER, "## Tables\n", "| table | row-level security | forced (owner too) | policies |", "|---|---|---|---|"]
    by_table: dict[str, list[dict[str, Any]]] = {}
    for p in policies:
        by_table.setdefault(p["tablename"], []).append(p)
    for t in tables:
        out.append(f"| `{t['relname']}` | {'on' if t['relrowsecurity'] else 'off'} | "
                   f"{'yes' if t['relforcerowsecurity'] else 'no'} | {len(by_table.get(t['relname'], []))} |")
    for table in sorted(by_table):
        out.append(f"\n## `{table}`\n")
        for p in by_table[table]:
            kind = "permissive" if p["permissive"] == "PERMISSIVE" else "restrictive"
            out.append(f"### {p['policyname']}\n")
            out.append(f"- command: {p['cmd']}, {kind}, roles: {', '.join(p['roles'])}")
            if p["qual"]:
                out.append(f"- rows visible or changed (USING):\n\n```sql\n{p['qual'].strip()}\n```")
            if p["with_check"]:
                out.append(f"- rows written (WITH CHECK):\n\n```sql\n{p['with_check'].strip()}\n```")
            out.append("")
    if functions:
        out.append("## Functions the policies call\n")
        for f in functions:
            out.append(f"### {f['proname']}\n\n```sql\n{f['def'].strip()}\n```\n")
    return "\n".join(out).rstrip() + "\n"


async def fetch(dsn: str) -> str:
    """The page for the database at `dsn` (a connection that may read the catalogs)."""
    conn = await asyncpg.connect(dsn)
    try:
        tables = [dict(r) for r in await conn.fetch(TABLES)]
        policies = [dict(r) for r in await conn.fetch(POLICIES)]
        names = _called_functions([p["qual"] or "" for p in policies] + [p["with_check"] or "" for p in policies])
        while True:  # and the app_* functions those call, until none is new
            functions = [dict(r) for r in await conn.fetch(FUNCTIONS, names)]
            more = sorted(set(_called_functions([f["def"] for f in functions])) | set(names))
            if more == names:
                break
            names = more
    finally:
        await conn.close()
    return render(tables, policies, functions)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m memclient.read_gate_doc", description=__doc__.split("\n\n")[0])
    p.add_argument("--database-url", default=os.environ.get("DATABASE_URL"), help="a migrated database (DATABASE_URL)")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the page to write (default docs/read-gate.md)")
    p.add_argument("--check", action="store_true", help="only compare: exit 1 when the page is stale")
    args = p.parse_args(argv)
    if not args.database_url:
        sys.exit("read_gate_doc: --database-url (or DATABASE_URL) of a migrated database is needed")
    page = asyncio.run(fetch(args.database_url))
    if args.check:
        stale = not args.out.exists() or args.out.read_text() != page
        print(f"{args.out}: {'stale' if stale else 'up to date'}")
        return 1 if stale else 0
    args.out.write_text(page)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
