"""Build the all-MiniLM-L6-v2 sentence encoder as an ONNX graph, without torch.

The graph is written node by node with ``onnx.helper`` from the safetensors
weights: BERT embeddings -> N encoder layers (multi-head self-attention, erf
GELU feed-forward, post-LayerNorm) -> mean pooling over the attention mask ->
L2 normalisation. That is the sentence-transformers pipeline
Transformer -> Pooling(mean) -> Normalize.

Inputs  (int64, shape [batch, sequence]): input_ids, attention_mask, token_type_ids
Output  (float32, shape [batch, hidden]):  sentence_embedding

CLI: ``python -m memcore.embedding.onnx_build [--out PATH] [--force]``.
Idempotent: skipped when the target exists and its metadata carries the same
fingerprint of the weights (see ``model_files.weights_fingerprint``).
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from memcore.embedding.model_files import (
    GRAPH_VERSION,
    MODEL_NAME,
    EncoderConfig,
    default_onnx_path,
    read_encoder_config,
    source_model_dir,
    weights_fingerprint,
)

OPSET = 17  # first opset with LayerNormalization
IR_VERSION = 8
FINGERPRINT_KEY = "source_sha256"
INPUT_NAMES = ("input_ids", "attention_mask", "token_type_ids")
OUTPUT_NAME = "sentence_embedding"


class _GraphWriter:
    """Collects nodes and initializers, handing out unique tensor names."""

    def __init__(self) -> None:
        self.nodes: list[onnx.NodeProto] = []
        self.initializers: list[onnx.TensorProto] = []
        self._counter = 0

    def _fresh(self, hint: str) -> str:
        self._counter += 1
        return f"{hint}_{self._counter}"

    def const(self, name: str, value: np.ndarray) -> str:
        self.initializers.append(numpy_helper.from_array(np.asarray(value), name=name))
        return name

    def op(self, op_type: str, inputs: list[str], hint: str | None = None, **attrs) -> str:
        out = self._fresh(hint or op_type.lower())
        self.nodes.append(helper.make_node(op_type, inputs, [out], name=out, **attrs))
        return out


def _linear(g: _GraphWriter, x: str, weights: dict, prefix: str) -> str:
    """x @ W^T + b with W stored pre-transposed as [in, out]."""
    w = g.const(f"{prefix}.weight_t", np.ascontiguousarray(weights[f"{prefix}.weight"].T))
    b = g.const(f"{prefix}.bias", weights[f"{prefix}.bias"])
    return g.op("Add", [g.op("MatMul", [x, w]), b], hint=prefix.replace(".", "_"))


def _layer_norm(g: _GraphWriter, x: str, weights: dict, prefix: str, eps: float) -> str:
    scale = g.const(f"{prefix}.weight", weights[f"{prefix}.weight"])
    bias = g.const(f"{prefix}.bias", weights[f"{prefix}.bias"])
    return g.op("LayerNormalization", [x, scale, bias], axis=-1, epsilon=eps)


def _gelu_erf(g: _GraphWriter, x: str) -> str:
    """0.5 * x * (1 + erf(x / sqrt(2))) -- BERT's exact GELU."""
    scaled = g.op("Div", [x, "c_sqrt2"])
    one_plus = g.op("Add", [g.op("Erf", [scaled]), "c_one"])
    return g.op("Mul", [g.op("Mul", [x, "c_half"]), one_plus], hint="gelu")


def _attention(g: _GraphWriter, x: str, mask_bias: str, weights: dict, prefix: str,
               cfg: EncoderConfig) -> str:
    split_heads = g.const(f"{prefix}.split_shape",
                          np.array([0, 0, cfg.num_heads, cfg.head_dim], dtype=np.int64))
    merge_heads = g.const(f"{prefix}.merge_shape",
                          np.array([0, 0, cfg.hidden_size], dtype=np.int64))

    def heads(name: str, perm: list[int]) -> str:
        proj = _linear(g, x, weights, f"{prefix}.self.{name}")
        return g.op("Transpose", [g.op("Reshape", [proj, split_heads])], perm=perm)

    q = heads("query", [0, 2, 1, 3])  # [B, heads, S, d]
    k = heads("key", [0, 2, 3, 1])    # [B, heads, d, S]
    v = heads("value", [0, 2, 1, 3])  # [B, heads, S, d]
    scale = g.const(f"{prefix}.scale", np.array(1.0 / math.sqrt(cfg.head_dim), dtype=np.float32))
    scores = g.op("Add", [g.op("Mul", [g.op("MatMul", [q, k]), scale]), mask_bias])
    probs = g.op("Softmax", [scores], axis=-1)
    context = g.op("Transpose", [g.op("MatMul", [probs, v])], perm=[0, 2, 1, 3])
    merged = g.op("Reshape", [context, merge_heads])
    return _linear(g, merged, weights, f"{prefix}.output.dense")


