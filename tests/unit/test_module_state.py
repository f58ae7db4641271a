"""No module-level runtime state in the services (issue 36 item 6): state lives on the objects a
service builds at start (its resources, its database, its app) and goes with them. A module of the
product packages rebinds a module name (`global`) or fills a module-level dict, list or set from a
function only where it says why below: a per-process resource loaded once, or a cache keyed by what
it caches. Before this check, memory_api.background kept the post-answer lanes of every database
ever used, keyed by `id(db)`: a later database could be handed a dead one's semaphore."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("services/shared/memcore", "services/memory-api/memory_api", "services/consolidator/consolidator",
            "services/policy/policy_service", "clients/edge/memedge")
CONTAINERS = {"dict", "list", "set", "defaultdict", "OrderedDict", "Counter", "deque", "Lru"}  # memcore.lru.Lru: a cache
MUTATORS = {"append", "add", "update", "pop", "setdefault", "clear", "extend", "remove", "discard", "popitem",
            "insert", "move_to_end", "put"}

# "file:name" -> why it may hold state for the process
ALLOWED = {
    "services/shared/memcore/extraction/spacy_model.py:_loaded": "spaCy pipelines, loaded once per process like an import",
    "services/shared/memcore/extraction/ner.py:_syntax": "the parser pipeline, loaded once per process",
    "services/shared/memcore/telemetry/tracing.py:_configured": "OpenTelemetry's tracer provider is one per process",
    "services/shared/memcore/telemetry/tracing.py:_active": "OpenTelemetry's tracer provider is one per process",
    "services/shared/memcore/telemetry/tracing.py:_tracer": "OpenTelemetry's tracer provider is one per process",
    "services/memory-api/memory_api/gated.py:_seal": "taken once, at import, by the write gate (memory_api.gated)",
    "services/memory-api/memory_api/timing.py:_observers": "the Prometheus registry is one per process; its children by stage",
    "services/shared/memcore/extraction/tagged_texts.py:_kept": "a cache keyed by the text it tagged (its tensor and tags), bounded",
    "services/shared/memcore/knowledge/parse.py:_remembered": "a cache keyed by the pipe it wraps (one per loaded pipeline)",
}


def module_state(source: str) -> set[str]:
    """Module-level names that a function rebinds (`global`) or whose dict/list/set it changes."""
    tree = ast.parse(source)
    containers = set()
    for node in tree.body:
        target, value = None, None
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            target, value = node.targets[0].id, node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            target, value = node.target.id, node.value
        if target and (isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp))
                       or isinstance(value, ast.Call) and getattr(value.func, "id", getattr(value.func, "attr", None))
                       in CONTAINERS):
            containers.add(target)
    found = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Global):
                found.update(node.names)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    isinstance(node.func.value, ast.Name) and node.func.value.id in containers and \
                    node.func.attr in MUTATORS:
                found.add(node.func.value.id)
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                found.update(t.value.id for t in targets if isinstance(t, ast.Subscript)
                             and isinstance(t.value, ast.Name) and t.value.id in containers)
    return found


def test_no_module_holds_runtime_state_without_a_reason():
    found = sorted(f"{path.relative_to(ROOT).as_posix()}:{name}" for package in PACKAGES
                   for path in (ROOT / package).rglob("*.py") for name in module_state(path.read_text()))
    assert [f for f in found if f not in ALLOWED] == []
    assert [a for a in ALLOWED if a not in found] == []  # an allowance whose state is gone goes too


def test_the_check_can_fail():
    code = '''
_LANES: dict = {}
_N = 0
CONST = {"a": 1}
_VECTORS = Lru(100)
def lane(db):
    global _N
    _N += 1
    _LANES[id(db)] = object()
def read():
    return CONST["a"]
def remember(text, vec):
    _VECTORS.put(text, vec)
'''
    assert module_state(code) == {"_LANES", "_N", "_VECTORS"}
