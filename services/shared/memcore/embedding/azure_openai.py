"""Embeddings from an Azure OpenAI deployment (thin wrapper over the openai SDK).

Environment (read by `AzureOpenAIEmbedder.from_env`, through `AzureOpenAIEmbeddingSettings`):

| variable | default | meaning |
|---|---|---|
| AZURE_OPENAI_ENDPOINT | (required) | https://<resource>.openai.azure.com/ |
| AZURE_OPENAI_EMBEDDING_DEPLOYMENT | (required) | deployment name (the path segment of the request) |
| AZURE_OPENAI_EMBEDDING_DIM | 384 | vector size; the schema's columns are vector(384) |
| AZURE_OPENAI_EMBEDDING_SEND_DIMENSIONS | 1 | send `dimensions` with each request (text-embedding-3-* shorten their vectors to it); 0 for models that cannot shorten (text-embedding-ada-002: 1536 only, which needs a schema migration) |
| AZURE_OPENAI_API_VERSION | 2024-10-21 | data-plane API version |
| AZURE_OPENAI_API_KEY | (unset) | key auth; unset = Microsoft Entra ID (DefaultAzureCredential, managed identity in Azure) |
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from pydantic_settings import BaseSettings, SettingsConfigDict

from memcore.embedding.base import TokenizedEmbedder, l2_normalise, validate_texts

DEFAULT_API_VERSION = "2024-10-21"


class AzureOpenAIEmbeddingSettings(BaseSettings):
    """The AZURE_OPENAI_* variables of the table above, as given (unset: None); `from_env` applies
    the defaults and checks them, so a bad value fails with the embedder's own message."""

    model_config = SettingsConfigDict(env_prefix="AZURE_OPENAI_", extra="ignore")

    endpoint: str | None = None
    embedding_deployment: str | None = None
    api_version: str | None = None
    api_key: str | None = None
    embedding_dim: str | None = None
    embedding_send_dimensions: str | None = None
# The vector(384) columns of the schema (migrations): what every embedder must return.
SCHEMA_DIM = 384
COGNITIVE_SERVICES_SCOPE = "https://cognitiveservices.azure.com/.default"
# Azure OpenAI accepts up to 2048 inputs per embeddings request.
DEFAULT_REQUEST_BATCH = 256


