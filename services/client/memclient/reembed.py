"""Re-embed every memory and entity profile whose model differs from the configured one.

Resumable by construction: each batch commits, and only rows still on another model are picked,
so an interrupted run continues where it stopped. Runs as the schema owner (DATABASE_URL), across
tenants.
"""
from __future__ import annotations

import asyncio

import asyncpg
import numpy as np
from pgvector.asyncpg import register_vector
from tqdm import tqdm

BATCH = 256


async def _run(dsn: str, embedder, force: bool) -> dict:
    conn = await asyncpg.connect(dsn)
    await register_vector(conn)
    model = embedder.model_name
    done = {"memories": 0, "entities": 0}
    try:
        if force:
            await conn.execute("UPDATE memory_items SET embedding_model = NULL WHERE embedding_model = $1", model)
            await conn.execute("UPDATE entities SET embedding_model = NULL WHERE embedding_model = $1", model)
        for table, key, text_col, vec_col, label in (
            ("memory_items", "memory_id", "search_text", "embedding", "memories"),
            ("entities", "entity_id", "profile_summary", "profile_embedding", "entities"),
        ):
            todo = await conn.fetchval(
                f"SELECT count(*) FROM {table} WHERE embedding_model IS DISTINCT FROM $1 AND {text_col} <> ''", model)
            with tqdm(total=todo, desc=f"re-embedding {label} with {model}", unit="row") as bar:
                while True:
                    rows = await conn.fetch(
                        f"""SELECT tenant_id, {key} AS id, {text_col} AS text FROM {table}
                            WHERE embedding_model IS DISTINCT FROM $1 AND {text_col} <> ''
                            ORDER BY tenant_id, {key} LIMIT {BATCH}""", model)
                    if not rows:
                        break
                    vecs = embedder.embed([r["text"] for r in rows])
                    async with conn.transaction():
                        await conn.executemany(
                            f"UPDATE {table} SET {vec_col} = $3, embedding_model = $4 WHERE tenant_id = $1 AND {key} = $2",
                            [(r["tenant_id"], r["id"], np.asarray(v, dtype=np.float32), model) for r, v in zip(rows, vecs)])
                    done[label] += len(rows)
                    bar.update(len(rows))
    finally:
        await conn.close()
    return done


def reembed(dsn: str, embedder, force: bool = False) -> dict:
    return asyncio.run(_run(dsn, embedder, force))
