"""infra/bicep/main.bicep gives every service every setting it reads (issue 14).

What a service reads is derived from the code, not kept by hand:
- the fields of its pydantic settings class (env prefix + field name, or the validation aliases:
  one of the alternatives is enough), and
- every `os.environ.get/[]/setdefault`, `os.getenv` and `"X" in os.environ` with a literal name,
  or a module-level constant holding one, in every module the service's entry points import
  (followed through the repository's own modules, lazy imports inside functions included).

What the template provides is read from main.bicep: the `env` list of each container app and job,
with the `var`s it concatenates (both branches of a conditional count), plus the `ENV` lines of
the Dockerfile's runtime stage (the image every container runs).

A setting the template does not provide must be in NOT_IN_TEMPLATE with its reason; an entry
there that is no longer read, or that the template does provide, fails the test too, so the
list cannot drift. No Bicep compiler can be installed here (see docs/deploy-azure.md), so the
template is checked as text: balanced brackets, and every `secretRef` naming a defined secret.
"""
from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BICEP = REPO / "infra" / "bicep" / "main.bicep"
DOCKERFILE = REPO / "Dockerfile"
SOURCE_ROOTS = [REPO / "services" / d for d in ("shared", "memory-api", "policy", "consolidator", "client")] + [REPO]


@dataclass(frozen=True)
class Service:
    name: str
    containers: tuple[str, ...]  # symbolic names of the Bicep resources that run it
    settings_class: str | None  # "module:Class"
    entry_modules: tuple[str, ...]


SERVICES = (
    Service("memory-api", ("apiApp",), "memory_api.app:ApiSettings", ("memory_api.app",)),
    Service("policy", ("policyApp",), "policy_service.settings:PolicySettings", ("policy_service.app",)),
    Service("consolidator", ("consolidatorApp",), "consolidator.settings:ConsolidatorSettings", ("consolidator.app",)),
    Service("worker", ("workerApp",), "consolidator.settings:ConsolidatorSettings", ("consolidator.jobs",)),
    Service("migrate", ("migrateJob",), None, ("migrations.env",)),
)