def _encoder_layer(g: _GraphWriter, x: str, mask_bias: str, weights: dict, index: int,
                   cfg: EncoderConfig) -> str:
    prefix = f"encoder.layer.{index}"
    attended = _attention(g, x, mask_bias, weights, f"{prefix}.attention", cfg)
    x = _layer_norm(g, g.op("Add", [attended, x]), weights,
                    f"{prefix}.attention.output.LayerNorm", cfg.layer_norm_eps)
    hidden = _gelu_erf(g, _linear(g, x, weights, f"{prefix}.intermediate.dense"))
    out = _linear(g, hidden, weights, f"{prefix}.output.dense")
    return _layer_norm(g, g.op("Add", [out, x]), weights,
                       f"{prefix}.output.LayerNorm", cfg.layer_norm_eps)


def _embeddings(g: _GraphWriter, weights: dict, cfg: EncoderConfig) -> str:
    words = g.op("Gather", [g.const("word_embeddings", weights["embeddings.word_embeddings.weight"]),
                            "input_ids"], axis=0)
    seq_len = g.op("Gather", [g.op("Shape", ["input_ids"]), "c_i64_one"], axis=0)
    positions = g.op("Range", ["c_i64_zero", seq_len, "c_i64_one"], hint="positions")
    pos = g.op("Gather", [g.const("position_embeddings",
                                  weights["embeddings.position_embeddings.weight"]), positions], axis=0)
    types = g.op("Gather", [g.const("token_type_embeddings",
                                    weights["embeddings.token_type_embeddings.weight"]),
                            "token_type_ids"], axis=0)
    summed = g.op("Add", [g.op("Add", [words, pos]), types])
    return _layer_norm(g, summed, weights, "embeddings.LayerNorm", cfg.layer_norm_eps)


def build_graph(weights: dict[str, np.ndarray], cfg: EncoderConfig) -> onnx.ModelProto:
    """Pure: weights + config -> ONNX model of the normalised mean-pooled encoder."""
    if cfg.hidden_act != "gelu":
        raise ValueError(f"unsupported activation {cfg.hidden_act!r}; only erf 'gelu' is built")
    g = _GraphWriter()
    for name, value in {
        "c_one": np.array(1.0, np.float32), "c_half": np.array(0.5, np.float32),
        "c_sqrt2": np.array(math.sqrt(2.0), np.float32),
        "c_mask_fill": np.array(np.finfo(np.float32).min, np.float32),
        "c_min_count": np.array(1e-9, np.float32), "c_min_norm": np.array(1e-12, np.float32),
        "c_i64_zero": np.array(0, np.int64), "c_i64_one": np.array(1, np.int64),
        "c_axes_seq": np.array([1], np.int64), "c_axes_mask": np.array([1, 2], np.int64),
        "c_axes_last": np.array([2], np.int64),
    }.items():
        g.const(name, value)

    x = _embeddings(g, weights, cfg)
    mask = g.op("Cast", ["attention_mask"], to=TensorProto.FLOAT, hint="mask_f")
    # (1 - mask) * float32.min, broadcast to [B, 1, 1, S] over heads and queries.
    mask_bias = g.op("Unsqueeze", [g.op("Mul", [g.op("Sub", ["c_one", mask]), "c_mask_fill"]),
                                   "c_axes_mask"], hint="mask_bias")
    for index in range(cfg.num_layers):
        x = _encoder_layer(g, x, mask_bias, weights, index, cfg)

    mask3 = g.op("Unsqueeze", [mask, "c_axes_last"])
    summed = g.op("ReduceSum", [g.op("Mul", [x, mask3]), "c_axes_seq"], keepdims=0)
    count = g.op("Max", [g.op("ReduceSum", [mask3, "c_axes_seq"], keepdims=0), "c_min_count"])
    mean = g.op("Div", [summed, count], hint="mean_pooled")
    norm = g.op("Max", [g.op("ReduceL2", [mean], axes=[-1], keepdims=1), "c_min_norm"])
    g.nodes.append(helper.make_node("Div", [mean, norm], [OUTPUT_NAME], name="l2_normalise"))

    graph = helper.make_graph(
        g.nodes, f"{MODEL_NAME}-sentence-encoder",
        inputs=[helper.make_tensor_value_info(n, TensorProto.INT64, ["batch", "sequence"])
                for n in INPUT_NAMES],
        outputs=[helper.make_tensor_value_info(OUTPUT_NAME, TensorProto.FLOAT,
                                               ["batch", cfg.hidden_size])],
        initializer=g.initializers,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)],
                              producer_name="memcore.embedding.onnx_build")
    model.ir_version = IR_VERSION
    return model


