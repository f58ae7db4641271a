"""Near-duplicate lookups: the exact scan and the HNSW path find the same neighbour, the choice
between them follows the owner's share of the table, and the lookup's planner settings end with it."""
import asyncio
from uuid import UUID

import asyncpg
import numpy as np
import pytest
from pgvector.asyncpg import register_vector

from memcore.embedding.model_files import MODEL_NAME
from memcore.embedding.spaces import models_in_space
from memcore.retrieval.nearest_strategy import exact_scan_is_cheaper
from memory_api.store import duplicate_lookup_repo, memory_repo


def test_strategy_follows_the_owners_share_of_the_table():
    ef, cap = duplicate_lookup_repo.NEAREST_EF_SEARCH, duplicate_lookup_repo.NEAREST_MAX_SCAN_TUPLES
    assert exact_scan_is_cheaper(100, 100, ef, cap)            # a small owner alone: scan it
    assert not exact_scan_is_cheaper(5_000, 5_000, ef, cap)    # a large owner alone: the index
    assert not exact_scan_is_cheaper(100_000, 1_000_000, ef, cap)  # the scale benchmark's owner
    assert exact_scan_is_cheaper(1_000, 1_000_000, ef, cap)    # a small owner among many: its rows
    assert exact_scan_is_cheaper(500, 45_000, ef, cap) and not exact_scan_is_cheaper(4_000, 45_000, ef, cap)
    # statistics that lag behind (a young table) never make the table smaller than the owner
    assert exact_scan_is_cheaper(100, 0, ef, cap) == exact_scan_is_cheaper(100, 100, ef, cap)


@pytest.fixture
def owner_with_memories(new_tenant):
    from memclient.bench.textgen import utterances

    tenant = new_tenant("user")
    c = tenant["clients"][0]
    items = [{"text": t, "type": "episodic", "source": "import"} for t in utterances(5, 240)]
    stored = c.post("/v1/memory/candidates", json={"items": items}).json()["items"]
    return tenant["tenant_id"], tenant["users"][0]["user_id"], [s["memory"]["id"] for s in stored]


def test_exact_and_hnsw_lookups_agree_and_settings_are_restored(stack_env, owner_with_memories):
    tenant_id, owner_id, ids = owner_with_memories

    async def run():
        conn = await asyncpg.connect(stack_env["MEMORY_APP_DATABASE_URL"])
        await register_vector(conn)
        try:
            async with conn.transaction():
                await conn.execute("SELECT set_config('app.tenant_id', $1, true)", str(tenant_id))
                rows = await conn.fetch("SELECT memory_id, embedding FROM memory_items WHERE memory_id = ANY($1::uuid[])",
                                        [UUID(i) for i in ids[::40]])
                rng = np.random.default_rng(1)
                probes = [np.asarray(r["embedding"].to_numpy())
                          + rng.normal(0, 0.005, 384).astype(np.float32) for r in rows]
                args = (UUID(owner_id), memory_repo.vectors_param(probes), ["episodic"] * len(probes),
                        models_in_space(MODEL_NAME), 1)
                exact = await conn.fetch(duplicate_lookup_repo.NEAREST_EXACT_SQL, *args)
                await conn.execute("SET LOCAL enable_sort = off")
                await conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
                hnsw = await conn.fetch(duplicate_lookup_repo.NEAREST_HNSW_SQL, *args)
                await conn.execute("SET LOCAL enable_sort = on")
                found = await duplicate_lookup_repo.nearest_many(conn, args[0], probes, args[2], MODEL_NAME)
                other_model = await duplicate_lookup_repo.nearest_many(conn, args[0], probes, args[2], "another-model")
                after = await conn.fetchval("SELECT current_setting('enable_sort')")
            return rows, exact, hnsw, found, after, other_model
        finally:
            await conn.close()

    rows, exact, hnsw, found, after, other_model = asyncio.run(run())
    want = [r["memory_id"] for r in rows]
    assert [r["memory_id"] for r in sorted(exact, key=lambda r: r["i"])] == want
    assert [r["memory_id"] for r in sorted(hnsw, key=lambda r: r["i"])] == want
    assert [f[0].memory_id for f in found] == want and all(f[0].sim > 0.99 for f in found)
    assert after == "on"  # whichever path ran, the rest of the transaction plans as usual
    assert other_model == [[]] * len(want)  # vectors of another embedding model never compare
