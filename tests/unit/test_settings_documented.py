"""The settings tables say what the code does (issue 36: "the memcore/settings.py docstring gives a
default the code does not use"). memcore/settings.py's docstring lists every field of `Settings`,
and wherever it or README.md's configuration table gives a default for a variable of memory-api's
settings (`Settings`, `ApiSettings`), that is the default of the code."""
from __future__ import annotations

import re
from pathlib import Path

from pydantic import AliasChoices

import memcore.settings
from memcore.settings import Settings
from memory_api.app import ApiSettings

ROOT = Path(__file__).resolve().parents[2]
UNSET = {"(unset)", "unset", "none", "(none)", ""}
ROW = re.compile(r"^\|\s*([^|]+?)\s*\|\s*([^|]*?)\s*\|", re.M)


def variables(model: type[Settings]) -> dict[str, tuple[str, object]]:
    """Environment variable -> (field, default) for every field of `model`."""
    prefix = model.model_config.get("env_prefix", "")
    out = {}
    for name, field in model.model_fields.items():
        alias = field.validation_alias
        names = alias.choices if isinstance(alias, AliasChoices) else [f"{prefix}{name}".upper()]
        for env in names:
            out[str(env).upper()] = (name, field.default)
    return out


def rows(text: str) -> list[tuple[str, str]]:
    """(variable, documented default) of each table row; 'A / B | x / y' is two rows."""
    found = []
    for m in ROW.finditer(text):
        names = [n.strip().strip("`") for n in m.group(1).split(" / ")]
        defaults = [d.strip().strip("`") for d in m.group(2).split(" / ")]
        if all(re.fullmatch(r"[A-Z][A-Z0-9_]+", n) for n in names) and len(defaults) == len(names):
            found += zip(names, defaults)
    return found


def agrees(documented: str, default: object) -> bool:
    if default is None:  # unset, or derived from another variable ("DATABASE_URL with user memory_app")
        return documented.lower() in UNSET or documented.startswith("DATABASE_URL")
    if isinstance(default, bool):
        return documented.lower() in ({"1", "true"} if default else {"0", "false"})
    if isinstance(default, (int, float)):
        try:
            return float(documented.replace(",", "").replace("_", "")) == default
        except ValueError:
            return False
    return documented == str(default)


def disagreements(text: str, known: dict[str, tuple[str, object]]) -> list[str]:
    return [f"{var}: documented {doc!r}, code {known[var][1]!r}" for var, doc in rows(text)
            if var in known and not agrees(doc, known[var][1])]


def test_the_settings_docstring_lists_every_field_with_its_default():
    doc = memcore.settings.__doc__ or ""
    known = variables(Settings)
    documented = {var for var, _ in rows(doc)}
    assert len(documented) > 10  # the table is read
    missing = sorted({field for var, (field, _) in known.items()}
                     - {known[var][0] for var in documented if var in known})
    assert missing == [], f"fields of Settings with no row in memcore/settings.py's docstring: {missing}"
    assert disagreements(doc, variables(ApiSettings)) == []


def test_the_readme_gives_the_code_defaults():
    readme = (ROOT / "README.md").read_text()
    assert len([v for v, _ in rows(readme) if v in variables(ApiSettings)]) > 10
    assert disagreements(readme, variables(ApiSettings)) == []


def test_the_check_can_fail():
    known = variables(ApiSettings)
    table = "| MEMORY_QUERY_EMBEDDER | index | x |\n| `MEMORY_DB_POOL_MIN` / `MEMORY_DB_POOL_MAX` | `2` / `11` | y |"
    assert disagreements(table, known) == ["MEMORY_QUERY_EMBEDDER: documented 'index', code 'auto'",
                                           "MEMORY_DB_POOL_MAX: documented '11', code 10"]
