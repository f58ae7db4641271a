"""Re-embed every memory and entity profile whose model differs from the configured one.

Resumable by construction: each batch commits, and only rows still on another model are picked,
so an interrupted run continues where it stopped. Runs as the schema owner (DATABASE_URL), across
tenants, or for one tenant (`tenant_id`: a large deployment re-embeds tenant by tenant).
"""
from __future__ import annotations

import asyncio

import asyncpg
import numpy as np
from pgvector.asyncpg import register_vector
from tqdm import tqdm

BATCH = 256


async def _run(dsn: str, embedder, force: bool, tenant_id: str | None) -> dict:
    conn = await asyncpg.connect(dsn)
    await register_vector(conn)
    model = embedder.model_name
    done = {"memories": 0, "entities": 0}
    try:
        if force:
            for table in ("memory_items", "entities"):
                await conn.execute(f"UPDATE {table} SET embedding_model = NULL WHERE embedding_model = $1 "
                                   "AND ($2::uuid IS NULL OR tenant_id = $2::uuid)", model, tenant_id)
        for table, key, text_col, vec_col, label in (
            ("memory_items", "memory_id", "search_text", "embedding", "memories"),
            ("entities", "entity_id", "profile_summary", "profile_embedding", "entities"),
        ):
            todo = await conn.fetchval(
                f"SELECT count(*) FROM {table} WHERE embedding_model IS DISTINCT FROM $1 AND {text_col} <> '' "
                "AND ($2::uuid IS NULL OR tenant_id = $2::uuid)", model, tenant_id)
            with tqdm(total=todo, desc=f"re-embedding {label} with {model}", unit="row") as bar:
                while True:
                    rows = await conn.fetch(
                        f"""SELECT tenant_id, {key} AS id, {text_col} AS text FROM {table}
                            WHERE embedding_model IS DISTINCT FROM $1 AND {text_col} <> ''
                              AND ($2::uuid IS NULL OR tenant_id = $2::uuid)
                            ORDER BY tenant_id, {key} LIMIT {BATCH}""", model, tenant_id)
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


def reembed(dsn: str, embedder, force: bool = False, tenant_id: str | None = None) -> dict:
    return asyncio.run(_run(dsn, embedder, force, tenant_id))
