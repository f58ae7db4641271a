"""What one memory row costs Postgres to insert, and which part: 250 copies of the largest owner's
rows inserted in one statement (as a batch write does), each time in a transaction that is rolled
back, with everything on, without the HNSW index, and without each trigger of memory_items in turn.
Run it against a stack with memories in it (`make run`, then some writes or a benchmark's data):

    MEMORY_SUPERUSER_DATABASE_URL=postgresql://postgres@127.0.0.1:<port>/memory \\
        .venv/bin/python tools/research/insert_cost.py [--rows 250] [--repeats 5]

The superuser URL is in the environment of the stack's API process (/proc/<pid>/environ). The
transactions drop an index and disable triggers, so the table is locked while each runs: not on a
database in service.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import time

import asyncpg


async def main(rows: int, repeats: int) -> None:
    conn = await asyncpg.connect(os.environ["MEMORY_SUPERUSER_DATABASE_URL"])
    try:
        owner = await conn.fetchval("SELECT owner_id FROM memory_items GROUP BY owner_id ORDER BY count(*) DESC LIMIT 1")
        columns = ", ".join(r["column_name"] for r in await conn.fetch(
            """SELECT column_name FROM information_schema.columns WHERE table_name = 'memory_items'
               AND is_generated = 'NEVER' AND column_name NOT IN ('memory_id', 'text_hash') ORDER BY ordinal_position"""))
        insert = (f"INSERT INTO memory_items (memory_id, text_hash, {columns}) SELECT gen_random_uuid(), "
                  f"md5(random()::text), {columns} FROM memory_items WHERE owner_id = $1 LIMIT {int(rows)}")
        triggers = [r["tgname"] for r in await conn.fetch(
            """SELECT tgname FROM pg_trigger WHERE tgrelid = 'memory_items'::regclass AND NOT tgisinternal
               AND tgtype & 4 = 4 ORDER BY tgname""")]  # the ones that fire on INSERT
        variants = [("everything", []), ("without the HNSW index", ["DROP INDEX memory_items_embedding"])]
        variants += [(f"without {t}", [f"ALTER TABLE memory_items DISABLE TRIGGER {t}"]) for t in triggers]
        for name, setup in variants:
            took = []
            for _ in range(repeats):
                tx = conn.transaction()
                await tx.start()
                for statement in setup:
                    await conn.execute(statement)
                t0 = time.perf_counter()
                await conn.execute(insert, owner)
                took.append((time.perf_counter() - t0) * 1000)
                await tx.rollback()
            median = sorted(took)[len(took) // 2]
            print(f"{name}: {rows} rows, median {median:.0f} ms ({median / rows:.2f} ms a row)", flush=True)
    finally:
        await conn.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=250)
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    asyncio.run(main(a.rows, a.repeats))