class AzureOpenAIEmbedder(TokenizedEmbedder):
    """Same interface as the local embedder, backed by ``AzureOpenAI().embeddings``.

    Auth: ``api_key`` if given, else ``azure_ad_token_provider`` if given, else
    a DefaultAzureCredential bearer-token provider (managed identity, az login, ...).
    ``dim`` comes from settings and is sent to the service as ``dimensions``
    (text-embedding-3-* shorten their vectors to it); ``send_dimensions=False`` is
    for models that cannot (ada-002), whose native size must then equal ``dim``.
    An answer of another size is an error, never truncated or padded here.

    Token counting uses tiktoken (cl100k_base) when it is installed; otherwise it
    approximates with the local WordPiece tokenizer (usually a slight over-count
    for English, which is the safe side for chunk limits).
    """

    remote = True  # each call is a network round trip: callers ask once for what they can batch

    def __init__(self, *, endpoint: str, deployment: str, dim: int,
                 api_version: str = DEFAULT_API_VERSION, api_key: str | None = None,
                 azure_ad_token_provider: Callable[[], str] | None = None,
                 model_name: str | None = None, send_dimensions: bool = True,
                 request_batch: int = DEFAULT_REQUEST_BATCH, timeout: float = 30.0,
                 max_retries: int = 3, client: Any = None, http_client: Any = None) -> None:
        if dim < 1 or request_batch < 1:
            raise ValueError("dim and request_batch must be >= 1")
        self.model_name = model_name or deployment
        self.dim = dim
        self.deployment = deployment
        self.send_dimensions = send_dimensions
        self.request_batch = request_batch
        self._client = client or _make_client(endpoint, api_version, api_key,
                                              azure_ad_token_provider, timeout, max_retries, http_client)
        self._tokens = _token_tools()

    @classmethod
    def from_env(cls, **overrides: Any) -> "AzureOpenAIEmbedder":
        """Settings from AZURE_OPENAI_* env vars; keyword arguments win."""
        given = AzureOpenAIEmbeddingSettings()
        env = {
            "endpoint": given.endpoint,
            "deployment": given.embedding_deployment,
            "api_version": given.api_version,
            "api_key": given.api_key,
            "dim": given.embedding_dim,
            "send_dimensions": given.embedding_send_dimensions,
        }
        settings = {k: v for k, v in env.items() if v} | overrides
        missing = [k for k in ("endpoint", "deployment") if not settings.get(k)]
        if missing:
            raise ValueError(f"Azure OpenAI embedder needs {', '.join(missing)} "
                             "(AZURE_OPENAI_ENDPOINT / AZURE_OPENAI_EMBEDDING_DEPLOYMENT)")
        settings["dim"] = int(settings.get("dim") or SCHEMA_DIM)
        settings["send_dimensions"] = _flag(settings.get("send_dimensions", True))
        return cls(**settings)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        checked = validate_texts(texts)
        result = np.empty((len(checked), self.dim), dtype=np.float32)
        extra = {"dimensions": self.dim} if self.send_dimensions else {}
        for start in range(0, len(checked), self.request_batch):
            chunk = checked[start:start + self.request_batch]
            response = self._client.embeddings.create(model=self.deployment, input=chunk, **extra)
            rows = sorted(response.data, key=lambda item: item.index)
            vectors = np.asarray([row.embedding for row in rows], dtype=np.float32)
            if vectors.shape != (len(chunk), self.dim):
                raise ValueError(f"deployment {self.deployment!r} returned shape {vectors.shape}, "
                                 f"expected {(len(chunk), self.dim)}; check the configured dim")
            result[start:start + len(chunk)] = l2_normalise(vectors)
        return result


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"AZURE_OPENAI_EMBEDDING_SEND_DIMENSIONS must be 1 or 0, not {value!r}")


def token_provider_from(credential: Any) -> Callable[[], str]:
    """A bearer-token callable for the openai SDK from an azure-identity credential (anything
    with get_token); azure-identity caches the token and renews it before it expires."""
    from azure.identity import get_bearer_token_provider

    return get_bearer_token_provider(credential, COGNITIVE_SERVICES_SCOPE)


def _make_client(endpoint: str, api_version: str, api_key: str | None,
                 token_provider: Callable[[], str] | None, timeout: float, max_retries: int,
                 http_client: Any = None):
    from openai import AzureOpenAI

    if not api_key and token_provider is None:
        from memcore.adapters.azure_credential import default_credential

        token_provider = token_provider_from(default_credential())
    return AzureOpenAI(azure_endpoint=endpoint, api_version=api_version, api_key=api_key or None,
                       azure_ad_token_provider=None if api_key else token_provider,
                       timeout=timeout, max_retries=max_retries, http_client=http_client)


class _TiktokenTokens:
    def __init__(self, encoding) -> None:
        self._encoding = encoding

    def count(self, text: str) -> int:
        return len(self._encoding.encode(text, disallowed_special=()))

    def truncate(self, text: str, n: int) -> str:
        if n < 0:
            raise ValueError("n must be >= 0")
        ids = self._encoding.encode(text, disallowed_special=())
        if len(ids) <= n:
            return text
        return self._encoding.decode_bytes(ids[:n]).decode("utf-8", errors="ignore")


def _token_tools():
    try:
        import tiktoken

        return _TiktokenTokens(tiktoken.get_encoding("cl100k_base"))
    except Exception:  # not installed, or its BPE file cannot be fetched offline
        from memcore.embedding.wordpiece_tokens import WordPieceTokens

        return WordPieceTokens()
