"""Shared by the tests of the labelled PII sets in tests/data: loading a set, predicting its spans,
and rebuilding it from the script that wrote it."""
import importlib.util
import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"


def records(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line]


def predict(detector, items: list[dict]) -> list[list[dict]]:
    return [[{"type": f.type, "start": f.start, "end": f.end} for f in fs]
            for fs in detector.detect_many([r["text"] for r in items])]


def rebuilt(script: str) -> list[dict]:
    """What `tests/data/<script>`'s build() writes (it imports its neighbours from tests/data)."""
    spec = importlib.util.spec_from_file_location(Path(script).stem, DATA / script)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(DATA))
    try:
        spec.loader.exec_module(module)
        return module.build()
    finally:
        sys.path.remove(str(DATA))
