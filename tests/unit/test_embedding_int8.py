"""The int8-weight variant of the local embedder (memcore.embedding.quantize).

Built once per session into a tmp dir from a float32 export of the installed model package.
"""
from __future__ import annotations

import numpy as np
import onnx
import pytest

from memcore.embedding import make_embedder
from memcore.embedding.local_onnx import OnnxEmbedder
from memcore.embedding.model_files import MODEL_NAME, ONNX_FILENAME
from memcore.embedding.quantize import INT8_FILENAME, INT8_MODEL_NAME, activation_matmuls, ensure_int8_model

SENTENCES = [
    "Peter is one of our writers and handles the link building articles.",
    "Check whether the content passes as human before it goes to the client.",
    "My daughter loves triceratops and wants a dinosaur cake for her birthday.",
    "The quarterly budget review moved to Thursday afternoon.",
    "We never tell scary stories at bedtime.",
    "Grandma's apple pie recipe uses cinnamon and a pinch of nutmeg.",
]


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    folder = tmp_path_factory.mktemp("models")
    int8 = ensure_int8_model(folder / INT8_FILENAME, log=lambda _: None)
    return folder / ONNX_FILENAME, int8


@pytest.fixture(scope="module")
def embedders(models):
    float_path, int8_path = models
    return (OnnxEmbedder(float_path, build_if_missing=False),
            OnnxEmbedder(int8_path, build_if_missing=False, quantized=True))


def test_weights_are_int8_but_attention_products_stay_float(models):
    float_path, int8_path = models
    float_model, int8_model = onnx.load(str(float_path)), onnx.load(str(int8_path))
    ops = [n.op_type for n in int8_model.graph.node]
    weight_matmuls = sum(1 for n in float_model.graph.node if n.op_type == "MatMul") - len(activation_matmuls(float_model))
    assert ops.count("MatMulInteger") == weight_matmuls > 0
    # the activation x activation products (scores, weighted values) are still float MatMuls
    assert ops.count("MatMul") == len(activation_matmuls(float_model)) > 0
    assert int8_path.stat().st_size < float_path.stat().st_size * 0.75


def test_int8_is_its_own_model_for_the_index(embedders):
    float_embedder, int8_embedder = embedders
    assert float_embedder.model_name == MODEL_NAME
    assert int8_embedder.model_name == INT8_MODEL_NAME != MODEL_NAME


def test_int8_vectors_stay_close_to_the_float_model(embedders):
    float_embedder, int8_embedder = embedders
    a, b = float_embedder.embed(SENTENCES), int8_embedder.embed(SENTENCES)
    assert b.shape == a.shape == (len(SENTENCES), 384)
    assert np.allclose(np.linalg.norm(b, axis=1), 1.0, atol=1e-4)
    cos = (a * b).sum(axis=1)
    # per-channel weights: ~0.99 on generated utterances; per-tensor weights fell to ~0.86
    assert cos.min() > 0.95, cos


def test_int8_keeps_the_nearest_neighbour(embedders):
    float_embedder, int8_embedder = embedders
    queries = ["Who writes our link building posts?", "What cake does she want for her birthday?",
               "When is the budget meeting?", "Which stories are not allowed at night?"]
    for embedder in embedders:
        docs, qs = embedder.embed(SENTENCES), embedder.embed(queries)
        assert list((qs @ docs.T).argmax(axis=1)) == [0, 2, 3, 4]


def test_rebuild_is_skipped_when_up_to_date(models):
    _, int8_path = models
    before = int8_path.stat().st_mtime_ns
    messages = []
    ensure_int8_model(int8_path, log=messages.append)
    assert int8_path.stat().st_mtime_ns == before
    assert "up to date" in messages[0]


