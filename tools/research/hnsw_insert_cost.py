"""What one HNSW insert costs in PostgreSQL (pgvector) for each graph setting.

Starts the embedded stack in a temporary folder, embeds generated utterances with the local
model, builds a table of the first half per setting and times inserting the second half in
batches of 250 (the bulk import's batch). Prints milliseconds per inserted row.

    .venv/bin/python tools/research/hnsw_insert_cost.py [--rows 5000] [--settings 16:64 8:64 16:32]
"""
from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import asyncpg
from pgvector.asyncpg import register_vector

from memclient.bench.textgen import utterances
from memcore.adapters.postgres import vectors_param
from memcore.devstack.stack import LocalStack
from memcore.embedding import make_embedder

BATCH = 250


async def measure(dsn: str, vectors, settings: list[tuple[int, int]]) -> dict[str, float]:
    conn = await asyncpg.connect(dsn)
    await register_vector(conn)
    half = len(vectors) // 2
    out = {}
    try:
        for m, ef in settings:
            await conn.execute("DROP TABLE IF EXISTS hnsw_cost")
            await conn.execute("CREATE TABLE hnsw_cost (id bigserial, e vector(384))")
            await conn.execute("ALTER TABLE hnsw_cost ALTER COLUMN e SET STORAGE PLAIN")
            await conn.execute(f"CREATE INDEX ON hnsw_cost USING hnsw (e vector_cosine_ops) "
                               f"WITH (m = {m}, ef_construction = {ef})")
            await conn.execute("INSERT INTO hnsw_cost (e) SELECT unnest($1::vector[])", vectors_param(vectors[:half]))
            started = time.perf_counter()
            for b in range(half, len(vectors), BATCH):
                await conn.execute("INSERT INTO hnsw_cost (e) SELECT unnest($1::vector[])",
                                   vectors_param(vectors[b:b + BATCH]))
            out[f"m={m},ef_construction={ef}"] = round((time.perf_counter() - started) / (len(vectors) - half) * 1000, 3)
            print(f"m={m} ef_construction={ef}: {out[f'm={m},ef_construction={ef}']} ms per insert", flush=True)
        await conn.execute("DROP TABLE IF EXISTS hnsw_cost")
    finally:
        await conn.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=5000)
    parser.add_argument("--settings", nargs="+", default=["16:64", "8:64", "16:32"],
                        help="m:ef_construction pairs (the schema uses 16:64)")
    args = parser.parse_args()
    settings = [tuple(int(x) for x in s.split(":")) for s in args.settings]
    print(f"embedding {args.rows} generated utterances ...", flush=True)
    vectors = make_embedder("local").embed(utterances(13, args.rows))
    with tempfile.TemporaryDirectory(prefix="hnsw-cost-") as folder:
        stack = LocalStack(Path(folder), persistent=False, with_blob=False).start(log=lambda _: None)
        try:
            asyncio.run(measure(stack.postgres.url("postgres", "memory"), vectors, settings))
        finally:
            stack.stop()


if __name__ == "__main__":
    main()
