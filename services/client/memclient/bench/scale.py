"""Read-path latency at scale: one owner with 100,000 memories in a database of 1,000,000.

Resumable: every phase records itself in <data>/scale/state.json and is skipped when done.
The text is generated with real English word frequencies (textgen.utterances: a Zipfian
vocabulary of 30,000 words), and the queries ask about words of the measured owner's stored
utterances. The measured owner's 100,000 memories carry real embeddings of their text; the other
owners' 900,000 rows draw vectors from a pool of real embeddings with small random perturbations
(embedding a million texts on 2 cores takes hours). Rows are bulk-loaded as the
schema owner (COPY into a staging table, then INSERT ... SELECT so tsvector, document length and
the BM25 statistics triggers run exactly as on the write path). Then retrieve and contextify are
timed over HTTP, query embedding included.
"""
from __future__ import annotations

import asyncio
import os
import json
import time
import uuid
from pathlib import Path

import numpy as np
from tqdm import tqdm

from memcore.retrieval.owner_vector_index import index_name

from .metrics import StageTimes, summary_ms
from .textgen import questions_about, utterances

TOTAL = 1_000_000
MEASURED = 100_000
OTHER_OWNERS = 9
POOL = 4_000
CHUNK = 20_000
QUERIES = 300

WARMUP = 100
SHARED_BUFFERS = "10GB"


def _state(path: Path) -> dict:
    return json.loads(path.read_text()) if path.exists() else {}


def _save(path: Path, state: dict) -> None:
    path.write_text(json.dumps(state, indent=2))


async def _load_rows(dsn: str, tenant: str, owner: str, texts: list[str], vectors: np.ndarray, progress) -> None:
    import asyncpg
    from pgvector.asyncpg import register_vector

    conn = await asyncpg.connect(dsn)
    await register_vector(conn)
    try:
        await conn.execute("CREATE TEMP TABLE IF NOT EXISTS stage (memory_id uuid, text text, observed_at timestamptz, "
                           "embedding vector(384))")
        base = time.time() - 3 * 365 * 86400
        for start in range(0, len(texts), CHUNK):
            part = texts[start:start + CHUNK]
            await conn.execute("TRUNCATE stage")
            await conn.copy_records_to_table("stage", records=[
                (uuid.uuid4(), t, _ts(base + (start + i) * 90.0), vectors[start + i]) for i, t in enumerate(part)
            ], columns=["memory_id", "text", "observed_at", "embedding"])
            await conn.execute(
                """INSERT INTO memory_items (tenant_id, memory_id, owner_id, type, text, search_text, text_hash,
                       observed_at, valid_from, embedding, embedding_model, tsv, doc_len, source, salience)
                   SELECT $1, memory_id, $2, 'episodic', text, text, md5(text), observed_at, observed_at, embedding,
                          'all-MiniLM-L6-v2', to_tsvector('english', text),
                          (SELECT coalesce(sum(coalesce(array_length(u.positions, 1), 1)), 0)
                           FROM unnest(to_tsvector('english', text)) u), 'import', 0.4
                   FROM stage""", uuid.UUID(tenant), uuid.UUID(owner))
            progress.update(len(part))
    finally:
        await conn.close()


async def _owner_index(dsn: str, owner: dict, wanted: bool) -> float | None:
    """The measured owner's own vector index, as the consolidator's hourly job builds it (its
    tenant only: the other owners would get theirs in later runs). Not `wanted`: dropped (the rule
    switched off for that tenant), to time the search without it. Returns the build's seconds when
    it was built now."""
    from memcore.adapters import owner_vector_indexes

    t0 = time.perf_counter()
    done = await owner_vector_indexes.sync_at(dsn, tenant_id=uuid.UUID(owner["tenant_id"]), say=print,
                                              **({} if wanted else {"min_rows": 0}))
    return round(time.perf_counter() - t0, 1) if done["built"] else None


def _ts(epoch: float):
    from datetime import datetime, timezone

    return datetime.fromtimestamp(epoch, tz=timezone.utc)


