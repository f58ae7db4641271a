"""Batch writes embedded with the int8 weights (MEMORY_BATCH_EMBEDDER=auto beside the float index):
the rows are searchable with the float index, and a near-duplicate decision close to the line is
taken with the float model, so it is the one a float-only write path takes.

The sentence pairs below sit close to the line: the float model puts them at cosine 0.934 and 0.933
(>= 0.93, near duplicates), the int8 weights (one text at a time, as these writes embed them) against
the float vector within RECHECK_MARGIN of it: 0.925 and 0.928 on the CPUs this was written on (a plain
int8 write would not link them), 0.933 on an AMD EPYC (int8 arithmetic differs by instruction set).
Either way the decision is a border one, taken again with the float model. /v1/memory/commit embeds
with the index model, so it stores the float side."""
from __future__ import annotations

import pytest

from memcore.embedding.model_files import INT8_MODEL_NAME, MODEL_NAME
from memcore.retrieval.near_duplicate import NEAR_DUPLICATE_COSINE, RECHECK_MARGIN

PAIRS = [("The plumber fixed the kitchen sink before lunch on Tuesday.",
          "The plumber fixed the kitchen sink before on Tuesday."),
         ("Tom is allergic to peanuts and cannot eat the satay.",
          "Tom is allergic to peanuts and eat the satay.")]


def _write(client, route: str, text: str) -> dict:
    r = client.post(f"/v1/memory/{route}", json={"items": [{"text": text, "type": "episodic"}]})
    assert r.status_code == 200, r.text
    return r.json()["items"][0]


@pytest.mark.parametrize("stored, new", PAIRS)
def test_the_pairs_straddle_the_line(embedder, api_resources, stored, new):
    """The premise of the tests below, checked with the models themselves."""
    assert api_resources.batch_embedder.model_name == INT8_MODEL_NAME
    old = embedder.embed_one(stored)
    in_float = float(embedder.embed_one(new) @ old)
    in_int8 = float(api_resources.batch_embedder.embed_one(new) @ old)
    assert in_float >= NEAR_DUPLICATE_COSINE
    assert abs(in_int8 - NEAR_DUPLICATE_COSINE) < RECHECK_MARGIN and in_int8 != in_float  # a border decision in int8


@pytest.mark.parametrize("first_route, first_model", [("commit", MODEL_NAME), ("candidates", INT8_MODEL_NAME)],
                         ids=["stored-float", "stored-int8"])
@pytest.mark.parametrize("stored, new", PAIRS)
def test_a_border_decision_is_the_float_models(new_tenant, first_route, first_model, stored, new):
    c = new_tenant("user")["clients"][0]
    first = _write(c, first_route, stored)
    assert first["memory"]["embedding_model"] == first_model
    near = _write(c, "candidates", new)
    assert near["near_duplicate_of"] == first["memory"]["id"]
    assert near["memory"]["embedding_model"] == MODEL_NAME  # re-embedded for the decision, stored so


def test_far_from_the_line_rows_keep_the_int8_vector_and_are_found_by_vector_search(new_tenant):
    c = new_tenant("user")["clients"][0]
    first = _write(c, "commit", "Our dog Biscuit needs his vaccination booster in March.")
    other = _write(c, "candidates", "The quarterly report is due to the finance team next Monday.")
    assert other["near_duplicate_of"] is None and other["memory"]["embedding_model"] == INT8_MODEL_NAME
    r = c.post("/v1/memory/retrieve", json={"query": "When is the finance report due?", "k": 2, "mode": "vector"})
    assert r.status_code == 200, r.text
    ids = [i["memory"]["id"] for i in r.json()["items"]]
    assert ids[0] == other["memory"]["id"] and first["memory"]["id"] in ids  # both models' rows compare


def test_batch_embedder_setting_and_the_int8_session_loaded_once(embedder, monkeypatch):
    import memory_api.app as app_module
    from memcore.settings import Settings

    assert Settings().batch_embedder == "auto"
    assert app_module.build_batch_embedder(Settings(batch_embedder="index"), embedder) is embedder
    with pytest.raises(ValueError, match="MEMORY_BATCH_EMBEDDER must be"):
        app_module.build_batch_embedder(Settings(batch_embedder="fast"), embedder)
    questions = app_module.build_query_embedder(Settings(), embedder)
    assert questions.model_name == INT8_MODEL_NAME
    # questions on the index model: the batch writes load the int8 weights themselves
    own = app_module.build_batch_embedder(Settings(), embedder, query_embedder=embedder)
    assert own is not embedder and own.model_name == INT8_MODEL_NAME
    # int8 questions: their session serves the batch writes too, and no second one is loaded
    monkeypatch.setattr(app_module, "build_embedder", lambda settings: pytest.fail("int8 model loaded twice"))
    assert app_module.build_batch_embedder(Settings(), embedder, query_embedder=questions) is questions
