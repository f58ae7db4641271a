"""A large owner's own vector index: built and dropped by the rule, and used by the read path."""
import asyncio
import uuid

import asyncpg
import numpy as np
import psycopg

from app_role import in_tenant
from memclient.bench.textgen import utterances
from memcore.adapters import owner_vector_indexes
from memcore.embedding.model_files import MODEL_NAME as MODEL
from memcore.retrieval.owner_vector_index import index_name
from memory_api.store import duplicate_lookup_repo, search_repo
from memory_api.store.search_repo import SearchFilters

SEARCHES = 12


def _sync(dsn: str, **kw) -> dict:
    return asyncio.run(owner_vector_indexes.sync_at(dsn, **kw))


def _index_scans(dsn: str, name: str) -> int | None:
    with psycopg.connect(dsn, autocommit=True) as conn:
        row = conn.execute("SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = %s", (name,)).fetchone()
    return None if row is None else row[0]


def _scans_in_one_transaction(stack_env, tenant: uuid.UUID, owner: uuid.UUID, other: uuid.UUID, name: str) -> int:
    """How often the owner's index served SEARCHES runs of the read path's vector search, on a
    connection whose same statement first searched `other` (an owner with no index of its own) six
    times: enough for Postgres to settle on a generic plan, one that cannot know which owner asks.
    Sorting is switched off for the transaction: an owner of a few dozen rows is otherwise searched
    exactly (a sort), which is right for it but would say nothing here."""
    async def work(conn):
        await conn.execute("SET LOCAL enable_sort = off")
        query = np.random.default_rng(7).normal(size=384).astype(np.float32)
        for _ in range(6):
            await search_repo.vector_search(conn, other, query, 10, SearchFilters(), model=MODEL)
        for _ in range(SEARCHES):
            assert len(await search_repo.vector_search(conn, owner, query, 10, SearchFilters(), model=MODEL)) == 10
        return await conn.fetchval("SELECT pg_stat_get_xact_numscans($1::regclass)", name)
    return in_tenant(stack_env, tenant, owner, work)


def test_an_owner_index_is_built_used_by_vector_search_and_dropped(new_tenant, stack_env):
    dsn = stack_env["DATABASE_URL"]
    t = new_tenant("user", "user")
    c = t["clients"][0]
    owner, tenant = uuid.UUID(t["users"][0]["user_id"]), uuid.UUID(t["tenant_id"])
    other = uuid.UUID(t["users"][1]["user_id"])
    t["clients"][1].post("/v1/memory/candidates", json={"items": [{"text": x} for x in utterances(4241, 20)]})
    stored = c.post("/v1/memory/candidates", json={"items": [{"text": x} for x in utterances(4242, 80)]}).json()
    assert sum(1 for i in stored["items"] if i.get("memory")) >= 60
    query = {"query": "the garden and the weather", "mode": "vector", "k": 10}
    before = [h["memory"]["id"] for h in c.post("/v1/memory/retrieve", json=query).json()["items"]]

    # (any share: this test's database may hold no other owner's rows)
    done = _sync(dsn, min_rows=60, max_share=1.0, tenant_id=tenant)
    assert done["built"] == [str(owner)]
    name = index_name(owner)
    assert _index_scans(dsn, name) == 0
    # idempotent: a second run finds nothing to do
    assert _sync(dsn, min_rows=60, max_share=1.0, tenant_id=tenant) == {"built": [], "dropped": [], "rebuilt_invalid": [],
                                                                         "busy": False}

    # the read path plans each search for its owner, so Postgres can pick the owner's index every
    # time (a prepared statement's generic plan, used after five runs, could not)
    assert _scans_in_one_transaction(stack_env, tenant, owner, other, name) == SEARCHES
    after = [h["memory"]["id"] for h in c.post("/v1/memory/retrieve", json=query).json()["items"]]
    assert after == before  # a small owner: the index finds every row, as the table's index did

    # the owner shrinks below half the line: the next run drops the index
    assert _sync(dsn, min_rows=10_000, tenant_id=tenant)["dropped"] == [str(owner)]
    assert _index_scans(dsn, name) is None


def test_an_interrupted_build_is_dropped_and_built_again(new_tenant, stack_env):
    dsn = stack_env["DATABASE_URL"]
    t = new_tenant("user")
    c = t["clients"][0]
    owner, tenant = uuid.UUID(t["users"][0]["user_id"]), uuid.UUID(t["tenant_id"])
    c.post("/v1/memory/candidates", json={"items": [{"text": x} for x in utterances(4343, 40)]})
    name = index_name(owner)
    # a concurrent build that fails leaves an invalid index behind (here: a unique index on a
    # column with repeats, under the owner index's name)
    with psycopg.connect(dsn, autocommit=True) as conn:
        try:
            conn.execute(f"CREATE UNIQUE INDEX CONCURRENTLY {name} ON memory_items (type) WHERE owner_id = '{owner}'")
        except psycopg.errors.UniqueViolation:
            pass
        valid = conn.execute("SELECT indisvalid FROM pg_index WHERE indexrelid = %s::regclass", (name,)).fetchone()
    assert valid == (False,)
    done = _sync(dsn, min_rows=30, max_share=1.0, tenant_id=tenant)
    assert done["rebuilt_invalid"] == [str(owner)] and done["built"] == [str(owner)]
    with psycopg.connect(dsn, autocommit=True) as conn:
        row = conn.execute("SELECT i.indisvalid, pg_get_indexdef(i.indexrelid) FROM pg_index i "
                           "WHERE i.indexrelid = %s::regclass", (name,)).fetchone()
    assert row[0] is True and "hnsw" in row[1]
    _sync(dsn, min_rows=0, tenant_id=tenant)  # off: dropped
    assert _index_scans(dsn, name) is None



