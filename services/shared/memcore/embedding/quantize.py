"""An int8 variant of the exported all-MiniLM-L6-v2 graph, for imports on small machines.

ONNX Runtime's dynamic quantization turns every MatMul whose second input is a weight into an
int8 MatMul (weights quantized once, per output channel; activations quantized on the fly). The
two MatMuls per layer that multiply activations by activations (attention scores and the
attention-weighted values) stay in float32: quantizing them costs accuracy for little speed.

Per-channel weights matter: per-tensor weights (what a plain `quantize_dynamic` call does) gave
vectors at cosine 0.86 on average to the float model's on generated utterances, per-channel 0.99
(`python -m memclient.bench.int8_compare`). The int8 model is still a different model
for the index: its rows carry the name ``all-MiniLM-L6-v2-int8``, the service refuses to mix it
with float32 vectors, and switching either way needs `memctl reembed`.

CLI: ``python -m memcore.embedding.quantize [--out PATH] [--force]``.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import onnx

from memcore.embedding.model_files import INT8_FILENAME, INT8_MODEL_NAME  # noqa: F401 (named here too)
from memcore.embedding.model_files import DEFAULT_MODEL_DIR, MODEL_DIR_ENV, MODEL_NAME, default_int8_path  # noqa: F401 (named here too)
from memcore.embedding.onnx_build import FINGERPRINT_KEY, stored_fingerprint, ensure_onnx_model


def activation_matmuls(model: onnx.ModelProto) -> list[str]:
    """MatMul nodes with no weight input (both operands computed at run time)."""
    weights = {init.name for init in model.graph.initializer}
    return [n.name for n in model.graph.node if n.op_type == "MatMul" and not set(n.input) & weights]


def ensure_int8_model(out: Path | None = None, *, float_path: Path | None = None, force: bool = False,
                      log=print) -> Path:
    """Quantize the float32 export into ``out`` unless an up-to-date int8 file is already there.
    The int8 file carries the float model's weights fingerprint, so a new model package rebuilds it."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    out = Path(out) if out is not None else default_int8_path()
    float_path = ensure_onnx_model(float_path or out.with_name(f"{MODEL_NAME}.onnx"), log=log)
    fingerprint = stored_fingerprint(float_path)
    if not force and out.is_file() and stored_fingerprint(out) == fingerprint:
        log(f"quantize: up to date, skipped: {out}")
        return out
    started = time.perf_counter()
    source = onnx.load(str(float_path))
    fd, tmp = tempfile.mkstemp(prefix=out.name, suffix=".tmp", dir=out.parent)
    os.close(fd)
    try:
        quantize_dynamic(str(float_path), tmp, weight_type=QuantType.QInt8, per_channel=True,
                         op_types_to_quantize=["MatMul"], nodes_to_exclude=activation_matmuls(source))
        model = onnx.load(tmp)
        del model.metadata_props[:]
        for key, value in {FINGERPRINT_KEY: fingerprint or "", "model_name": INT8_MODEL_NAME}.items():
            model.metadata_props.add(key=key, value=value)
        onnx.save_model(model, tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    log(f"quantize: built {out} ({out.stat().st_size / 1e6:.1f} MB) in {time.perf_counter() - started:.1f}s")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=None, help="output path (default: $MEMORY_MODEL_DIR/"
                        f"{INT8_FILENAME})")
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    args = parser.parse_args(argv)
    ensure_int8_model(args.out, force=args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
