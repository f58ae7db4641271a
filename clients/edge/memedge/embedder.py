"""The device's embedder: the same all-MiniLM-L6-v2 ONNX model as memcore's local embedder (so the
cloud's stored vectors can be used as they are), one intra-op thread and no batch threads: on a
1-2 core board a query embedding runs on one core beside the orchestrator.

memcore.embedding.local_onnx imports only numpy, onnxruntime and tokenizers; it is reused as is, on
the exported files only (never building them: no `onnx`, no source weights): the ONNX file and,
beside it or in `tokenizer_dir`, tokenizer.json (and sentence_bert_config.json)."""
from __future__ import annotations

from pathlib import Path


def load_embedder(model_path: str | Path | None = None, *, int8: bool = False, threads: int = 1,
                  tokenizer_dir: str | Path | None = None):
    from memcore.embedding.local_onnx import OnnxEmbedder

    return OnnxEmbedder(model_path, intra_op_threads=threads, parallel_batches=1, batch_size=32, quantized=int8,
                        build_if_missing=False, tokenizer_dir=tokenizer_dir)