def test_near_duplicate_lookups_of_an_owner_with_its_own_index_use_it(new_tenant, stack_env, monkeypatch):
    """The write path's nearest-neighbour lookup (HNSW branch) is planned per owner too, even where
    the connection would otherwise use generic plans (one that cannot know which owner asks)."""
    dsn = stack_env["DATABASE_URL"]
    t = new_tenant("user")
    owner, tenant = uuid.UUID(t["users"][0]["user_id"]), uuid.UUID(t["tenant_id"])
    t["clients"][0].post("/v1/memory/candidates", json={"items": [{"text": x} for x in utterances(4545, 60)]})
    assert _sync(dsn, min_rows=50, max_share=1.0, tenant_id=tenant)["built"] == [str(owner)]
    # owners this small are scanned exactly; the rule for large ones is what is tested here
    monkeypatch.setattr(duplicate_lookup_repo, "exact_scan_is_cheaper", lambda *a: False)
    with psycopg.connect(dsn) as conn:
        [kind] = conn.execute("SELECT DISTINCT type FROM memory_items WHERE owner_id = %s", (owner,)).fetchone()
    vector = np.random.default_rng(8).normal(size=384).astype(np.float32)

    async def work(conn):
        await conn.execute("SET LOCAL plan_cache_mode = force_generic_plan")
        for _ in range(SEARCHES):
            assert len((await duplicate_lookup_repo.nearest_many(conn, owner, [vector], [kind], MODEL))[0]) == 1
        return await conn.fetchval("SELECT pg_stat_get_xact_numscans($1::regclass)", index_name(owner))

    assert in_tenant(stack_env, tenant, owner, work) == SEARCHES
    _sync(dsn, min_rows=0, tenant_id=tenant)


def test_one_run_at_a_time(new_tenant, stack_env):
    """While a run works (here: its lock held by another session), a second run does nothing: it
    would take the first run's build in progress for an interrupted one and drop it."""
    dsn = stack_env["DATABASE_URL"]
    t = new_tenant("user")
    owner, tenant = uuid.UUID(t["users"][0]["user_id"]), uuid.UUID(t["tenant_id"])
    t["clients"][0].post("/v1/memory/candidates", json={"items": [{"text": x} for x in utterances(4747, 40)]})
    with psycopg.connect(dsn, autocommit=True) as other_run:
        other_run.execute("SELECT pg_advisory_lock(%s)", (owner_vector_indexes.RUN_LOCK,))
        assert _sync(dsn, min_rows=30, max_share=1.0, tenant_id=tenant) == {
            "built": [], "dropped": [], "rebuilt_invalid": [], "busy": True}
    # the other run's session ended (its lock with it): the next run builds
    assert _sync(dsn, min_rows=30, max_share=1.0, tenant_id=tenant)["built"] == [str(owner)]
    _sync(dsn, min_rows=0, tenant_id=tenant)
    assert _index_scans(dsn, index_name(owner)) is None


def test_a_build_has_the_memory_its_graph_needs(stack_env):
    """Postgres' default maintenance_work_mem (64 MB) is far below a large owner's graph; the build
    sets its own, whoever runs it (the job, memctl, the scale benchmark)."""
    owner = uuid.uuid4()  # no rows: an empty index, built and dropped

    async def run():
        conn = await asyncpg.connect(stack_env["DATABASE_URL"])
        try:
            await conn.execute("SET maintenance_work_mem = '64MB'")  # Postgres' default (the dev stack sets more)
            await owner_vector_indexes.build(conn, owner)
            memory = await conn.fetchval("SHOW maintenance_work_mem")
            await owner_vector_indexes.drop(conn, owner)
            return memory
        finally:
            await conn.close()
    assert asyncio.run(run()) == owner_vector_indexes.BUILD_MEMORY


def test_a_forgotten_owners_index_goes_with_the_next_run(new_tenant, stack_env):
    """Forgetting deletes the rows (the service role may not drop an index); the next run, even one
    limited to the tenant, drops the index that names the forgotten owner (memcore.personal_data)."""
    dsn = stack_env["DATABASE_URL"]
    t = new_tenant("user")
    me, owner, tenant = t["clients"][0], uuid.UUID(t["users"][0]["user_id"]), uuid.UUID(t["tenant_id"])
    me.post("/v1/memory/candidates", json={"items": [{"text": x} for x in utterances(4848, 40)]})
    assert _sync(dsn, min_rows=30, max_share=1.0, tenant_id=tenant)["built"] == [str(owner)]
    assert me.post(f"/v1/users/{owner}/forget").json()["verified"]
    assert _sync(dsn, min_rows=30, max_share=1.0, tenant_id=tenant)["dropped"] == [str(owner)]
    assert _index_scans(dsn, index_name(owner)) is None
