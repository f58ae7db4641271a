"""A model change: rows on another model leave the vector path until `memctl reembed` brings them back."""
import psycopg

from memclient.reembed import reembed


def test_reembed_is_resumable_and_restores_vector_search(new_tenant, stack_env, embedder):
    t = new_tenant("user")
    c = t["clients"][0]
    texts = ["The greenhouse tomatoes need watering every morning.", "Our accountant is called Ruth Okafor."]
    ids = [i["memory"]["id"] for i in c.post("/v1/memory/candidates",
                                             json={"items": [{"text": t} for t in texts]}).json()["items"]]
    with psycopg.connect(stack_env["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("UPDATE memory_items SET embedding_model = 'old-model' WHERE memory_id = ANY(%s::uuid[])", (ids,))
    hits = c.post("/v1/memory/retrieve", json={"query": "watering the tomatoes", "mode": "vector"}).json()["items"]
    assert all(h["memory"]["id"] not in ids for h in hits), "vectors of another model must not be compared"
    other = new_tenant("user")["clients"][0]  # another tenant's row on the old model is left alone
    [theirs] = [i["memory"]["id"] for i in other.post("/v1/memory/candidates",
                                                      json={"items": [{"text": "Buy more seed trays."}]}).json()["items"]]
    with psycopg.connect(stack_env["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("UPDATE memory_items SET embedding_model = 'old-model' WHERE memory_id = %s", (theirs,))
    # one tenant at a time (the whole suite's database holds other tests' rows on no model)
    first = reembed(stack_env["DATABASE_URL"], embedder, tenant_id=t["tenant_id"])
    assert first["memories"] == 2
    # nothing left: resumable, idempotent
    assert reembed(stack_env["DATABASE_URL"], embedder, tenant_id=t["tenant_id"])["memories"] == 0
    with psycopg.connect(stack_env["DATABASE_URL"], autocommit=True) as conn:
        model = conn.execute("SELECT embedding_model FROM memory_items WHERE memory_id = %s", (theirs,)).fetchone()[0]
    assert model == "old-model"
    hits = c.post("/v1/memory/retrieve", json={"query": "watering the tomatoes", "mode": "vector"}).json()["items"]
    assert hits[0]["memory"]["id"] == ids[0]
