"""The Azure OpenAI embedder as the template deploys it (384 dimensions of text-embedding-3-small).

The openai SDK runs unmodified; only its HTTP transport is replaced (openai 2.x+ here builds on
`httpx2`, so it is `httpx2.MockTransport`, handed over as `http_client`). The handler checks the
request the SDK really sends (path /openai/deployments/<deployment>/embeddings, api-version,
authentication, the JSON body with "dimensions": 384) and answers like the service does.

Where the response body comes from, honestly: no Azure subscription is reachable from here, so it
is not a capture of a live call. It is written to the documented response of the Azure OpenAI
data-plane reference for API version 2024-10-21 ("Embeddings - Create": an object "list" whose
"data" items are {"object": "embedding", "index": i, "embedding": [...]} plus "model" and
"usage" {"prompt_tokens", "total_tokens"}), with the service's response headers (apim-request-id,
x-ms-region, x-request-id). The values are not the model's: they are made here, 384 floats per
input, and when the request asks for "encoding_format": "base64" (the SDK does by default) they
are sent as the service sends them then: base64 of little-endian float32. The size of the answer
follows the request, as the real service's does: without "dimensions" it answers 1536 floats,
which is how the deployed embedder failed before.

`test_live_service` calls the real deployment when AZURE_OPENAI_ENDPOINT and
AZURE_OPENAI_EMBEDDING_DEPLOYMENT are set (key or Entra ID), and is skipped otherwise.
"""
from __future__ import annotations

import base64
import json
import os
import zlib

import httpx2
import numpy as np
import pytest

from memcore.embedding.azure_openai import DEFAULT_API_VERSION, SCHEMA_DIM, AzureOpenAIEmbedder

ENDPOINT = "https://memsvc-aoai-test.openai.azure.com/"
DEPLOYMENT = "text-embedding-3-small"
NATIVE_DIM = 1536  # text-embedding-3-small without "dimensions"


def documented_response(request_body: dict) -> dict:
    """An Embeddings - Create response body (API 2024-10-21) for `request_body`."""
    inputs = request_body["input"]
    inputs = [inputs] if isinstance(inputs, str) else inputs
    size = request_body.get("dimensions", NATIVE_DIM)
    data = []
    for i, text in enumerate(inputs):
        rng = np.random.default_rng(zlib.crc32(text.encode()))
        vec = rng.normal(size=size).astype("<f4")
        vec /= np.linalg.norm(vec)  # the service returns unit vectors
        embedding = base64.b64encode(vec.tobytes()).decode() \
            if request_body.get("encoding_format") == "base64" else [float(x) for x in vec]
        data.append({"object": "embedding", "index": i, "embedding": embedding})
    tokens = sum(len(t.split()) for t in inputs)
    return {"object": "list", "data": data, "model": "text-embedding-3-small",
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens}}


class RecordingService:
    """The HTTP side of Azure OpenAI: records each request, answers in the documented format."""

    def __init__(self, reverse_order: bool = False) -> None:
        self.requests: list[httpx2.Request] = []
        self.reverse_order = reverse_order

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        body = json.loads(request.content)
        answer = documented_response(body)
        if self.reverse_order:  # the service does not promise input order; `index` is the key
            answer["data"].reverse()
        return httpx2.Response(200, json=answer, headers={
            "apim-request-id": "5b3c0e3c-7b0e-4b4e-9b1b-000000000000", "x-ms-region": "Sweden Central",
            "x-request-id": "00000000-0000-0000-0000-000000000000"})

    def bodies(self) -> list[dict]:
        return [json.loads(r.content) for r in self.requests]


def embedder_against(service: RecordingService, **kwargs) -> AzureOpenAIEmbedder:
    kwargs.setdefault("azure_ad_token_provider", lambda: "entra-token-for-test")
    kwargs.setdefault("dim", SCHEMA_DIM)
    return AzureOpenAIEmbedder(endpoint=ENDPOINT, deployment=DEPLOYMENT, max_retries=0,
                               http_client=httpx2.Client(transport=httpx2.MockTransport(service)), **kwargs)


def test_the_request_asks_for_384_dimensions_and_the_answer_is_used():
    service = RecordingService()
    vectors = embedder_against(service).embed(["Mia is allergic to peanuts", "she plays the cello"])

    [request] = service.requests
    assert request.method == "POST"
    assert request.url.host == "memsvc-aoai-test.openai.azure.com"
    assert request.url.path == f"/openai/deployments/{DEPLOYMENT}/embeddings"
    assert request.url.params["api-version"] == DEFAULT_API_VERSION
    assert request.headers["authorization"] == "Bearer entra-token-for-test"  # Entra ID, no api-key
    assert "api-key" not in request.headers
    [body] = service.bodies()
    assert body["dimensions"] == 384 and body["input"] == ["Mia is allergic to peanuts", "she plays the cello"]

    assert vectors.shape == (2, 384) and vectors.dtype == np.float32
    expected = documented_response({**body, "encoding_format": "float"})["data"]
    np.testing.assert_allclose(vectors[1], np.asarray(expected[1]["embedding"], dtype=np.float32), rtol=1e-6)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-5)