def test_factory_and_api_setting(models, monkeypatch):
    _, int8_path = models
    assert make_embedder("local-int8", model_path=int8_path, build_if_missing=False).model_name == INT8_MODEL_NAME
    from memory_api.app import build_embedder
    from memcore.settings import Settings

    monkeypatch.setenv("MEMORY_MODEL_DIR", str(int8_path.parent))
    assert build_embedder(Settings(embedder="local-int8", model_dir=str(int8_path.parent))).model_name == INT8_MODEL_NAME
    with pytest.raises(ValueError, match="MEMORY_EMBEDDER"):
        build_embedder(Settings(embedder="local-fp16"))


def test_int8_questions_search_the_float_index(models, embedders):
    """MEMORY_QUERY_EMBEDDER=local-int8: questions embedded with the int8 weights find the same
    nearest float-model rows; the index's model stays the float one."""
    from memcore.settings import Settings
    from memory_api.app import build_query_embedder

    float_path, _ = models
    float_embedder, _ = embedders
    settings = Settings(embedder="local", query_embedder="local-int8", model_dir=str(float_path.parent))
    query_embedder = build_query_embedder(settings, float_embedder)
    assert query_embedder.model_name == INT8_MODEL_NAME and float_embedder.model_name == MODEL_NAME
    queries = ["Who writes our link building posts?", "What cake does she want for her birthday?",
               "When is the budget meeting?", "Which stories are not allowed at night?",
               "What goes into the apple pie?"]
    docs = float_embedder.embed(SENTENCES)
    assert list((query_embedder.embed(queries) @ docs.T).argmax(axis=1)) == [0, 2, 3, 4, 5]
    assert build_query_embedder(Settings(query_embedder="index"), float_embedder) is float_embedder


def test_auto_takes_int8_questions_for_the_float_local_model_only(models, embedders):
    """The default, MEMORY_QUERY_EMBEDDER=auto: int8 questions beside a float local index, and the
    index's own embedder for any other index (an int8 index here; Azure the same way)."""
    from memcore.settings import Settings
    from memory_api.app import build_query_embedder

    float_path, _ = models
    float_embedder, int8_embedder = embedders
    assert Settings().query_embedder == "auto"
    auto = Settings(embedder="local", model_dir=str(float_path.parent))
    assert build_query_embedder(auto, float_embedder).model_name == INT8_MODEL_NAME
    int8_index = Settings(embedder="local-int8", model_dir=str(float_path.parent))
    assert build_query_embedder(int8_index, int8_embedder) is int8_embedder


def test_auto_falls_back_to_the_index_model_when_int8_cannot_be_built(models, embedders, monkeypatch):
    """No int8 file and a read-only model folder (an image built before the int8 model was added):
    the float model embeds the questions and the API still starts. (Root ignores a read-only
    folder, so the failure is injected where the int8 model is built.)"""
    import memory_api.app as app_module
    from memcore.settings import Settings

    float_path, _ = models
    float_embedder, _ = embedders

    def read_only(settings):
        raise PermissionError(13, "Read-only file system", str(float_path.parent))

    monkeypatch.setattr(app_module, "build_embedder", read_only)
    auto = Settings(embedder="local", model_dir=str(float_path.parent))
    assert app_module.build_query_embedder(auto, float_embedder) is float_embedder
    with pytest.raises(PermissionError):  # asked for by name, it is not silently replaced
        app_module.build_query_embedder(auto.model_copy(update={"query_embedder": "local-int8"}), float_embedder)


def test_query_embedder_setting_is_checked(models, embedders):
    from memcore.settings import Settings
    from memory_api.app import build_query_embedder

    _, int8_embedder = embedders
    with pytest.raises(ValueError, match="MEMORY_QUERY_EMBEDDER must be"):
        build_query_embedder(Settings(query_embedder="fast"), int8_embedder)
    # int8 questions stand in for the float model only: not for an int8 (or Azure) index
    with pytest.raises(ValueError, match="needs MEMORY_EMBEDDER=local"):
        build_query_embedder(Settings(query_embedder="local-int8"), int8_embedder)