# Settings the template leaves to the code's default, per service ("*" = every service), and why.
TUNING = "a tuning knob: the code's default is the value meant for production; set it in the app to change it"
NOT_IN_TEMPLATE: dict[str, dict[str, str]] = {
    "*": {
        "MEMORY_DB_POOL_MIN": TUNING,  # memcore's Settings: memory-api and the consolidator's pools
        "MEMORY_DB_POOL_MAX": TUNING,
        "MEMORY_MAX_TEXT_CHARS": TUNING,
        "MEMORY_MAX_DOCUMENT_CHARS": TUNING,
        "MEMORY_SESSION_TTL_S": TUNING,
        "MEMORY_QUERY_EMBEDDER": TUNING,
        "MEMORY_BATCH_EMBEDDER": TUNING,
        "MEMORY_POLICY_TIMEOUT_S": TUNING,
        "MEMORY_ENCRYPTION_KEY_FILE": "local key file; in Azure the Key Vault key (MEMORY_KEYVAULT_URL) is used "
                                      "(the Dockerfile sets a path anyway)",
        "MEMORY_BLOB_CONNECTION_STRING": "local only (Azurite); Azure uses MEMORY_BLOB_ACCOUNT_URL + managed identity",
        "EVENTHUB_CONNECTION_STRING": "a test hub only; Azure uses EVENTHUB_FULLY_QUALIFIED_NAMESPACE + managed identity",
        "AZURE_OPENAI_API_KEY": "key auth is disabled on the template's Azure OpenAI (disableLocalAuth); Entra ID",
        "AZURE_OPENAI_API_VERSION": "the code's pinned GA version (2024-10-21)",
        "AZURE_OPENAI_EMBEDDING_SEND_DIMENSIONS": "default 1 is right for text-embedding-3-*, the template's model",
        "MEMORY_MODEL_DIR": "set by the Dockerfile (/opt/models, where the image keeps the ONNX model)",
    },
    "memory-api": {
        "DATABASE_URL": "the schema owner's URL: only the migrate job connects as the owner",
        "MEMORY_RELAY_DATABASE_URL": "memory-api never runs the relay",
        "MEMORY_API_NO_AUTOAPP": "test switch: import the module without building the app",
        "MEMORY_POLICY_ALLOW_ALL": "benchmarks only (no policy service); a deployment must leave it unset",
        "MEMORY_RATE_LIMIT_USER": TUNING,
        "MEMORY_RATE_LIMIT_TENANT": TUNING,
        "MEMORY_RATE_LIMIT_WINDOW_S": TUNING,
        "MEMORY_PORTAL_SESSION_TTL_S": TUNING,
        "MEMORY_EXPORT_LINK_TTL_S": TUNING,
        "MEMORY_MAX_INFLIGHT": TUNING,
        "MEMORY_ADMISSION_WAIT_S": TUNING,
        "MEMORY_READ_CHECK_CACHE_S": TUNING,
        "CONSOLIDATOR_STREAM_PREFIX": "Redis Streams bus only; Azure runs the Event Hubs bus",
        "AZURE_OPENAI_EXTRACTOR_DEPLOYMENT": "the template deploys no chat model: the optional model extractor "
                                             "(docs/knowledge.md) stays off until an operator names a deployment",
        "MEMORY_MODEL_EXTRACTOR_TIMEOUT_S": TUNING,
    },
    "policy": {
        "POLICY_NLP_MODE": TUNING,
        "POLICY_SPACY_MODEL": "the model the image installs is the default",
        "POLICY_PHONE_REGIONS": TUNING,
        "POLICY_DECISION_LOG": TUNING,
        "POLICY_WARM_UP": TUNING,
        "POLICY_REQUEST_ID_HEADER": TUNING,
    },
    "consolidator": {},
    "worker": {},
    "migrate": {},
}
CONSOLIDATOR_NOT_IN_TEMPLATE = {
    "DATABASE_URL": "the schema owner's URL: only the migrate job connects as the owner",
    "CONSOLIDATOR_STREAM_PREFIX": "Redis Streams bus only; Azure runs the Event Hubs bus",
    "CONSOLIDATOR_STREAM_PARTITIONS": "Redis Streams bus only; Event Hubs partitions are the hub's (template parameter)",
    "CONSOLIDATOR_CLAIM_IDLE_S": "Redis Streams bus only",
    "CONSOLIDATOR_CONSUMER_NAME": "default: host name and pid, unique per replica as it must be",
    "CONSOLIDATOR_EMBEDDER": "alias of MEMORY_EMBEDDER, which the template sets",
    "CONSOLIDATOR_LOG_LEVEL": "alias of MEMORY_LOG_LEVEL, which the template sets",
    "CONSOLIDATOR_BUS": "alias of MEMORY_BUS, which the template sets",
}
for _name in ("MAX_ATTEMPTS", "RELAY_BATCH_SIZE", "RELAY_IDLE_SLEEP_S", "RECEIVE_BATCH", "APPLY_BATCH", "PROMOTION_SIMILARITY",
              "PROMOTION_MIN_MENTIONS", "PROMOTION_MIN_SESSIONS", "SUPERSESSION_HYSTERESIS", "SUMMARY_STALE_DAYS",
              "SUMMARY_COMPACTION_INTERVAL_S", "RETENTION_INTERVAL_S", "SWEEPER_INTERVAL_S", "OUTBOX_KEEP_DAYS",
              "PROCESSED_KEEP_DAYS", "REEMBED_INTERVAL_S", "MERGE_PROPOSAL_INTERVAL_S", "REEMBED_BATCH",
              "REEMBED_BUDGET_S", "OWNER_INDEX_MIN_ROWS", "OWNER_INDEX_MAX_BUILDS", "OWNER_INDEX_INTERVAL_S"):
    CONSOLIDATOR_NOT_IN_TEMPLATE[f"CONSOLIDATOR_{_name}"] = TUNING
NOT_IN_TEMPLATE["consolidator"] = dict(CONSOLIDATOR_NOT_IN_TEMPLATE)
NOT_IN_TEMPLATE["worker"] = dict(CONSOLIDATOR_NOT_IN_TEMPLATE,
                                 CONSOLIDATOR_RUN_RELAY="read by consolidator.runtime only; the worker's jobs do not "
                                 "start it", CONSOLIDATOR_CONSUMERS="read by consolidator.runtime only; the worker "
                                 "runs no consumer")
NOT_IN_TEMPLATE["consolidator"]["CONSOLIDATOR_OWNER_INDEXES"] = "read by the worker's hourly job only"


# ------------------------------------------------------------------ what the code reads

