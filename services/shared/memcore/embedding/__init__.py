"""Sentence embeddings for the memory service.

``make_embedder("local")`` -> :class:`OnnxEmbedder` (all-MiniLM-L6-v2, 384 dims,
onnxruntime, no torch); ``make_embedder("local-int8")`` -> the same model with int8 weights
(faster on CPU, a different model for the index: see memcore.embedding.quantize); ``make_embedder("azure_openai", ...)`` ->
:class:`AzureOpenAIEmbedder`. Both satisfy the :class:`Embedder` protocol.
"""

from __future__ import annotations

from typing import Any

from memcore.embedding.base import Embedder

LOCAL_PROVIDERS = ("local", "onnx")
LOCAL_INT8_PROVIDERS = ("local-int8", "onnx-int8")
AZURE_PROVIDERS = ("azure_openai", "azure-openai", "azure")


def make_embedder(provider: str = "local", **settings: Any) -> Embedder:
    """Builds an embedder. ``settings`` go to the provider's constructor.

    local:        model_path, batch_size, intra_op_threads, parallel_batches, ...
    azure_openai: endpoint, deployment, dim, api_version, api_key, ... (missing
                  ones are read from AZURE_OPENAI_* environment variables)
    """
    name = provider.strip().lower()
    if name in LOCAL_PROVIDERS:
        from memcore.embedding.local_onnx import OnnxEmbedder

        return OnnxEmbedder(**settings)
    if name in LOCAL_INT8_PROVIDERS:
        from memcore.embedding.local_onnx import OnnxEmbedder

        return OnnxEmbedder(quantized=True, **settings)
    if name in AZURE_PROVIDERS:
        from memcore.embedding.azure_openai import AzureOpenAIEmbedder

        return AzureOpenAIEmbedder.from_env(**settings)
    raise ValueError(f"unknown embedding provider {provider!r}; "
                     f"expected one of {LOCAL_PROVIDERS + LOCAL_INT8_PROVIDERS + AZURE_PROVIDERS}")


__all__ = ["Embedder", "make_embedder"]
