"""A turn's vector is the embedding of what was stored: the turn is embedded after the write check, so
a redacted turn's vector is that of the redacted text, never of what was said."""
import numpy as np
import pytest

from memcore.retrieval.document_text import render_turn


def _stored_vector(owner_db, memory_id: str) -> np.ndarray:
    text = owner_db.execute("SELECT embedding::text FROM memory_items WHERE memory_id = %s", (memory_id,)).fetchone()[0]
    return np.asarray([float(x) for x in text.strip("[]").split(",")], dtype=np.float32)


@pytest.mark.parametrize("said", [
    "Marta is repainting the shed this weekend.",
    "My brother's new number is +1 415 555 0134, call him after six.",
])
def test_a_turns_vector_is_the_embedding_of_the_stored_text(new_tenant, owner_db, embedder, said):
    client = new_tenant("user")["clients"][0]
    r = client.post("/v1/conversations/embed-check/turns", json={"speaker": "me", "text": said})
    assert r.status_code == 200, r.text
    memory = r.json()["items"][0]["memory"]
    vector = _stored_vector(owner_db, memory["id"])
    stored = embedder.embed_one(render_turn(memory["text"], "me", None))
    raw = embedder.embed_one(render_turn(said, "me", None))
    assert float(vector @ stored) > 0.999
    if memory["text"] != said:  # redacted: the vector is not the raw text's
        assert "<PHONE>" in memory["text"]
        assert float(vector @ raw) < 0.99