def _setting_names(cls) -> list[frozenset[str]]:
    """One group of alternative environment names per field of a pydantic-settings class."""
    from pydantic import AliasChoices

    prefix = (cls.model_config.get("env_prefix") or "").upper()
    groups = []
    for name, field in cls.model_fields.items():
        alias = field.validation_alias
        if isinstance(alias, AliasChoices):
            names = [c for c in alias.choices if isinstance(c, str)]
        elif isinstance(alias, str):
            names = [alias]
        else:
            names = [f"{prefix}{name}"]
        groups.append(frozenset(n.upper() for n in names))
    return groups


def _module_file(module: str) -> Path | None:
    parts = module.split(".")
    for root in SOURCE_ROOTS:
        for candidate in (root.joinpath(*parts).with_suffix(".py"), root.joinpath(*parts, "__init__.py")):
            if candidate.is_file():
                return candidate
    return None


@lru_cache(maxsize=None)
def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def _imports(module: str, tree: ast.Module, is_package: bool) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            out.add(target)
            out.update(f"{target}.{a.name}" for a in node.names)  # `from pkg import submodule`
    return out


def _constants(tree: ast.Module) -> dict[str, str]:
    return {t.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
            for t in node.targets if isinstance(t, ast.Name)}


def _is_environ(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "environ" and isinstance(node.value, ast.Name) \
        and node.value.id == "os"


def _env_reads(tree: ast.Module, constants: dict[str, str]) -> set[str]:
    def name_of(arg: ast.AST) -> str | None:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            return arg.value
        if isinstance(arg, ast.Name):
            return constants.get(arg.id)
        return None

    found: set[str] = set()
    for node in ast.walk(tree):
        key = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            f = node.func
            if (f.attr in ("get", "setdefault", "pop") and _is_environ(f.value)) or \
                    (f.attr == "getenv" and isinstance(f.value, ast.Name) and f.value.id == "os"):
                key = name_of(node.args[0])
        elif isinstance(node, ast.Subscript) and _is_environ(node.value) and isinstance(node.ctx, ast.Load):
            key = name_of(node.slice)
        elif isinstance(node, ast.Compare) and any(_is_environ(c) for c in node.comparators):
            key = name_of(node.left)
        if key:
            found.add(key)
    return found


def _settings_classes(tree: ast.Module) -> list[str]:
    """Names of the module's classes that derive from pydantic-settings' BaseSettings directly."""
    return [node.name for node in tree.body if isinstance(node, ast.ClassDef) and any(
        (isinstance(b, ast.Name) and b.id == "BaseSettings") or (isinstance(b, ast.Attribute) and b.attr == "BaseSettings")
        for b in node.bases)]


def settings_classes_of(entry_modules: tuple[str, ...]) -> list[type]:
    """Every pydantic-settings class defined in the repository modules reachable by import (a
    component's own settings, like the Azure OpenAI embedder's, besides the service's)."""
    return [getattr(importlib.import_module(module), name)
            for module, tree in _reachable(entry_modules).items() for name in _settings_classes(tree)]


def _reachable(entry_modules: tuple[str, ...]) -> dict[str, ast.Module]:
    """The repository modules reachable by import from the entry modules, parsed."""
    seen: set[str] = set()
    todo = list(entry_modules)
    modules: dict[str, ast.Module] = {}
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        path = _module_file(module)
        if path is None:
            continue
        tree = _parse(path)
        modules[module] = tree
        todo.extend(_imports(module, tree, path.name == "__init__.py"))
        parent = module.rpartition(".")[0]
        if parent:
            todo.append(parent)
    return modules


def env_reads_of(entry_modules: tuple[str, ...]) -> dict[str, set[str]]:
    """{environment variable: modules that read it} over the repository modules reachable by import."""
    modules = _reachable(entry_modules)
    reads: dict[str, set[str]] = {}
    all_constants: dict[str, str] = {}
    for tree in modules.values():
        all_constants.update(_constants(tree))  # constants imported by name (MODEL_DIR_ENV)
    for module, tree in modules.items():
        for var in _env_reads(tree, {**all_constants, **_constants(tree)}):
            reads.setdefault(var, set()).add(module)
    return reads


def settings_read_by(service: Service) -> list[frozenset[str]]:
    groups: list[frozenset[str]] = []
    if service.settings_class:
        module, cls = service.settings_class.split(":")
        groups += _setting_names(getattr(importlib.import_module(module), cls))
    for component in settings_classes_of(service.entry_modules):
        groups += _setting_names(component)
    groups += [frozenset([var]) for var in env_reads_of(service.entry_modules)]
    return groups


# ------------------------------------------------------------------ what the template provides

def _balanced(text: str, start: int) -> str:
    """The bracketed expression opening at text[start] ('[', '(' or '{')."""
    pairs = {"[": "]", "(": ")", "{": "}"}
    stack, i, in_str = [], start, False
    while i < len(text):
        ch = text[i]
        if in_str:
            if text.startswith("'''", i):
                pass
            if ch == "'":
                in_str = False
        elif ch == "'":
            if text.startswith("'''", i):
                i = text.index("'''", i + 3) + 3
                continue
            in_str = True
        elif ch in pairs:
            stack.append(pairs[ch])
        elif ch in ")]}":
            assert stack and stack.pop() == ch, f"unbalanced {ch!r} at {i}"
            if not stack:
                return text[start:i + 1]
        i += 1
    raise AssertionError("unterminated bracket")


def _strip_comments(text: str) -> str:
    return re.sub(r"(?m)^\s*//.*$|(?<=[\s,\]\)\}])//[^\n']*$", "", text)


@lru_cache(maxsize=1)
def bicep() -> str:
    return _strip_comments(BICEP.read_text())


def _vars(text: str) -> dict[str, str]:
    out = {}
    for m in re.finditer(r"(?m)^var (\w+) = ", text):
        j = m.end()
        if text[j] in "[({":
            out[m.group(1)] = _balanced(text, j)
        elif text.startswith("concat(", j) or re.match(r"\w+ \?", text[j:]):
            k = text.index("(", j) if text.startswith("concat(", j) else j
            out[m.group(1)] = _balanced(text, k) if text.startswith("concat(", j) else text[j:text.index("\n\n", j)]
        else:
            out[m.group(1)] = text[j:text.index("\n", j)]
    return out


def _names_in(expr: str, variables: dict[str, str], depth: int = 0) -> set[str]:
    names = set(re.findall(r"\bname: '([A-Z][A-Z0-9_]*)'", expr))
    if depth < 5:
        for ident in set(re.findall(r"\b([a-z]\w*)\b", expr)) & set(variables):
            names |= _names_in(variables[ident], variables, depth + 1)
    return names


def _resource_block(text: str, symbol: str) -> str:
    m = re.search(rf"(?m)^resource {symbol} '[^']+' = (?:if \([^)]*\) |\[for [^:]+: )?\{{", text)
    assert m, f"resource {symbol} not in main.bicep"
    return _balanced(text, m.end() - 1)


def container_env(symbol: str) -> set[str]:
    text = bicep()
    block = _resource_block(text, symbol)
    m = re.search(r"\benv: ", block)
    assert m, f"{symbol} has no env"
    j = m.end()
    expr = _balanced(block, j) if block[j] == "[" else block[j:j + block[j:].index("(")] + \
        _balanced(block, j + block[j:].index("("))
    return _names_in(expr, _vars(text))


def dockerfile_env() -> set[str]:
    runtime = DOCKERFILE.read_text().split(" AS runtime", 1)[1]
    names = set()
    for m in re.finditer(r"(?ms)^ENV (.*?)(?<!\\)\n", runtime):
        names |= set(re.findall(r"([A-Z][A-Z0-9_]*)=", m.group(1)))
    return names


# ------------------------------------------------------------------ the checks

@pytest.mark.parametrize("service", SERVICES, ids=lambda s: s.name)
def test_every_setting_is_provided_or_explained(service: Service):
    provided = dockerfile_env()
    for symbol in service.containers:
        provided |= container_env(symbol)
    allowed = {**NOT_IN_TEMPLATE["*"], **NOT_IN_TEMPLATE[service.name]}
    missing = sorted(" / ".join(sorted(group)) for group in set(settings_read_by(service))
                     if not group & provided and not group & set(allowed))
    assert not missing, (f"{service.name} reads settings that infra/bicep/main.bicep does not give it: {missing}; "
                         "add them to its env there, or to NOT_IN_TEMPLATE with the reason")


@pytest.mark.parametrize("service", SERVICES, ids=lambda s: s.name)
def test_the_exceptions_are_read_and_not_provided(service: Service):
    read = set().union(*settings_read_by(service))
    provided = set()
    for symbol in service.containers:
        provided |= container_env(symbol)
    own = NOT_IN_TEMPLATE[service.name]
    assert not sorted(set(own) - read), f"{service.name}: NOT_IN_TEMPLATE lists settings it no longer reads"
    assert all(reason for reason in own.values())
    contradicted = sorted(name for name in {**NOT_IN_TEMPLATE["*"], **own} if name in provided)
    assert not contradicted, f"{service.name}: listed as not in the template but the template sets {contradicted}"


def test_the_shared_exceptions_are_read_by_some_service():
    read = set().union(*(set().union(*settings_read_by(s)) for s in SERVICES))
    assert not sorted(set(NOT_IN_TEMPLATE["*"]) - read)


def test_the_derivation_sees_what_it_must():
    """Guards the derivation itself: known reads of each kind are found."""
    api = set().union(*settings_read_by(SERVICES[0]))
    assert {"MEMORY_ADMIN_TOKEN", "MEMORY_KEYVAULT_URL", "REDIS_URL", "MEMORY_PG_ENTRA_AUTH"} <= api  # class fields
    assert {"EVENTHUB_FULLY_QUALIFIED_NAMESPACE", "EVENTHUB_NAME"} <= api  # os.environ in forgetting.py
    assert {"AZURE_OPENAI_ENDPOINT", "AZURE_OPENAI_EMBEDDING_DIM"} <= api  # the embedder's settings class (lazy import)
    assert "MEMORY_MODEL_DIR" in api  # os.environ.get(MODEL_DIR_ENV): a constant
    assert "DATABASE_URL" in set().union(*settings_read_by(SERVICES[-1]))  # migrations/env.py
    assert {"MEMORY_APP_DATABASE_URL", "MEMORY_PG_ENTRA_AUTH", "MEMORY_BLOB_ACCOUNT_URL"} <= container_env("apiApp")
    assert "MEMORY_RELAY_AZURE_CLIENT_ID" in container_env("workerApp")


def test_the_model_extractors_consumer_group_exists():
    """memory-api's model extractor reads the change stream through a group of its own
    (memory_api.model_extraction.GROUP); the receive-only identity cannot create it."""
    from memory_api.model_extraction import GROUP

    text = bicep()
    groups = [_balanced(text, m.end() - 1) for m in re.finditer(
        r"(?m)^resource \w+ 'Microsoft\.EventHub/namespaces/eventhubs/consumergroups@[^']+' = \{", text)]
    names = {_vars(text).get(n.strip(), "").strip("'") for b in groups for n in re.findall(r"\bname: (\w+)", b)}
    names |= {n for b in groups for n in re.findall(r"\bname: '([^'$]+)'", b)}
    assert GROUP in names, f"no consumer group {GROUP!r} in infra/bicep/main.bicep"
    assert all("parent: changeHub" in b for b in groups)


def test_every_consumer_group_the_consolidator_reads_exists():
    """The consolidator reads each consumer's events through '<group>.<consumer>' (runtime.py); with
    a receive-only role it cannot create groups, so the template must."""
    from consolidator.settings import ConsolidatorSettings

    defaults = ConsolidatorSettings.model_construct()
    text = bicep()
    consumers = re.findall(r"'(\w+)'", _vars(text)["consolidatorConsumers"])
    assert consumers == defaults.consumer_list, (
        "CONSOLIDATOR_CONSUMERS' default changed: make consolidatorConsumers in infra/bicep/main.bicep the same list "
        "(each consumer needs its Event Hubs consumer group)")
    assert re.search(r"var consumerGroupName = '(\w+)'", text).group(1) == defaults.consumer_group
    block = _resource_block(text, "consumerGroups")
    assert "for consumer in consolidatorConsumers" in text[text.index("resource consumerGroups"):][:200]
    assert "name: '${consumerGroupName}.${consumer}'" in block
    assert "join(consolidatorConsumers, ',')" in _resource_block(text, "consolidatorApp")


# ------------------------------------------------------------------ no secrets, least privilege

def test_no_secret_connection_strings():
    text = bicep()
    env_everywhere = set().union(*(container_env(s) for svc in SERVICES for s in svc.containers))
    assert not {n for n in env_everywhere if "CONNECTION_STRING" in n or n.endswith("_PASSWORD")}
    assert not re.search(r"(?i)param \w*password", text)
    assert "AccountKey=" not in text and "SharedAccessKey" not in text
    assert not re.search(r"(storage|changeHub\w*|eventHubs|redis)\.listKeys\(", text)
    assert re.findall(r"secretRef: '([^']+)'", text) == ["admin-token"]  # the one secret: the admin token
    assert "disableLocalAuth: true" in _resource_block(text, "eventHubs")
    assert "allowSharedKeyAccess: false" in _resource_block(text, "storage")
    pg = _resource_block(text, "postgres")
    assert "passwordAuth: 'Disabled'" in pg and "activeDirectoryAuth: 'Enabled'" in pg
    assert "administratorLoginPassword" not in pg
    # the Postgres URLs carry no password: user@host only
    for url in re.findall(r"postgresql://[^'\s]+", text):
        assert ":" not in url.split("://", 1)[1].split("@", 1)[0], url


def _role_assignments(text: str) -> dict[str, tuple[str, str, str]]:
    """{symbol: (role key, scope, principal)} of every roleAssignments resource."""
    out = {}
    for m in re.finditer(r"(?m)^resource (\w+) 'Microsoft.Authorization/roleAssignments@[^']+' = (?:if \([^)]*\) )?\{",
                         text):
        block = _balanced(text, m.end() - 1)
        role = re.search(r"roleDefinitions', roles\.(\w+)\)", block).group(1)
        scope = re.search(r"scope: (\w+)", block).group(1)
        principal = re.search(r"principalId: (\w+)\.properties\.principalId", block).group(1)
        out[m.group(1)] = (role, scope, principal)
    return out


def test_least_privilege_role_assignments():
    grants = set(_role_assignments(bicep()).values())
    assert grants == {
        ("keyVaultCryptoUser", "kek", "identity"),  # the one key, not the vault
        ("keyVaultSecretsUser", "secretAdminToken", "identity"),
        ("storageBlobDataContributor", "blobContainer", "identity"),  # containers, not the account
        ("storageBlobDataContributor", "checkpointContainer", "identity"),
        ("storageBlobDataContributor", "deadletterContainer", "identity"),
        ("storageBlobDelegator", "storage", "identity"),  # user delegation key only: export links
        ("eventHubsDataSender", "changeHub", "identity"),  # the hub, not the namespace
        ("eventHubsDataReceiver", "changeHub", "identity"),
        ("cognitiveServicesOpenAIUser", "openAi", "identity"),
    }, grants
    text = bicep()
    admin = _resource_block(text, "pgEntraAdmin")
    assert "migrateIdentity.properties.principalId" in text and "principalType: 'ServicePrincipal'" in admin
    redis = _resource_block(text, "redis")
    assert "disableAccessKeyAuthentication: true" in redis and "'aad-enabled': 'true'" in redis
    access = _resource_block(text, "redisAccess")
    assert "accessPolicyName: 'Data Contributor'" in access and "objectId: identity.properties.principalId" in access
    # the services' and the relay's identities are mapped to their Postgres roles by the migrate job
    assert "type=service" in text and "memory_app" in text and "memory_relay" in text


def test_template_is_well_formed_text():
    text = BICEP.read_text()
    for m in re.finditer(r"(?m)^(resource|var|output|param) ", text):
        line = text[m.start():text.index("\n", m.start())]
        if line.rstrip().endswith(("{", "[", "(")):
            _balanced(text, m.start() + len(line.rstrip()) - 1)
    # the migrate job's script: valid sh, and its Python compiles
    script = text.split("var migrateScript = '''", 1)[1].split("'''", 1)[0]
    subprocess.run(["sh", "-n"], input=script, text=True, check=True)
    compile(script.split("<<PY\n", 1)[1].split("\nPY\n", 1)[0], "migrateScript", "exec")
    assert "PGOPTIONS=\"-c role=memory_owner\" alembic upgrade head" in script
    secrets = set(re.findall(r"(?m)^\s+name: '([a-z][a-z0-9-]*)'\n\s+keyVaultUrl:", text))
    refs = set(re.findall(r"secretRef: '([^']+)'", text))
    assert refs <= secrets, f"secretRef without a secret: {refs - secrets}"


if __name__ == "__main__":  # print what each service reads and what the template gives it
    for svc in SERVICES:
        prov = dockerfile_env().union(*(container_env(s) for s in svc.containers))
        for group in sorted(set(settings_read_by(svc)), key=sorted):
            print(svc.name, "/".join(sorted(group)), "provided" if group & prov else "-", file=sys.stdout)