def main(args, out: Path | None = None) -> int:
    from memcore.devstack.stack import REPO_ROOT, LocalStack
    from memcore.embedding import make_embedder

    from ..client import create_tenant
    from ..local_api import local_api

    data = Path(args.scale_data) if getattr(args, "scale_data", None) else REPO_ROOT / ".data" / "scale"
    data.mkdir(parents=True, exist_ok=True)
    state_path = data / "state.json"
    state = _state(state_path)
    out = out or REPO_ROOT / "results" / "scale.json"
    # A 1,000,000-row database wants a buffer cache that holds its hot indexes (the embedded
    # default of 256MB suits development); override with MEMORY_PG_SHARED_BUFFERS.
    os.environ.setdefault("MEMORY_PG_SHARED_BUFFERS", SHARED_BUFFERS)
    with local_api(data / "stack", log=lambda m: print(m)) as (url, admin):
        stack = LocalStack(data / "stack", persistent=True, with_blob=False)
        owner_dsn = stack.database_url
        if "owners" not in state:
            owners = []
            for i in range(OTHER_OWNERS + 1):
                t = create_tenant(url, admin, f"scale-{i}", [(f"owner-{i}", "user")], kind="organisation")
                owners.append({"tenant_id": t["tenant_id"], "user_id": t["users"][0]["user_id"],
                               "token": t["users"][0]["token"], "loaded": False})
            state["owners"] = owners
            _save(state_path, state)
        embedder = make_embedder("local")
        pool = None
        per_other = (TOTAL - MEASURED) // OTHER_OWNERS
        if not all(o["loaded"] for o in state["owners"]):
            print("dropping the HNSW index for the bulk load")
            import psycopg

            with psycopg.connect(owner_dsn, autocommit=True) as c:
                c.execute("DROP INDEX IF EXISTS memory_items_embedding")
        for i, o in enumerate(state["owners"]):
            if o["loaded"]:
                continue
            n = MEASURED if i == 0 else per_other
            texts = utterances(100 + i, n)
            if i == 0:
                vecs = np.zeros((n, embedder.dim), dtype=np.float32)
                for s in tqdm(range(0, n, 512), desc="embedding the measured owner's texts", unit="batch"):
                    vecs[s:s + 512] = embedder.embed(texts[s:s + 512])
            else:
                if pool is None:
                    pool = embedder.embed(utterances(99, POOL))
                idx = np.random.default_rng(i).integers(0, POOL, n)
                vecs = pool[idx] + np.random.default_rng(1000 + i).normal(0, 0.02, (n, embedder.dim)).astype(np.float32)
                vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
            with tqdm(total=n, desc=f"loading owner {i}", unit="row") as bar:
                asyncio.run(_load_rows(owner_dsn, o["tenant_id"], o["user_id"], texts, vecs.astype(np.float32), bar))
            o["loaded"] = True
            _save(state_path, state)
        import psycopg

        with psycopg.connect(owner_dsn, autocommit=True) as c:
            if not c.execute("SELECT 1 FROM pg_indexes WHERE indexname = 'memory_items_embedding'").fetchone():
                print("building the HNSW index (m=16, ef_construction=64) ...", flush=True)
                c.execute("SET maintenance_work_mem = '2GB'")
                c.execute("SET max_parallel_maintenance_workers = 1")
                t0 = time.perf_counter()
                c.execute("CREATE INDEX memory_items_embedding ON memory_items USING hnsw (embedding vector_cosine_ops) "
                          "WITH (m = 16, ef_construction = 64)")
                state["hnsw_build_s"] = round(time.perf_counter() - t0, 1)
                c.execute("ANALYZE memory_items")
                _save(state_path, state)
            rows = c.execute("SELECT count(*) FROM memory_items").fetchone()[0]
        own_index = not getattr(args, "no_owner_index", False)
        owner_index_s = asyncio.run(_owner_index(owner_dsn, state["owners"][0], own_index))
        if owner_index_s is not None:
            state["owner_index_build_s"] = owner_index_s
            _save(state_path, state)
        # A serving database is warm: load the vector and postings indexes into the buffer cache
        # (pg_prewarm; the table too) so the timings measure queries, not the first read of each page from disk.
        warm = ["memory_items_embedding", "bm25_postings_impact", "memory_items_pkey", "memory_items"]
        if own_index:
            warm.insert(1, index_name(uuid.UUID(state["owners"][0]["user_id"])))
        with psycopg.connect(stack.postgres.url("postgres", "memory"), autocommit=True) as c:
            c.execute("CREATE EXTENSION IF NOT EXISTS pg_prewarm")
            for index in warm:
                pages = c.execute("SELECT pg_prewarm(%s)", (index,)).fetchone()[0]
                print(f"prewarmed {index}: {pages} pages", flush=True)
        with psycopg.connect(owner_dsn, autocommit=True) as c:
            db_size = c.execute("SELECT pg_size_pretty(pg_database_size('memory'))").fetchone()[0]
        import httpx

        owner = state["owners"][0]
        client = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {owner['token']}"}, timeout=60)
        qs = questions_about(11, utterances(100, MEASURED), QUERIES + WARMUP)
        for q in qs[QUERIES:]:  # warm-up
            client.post("/v1/memory/retrieve", json={"query": q, "k": 10})
        timings: dict[str, list[float]] = {"retrieve": [], "contextify": []}
        stage_timings = StageTimes()
        for q in tqdm(qs[:QUERIES], desc="timing retrieve + contextify", unit="q"):
            for name, path, body in (("retrieve", "/v1/memory/retrieve", {"query": q, "k": 10}),
                                     ("contextify", "/v1/memory/contextify", {"query": q, "token_budget": 400})):
                t0 = time.perf_counter()
                r = client.post(path, json=body)
                timings[name].append((time.perf_counter() - t0) * 1000)
                r.raise_for_status()
                stage_timings.add(r.json())
        result = {"rows": rows, "measured_owner_rows": MEASURED, "database_size": db_size,
                  "hnsw_build_s": state.get("hnsw_build_s"),
                  "owner_vector_index": own_index,
                  "owner_index_build_s": state.get("owner_index_build_s") if own_index else None,
                  "retrieve_ms": summary_ms(timings["retrieve"]), "contextify_ms": summary_ms(timings["contextify"]),
                  "queries": len(qs[:QUERIES]), "timings_ms": stage_timings.summary(),
                  "note": "text: wordfreq Zipfian vocabulary (30k words); measured owner: real MiniLM embeddings; "
                          "other owners: pooled real embeddings + N(0, 0.02) noise"}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))
    return 0
