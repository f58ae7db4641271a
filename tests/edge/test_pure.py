"""The edge client's pure parts: fusion, budget assembly, the hashed term index, the protocol."""
from __future__ import annotations

import uuid

from memedge.fusion import Candidate, assemble, render, rrf
from memedge.protocol import id_hash, receipt_digest
from memedge.textindex import hashed_terms, match_query, stem, terms


def test_rrf_rewards_agreement_between_rankings():
    assert rrf(["a", "b", "c"], ["c", "a", "d"])[:2] == ["a", "c"]
    assert rrf([], ["x"]) == ["x"]


def test_safety_rules_come_first_and_are_never_cut_by_the_budget():
    count = lambda t: len(t.split())  # noqa: E731
    rules = [Candidate("r1", "safety", "no scary stories at all please")]
    pinned = [Candidate("p1", "preference", "loves triceratops", True)]
    ranked = [Candidate("p1", "preference", "loves triceratops", True),
              Candidate("f1", "semantic", "brother is called Leo and likes trains a lot")]
    lines = assemble(rules, pinned, ranked, budget=3, count_tokens=count)
    assert [x.memory_id for x in lines] == ["r1"]  # over budget already: only the rule
    lines = assemble(rules, pinned, ranked, budget=9, count_tokens=count)
    assert [(x.memory_id, x.path) for x in lines] == [("r1", "safety"), ("p1", "pinned")]  # each memory once
    assert render(lines).startswith("[safety rules]\n- no scary stories")


def test_the_index_holds_keyed_hashes_that_match_word_variants():
    key, other = b"k" * 32, b"o" * 32
    assert stem("stories") == stem("story") and stem("baked") == stem("baking")
    assert "the" not in terms("The dinosaur")
    doc, q = hashed_terms(key, "Mia baked banana bread"), hashed_terms(key, "what did we bake")
    assert set(q) <= set(doc) and not any("bread" in t for t in doc)
    assert hashed_terms(other, "bread") != hashed_terms(key, "bread")
    assert match_query(key, "the and of") is None


def test_the_device_and_the_api_name_removals_the_same_way():
    from memory_api.routers.sync import id_hash as server_hash, receipt_digest as server_digest

    mid = uuid.uuid4()
    assert id_hash(mid) == server_hash(mid) == id_hash(str(mid)) and len(id_hash(mid)) == 32
    hashes = [id_hash(uuid.uuid4()) for _ in range(3)]
    assert receipt_digest(hashes) == server_digest(list(reversed(hashes)))


def test_the_device_side_imports_no_server_dependency():
    """memedge with its embedder loaded pulls in none of the server's stack (README: what the device needs)."""
    import subprocess
    import sys

    code = ("import sys, memedge, memedge.embedder; memedge.embedder.load_embedder().embed_one('hi'); "
            "print(sorted({m.split('.')[0] for m in sys.modules}))")
    loaded = set(eval(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                     text=True).stdout.strip().splitlines()[-1]))
    server = {"fastapi", "starlette", "uvicorn", "asyncpg", "psycopg", "sqlalchemy", "redis", "spacy", "presidio_analyzer",
              "pydantic", "memory_api", "policy_service", "consolidator", "celery", "azure"}
    assert not loaded & server, loaded & server
    assert {"httpx", "numpy", "onnxruntime", "tokenizers", "cryptography", "sqlite3"} <= loaded