def stored_fingerprint(path: Path) -> str | None:
    try:
        model = onnx.load(str(path), load_external_data=False)
    except Exception:  # unreadable or truncated file -> rebuild
        return None
    return {p.key: p.value for p in model.metadata_props}.get(FINGERPRINT_KEY)


def _load_weights(model_dir: Path) -> dict[str, np.ndarray]:
    from safetensors.numpy import load_file

    return {k: v.astype(np.float32) if v.dtype != np.int64 else v
            for k, v in load_file(str(model_dir / "model.safetensors")).items()}


def ensure_onnx_model(out: Path | None = None, *, force: bool = False,
                      log=print) -> Path:
    """Build the ONNX file at ``out`` unless an up-to-date one is already there."""
    out = Path(out) if out is not None else default_onnx_path()
    model_dir = source_model_dir()
    fingerprint = weights_fingerprint(model_dir)
    if not force and out.is_file() and stored_fingerprint(out) == fingerprint:
        log(f"onnx_build: up to date, skipped: {out} (weights sha256 {fingerprint[:12]})")
        return out

    started = time.perf_counter()
    model = build_graph(_load_weights(model_dir), read_encoder_config(model_dir))
    for key, value in {FINGERPRINT_KEY: fingerprint, "model_name": MODEL_NAME,
                       "graph_version": GRAPH_VERSION}.items():
        model.metadata_props.add(key=key, value=value)
    onnx.checker.check_model(model)
    out.parent.mkdir(parents=True, exist_ok=True)
    # Write to a temp file in the same directory and rename, so concurrent
    # builders or an interrupted build never leave a half-written model behind.
    fd, tmp = tempfile.mkstemp(prefix=out.name, suffix=".tmp", dir=out.parent)
    os.close(fd)
    try:
        onnx.save_model(model, tmp)
        os.chmod(tmp, 0o644)  # mkstemp creates 0600; the model is not a secret
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    log(f"onnx_build: built {out} ({out.stat().st_size / 1e6:.1f} MB, "
        f"{len(model.graph.node)} nodes) in {time.perf_counter() - started:.1f}s "
        f"(weights sha256 {fingerprint[:12]})")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=None,
                        help="output .onnx path (default: $MEMORY_MODEL_DIR/all-MiniLM-L6-v2.onnx, "
                             "MEMORY_MODEL_DIR defaults to .data/models)")
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    args = parser.parse_args(argv)
    out = ensure_onnx_model(args.out, force=args.force)
    copy_tokenizer_files(out.parent)
    return 0


DEVICE_TOKENIZER_FILES = ("tokenizer.json", "sentence_bert_config.json")


def copy_tokenizer_files(model_dir: Path) -> None:
    """The tokenizer beside the exported model, so the folder is all an edge device needs
    (memedge.embedder.load_embedder: no source weights, no `onnx` there)."""
    source = source_model_dir()
    for name in DEVICE_TOKENIZER_FILES:
        if (source / name).is_file():
            shutil.copyfile(source / name, model_dir / name)


if __name__ == "__main__":
    sys.exit(main())