def test_from_env_as_the_template_sets_it(monkeypatch):
    """The container's environment from infra/bicep/main.bicep: endpoint, deployment, dim 384."""
    for var, value in {"AZURE_OPENAI_ENDPOINT": ENDPOINT, "AZURE_OPENAI_EMBEDDING_DEPLOYMENT": DEPLOYMENT,
                       "AZURE_OPENAI_EMBEDDING_DIM": "384"}.items():
        monkeypatch.setenv(var, value)
    for var in ("AZURE_OPENAI_API_KEY", "AZURE_OPENAI_API_VERSION", "AZURE_OPENAI_EMBEDDING_SEND_DIMENSIONS"):
        monkeypatch.delenv(var, raising=False)
    service = RecordingService()
    embedder = AzureOpenAIEmbedder.from_env(
        azure_ad_token_provider=lambda: "t", max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(service)))
    assert embedder.embed(["hello"]).shape == (1, 384)
    assert service.bodies()[0]["dimensions"] == 384


def test_unset_dimension_defaults_to_the_schema_and_is_sent(monkeypatch):
    monkeypatch.delenv("AZURE_OPENAI_EMBEDDING_DIM", raising=False)
    monkeypatch.delenv("AZURE_OPENAI_EMBEDDING_SEND_DIMENSIONS", raising=False)
    service = RecordingService()
    embedder = AzureOpenAIEmbedder.from_env(
        endpoint=ENDPOINT, deployment=DEPLOYMENT, azure_ad_token_provider=lambda: "t", max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(service)))
    assert embedder.dim == SCHEMA_DIM and embedder.embed(["x"]).shape == (1, SCHEMA_DIM)
    assert service.bodies()[0]["dimensions"] == SCHEMA_DIM


def test_switched_off_for_models_that_cannot_shorten(monkeypatch):
    """AZURE_OPENAI_EMBEDDING_SEND_DIMENSIONS=0 (text-embedding-ada-002): no "dimensions" in the
    request; the service answers its native size, and a mismatch with the configured dim is an
    error that names the setting, never a silently truncated vector."""
    monkeypatch.setenv("AZURE_OPENAI_EMBEDDING_SEND_DIMENSIONS", "0")
    service = RecordingService()
    embedder = AzureOpenAIEmbedder.from_env(
        endpoint=ENDPOINT, deployment=DEPLOYMENT, dim=384, azure_ad_token_provider=lambda: "t", max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(service)))
    with pytest.raises(ValueError, match=r"shape \(1, 1536\).*check the configured dim"):
        embedder.embed(["x"])
    assert "dimensions" not in service.bodies()[0]

    monkeypatch.setenv("AZURE_OPENAI_EMBEDDING_SEND_DIMENSIONS", "maybe")
    with pytest.raises(ValueError, match="SEND_DIMENSIONS"):
        AzureOpenAIEmbedder.from_env(endpoint=ENDPOINT, deployment=DEPLOYMENT, azure_ad_token_provider=lambda: "t")


def test_batches_and_the_index_order_of_the_answer():
    """Requests of `request_batch` inputs; each answer is put back in input order by its `index`
    (the answers here come reversed)."""
    service = RecordingService(reverse_order=True)
    texts = [f"memory number {i}" for i in range(5)]
    vectors = embedder_against(service, request_batch=2).embed(texts)
    assert [b["input"] for b in service.bodies()] == [texts[0:2], texts[2:4], texts[4:5]]
    one_by_one = np.vstack([embedder_against(RecordingService()).embed([t]) for t in texts])
    np.testing.assert_allclose(vectors, one_by_one, rtol=1e-6)
    assert not np.allclose(vectors[0], vectors[1])


def test_api_key_when_given_instead_of_entra():
    service = RecordingService()
    embedder_against(service, api_key="k-123", azure_ad_token_provider=None).embed(["x"])
    assert service.requests[0].headers["api-key"] == "k-123"
    assert "authorization" not in service.requests[0].headers


@pytest.mark.skipif(not (os.environ.get("AZURE_OPENAI_ENDPOINT") and os.environ.get("AZURE_OPENAI_EMBEDDING_DEPLOYMENT")),
                    reason="AZURE_OPENAI_ENDPOINT / AZURE_OPENAI_EMBEDDING_DEPLOYMENT not set")
def test_live_service():
    """The real deployment (API key from AZURE_OPENAI_API_KEY, else DefaultAzureCredential)."""
    embedder = AzureOpenAIEmbedder.from_env()
    vectors = embedder.embed(["Mia is allergic to peanuts", "Mia cannot eat peanuts", "the train leaves at nine"])
    assert vectors.shape == (3, embedder.dim)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-4)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]  # paraphrase closer than an unrelated text
