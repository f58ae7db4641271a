"""A model change: rows on another model leave the vector path until `memctl reembed` brings them back."""
import psycopg

from memclient.reembed import reembed


def test_reembed_is_resumable_and_restores_vector_search(new_tenant, stack_env, embedder):
    c = new_tenant("user")["clients"][0]
    texts = ["The greenhouse tomatoes need watering every morning.", "Our accountant is called Ruth Okafor."]
    ids = [i["memory"]["id"] for i in c.post("/v1/memory/candidates",
                                             json={"items": [{"text": t} for t in texts]}).json()["items"]]
    with psycopg.connect(stack_env["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("UPDATE memory_items SET embedding_model = 'old-model' WHERE memory_id = ANY(%s::uuid[])", (ids,))
    hits = c.post("/v1/memory/retrieve", json={"query": "watering the tomatoes", "mode": "vector"}).json()["items"]
    assert all(h["memory"]["id"] not in ids for h in hits), "vectors of another model must not be compared"
    first = reembed(stack_env["DATABASE_URL"], embedder)
    assert first["memories"] >= 2
    assert reembed(stack_env["DATABASE_URL"], embedder)["memories"] == 0  # nothing left: resumable, idempotent
    hits = c.post("/v1/memory/retrieve", json={"query": "watering the tomatoes", "mode": "vector"}).json()["items"]
    assert hits[0]["memory"]["id"] == ids[0]
