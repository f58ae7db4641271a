"""memory-api: the FastAPI application (write path, read path, admin API)."""
from __future__ import annotations

import gc
import logging
import os
import sys
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI

from memcore.adapters.blob_store import BlobStore
from memcore.adapters.postgres import Database, password_for
from memcore.adapters.redis_auth import async_client as redis_client
from memcore.crypto import EnvelopeCipher, LocalKeyFile, MissingKeyFile
from memcore.embedding import make_embedder
from memcore.knowledge.azure_extractor import ModelExtractorSettings, build_model_extractor
from memcore.policy.client import AllowAllPolicy, HttpPolicyClient
from memcore.policy.read_cache import CachedReadChecks
from memcore.settings import Settings

from .admission import AdmissionMiddleware
from .settings import ApiSettings
from .deps import Resources, reject_nul
from .errors import install_error_handlers
from memcore.telemetry.context import request_id_var
from memcore.telemetry.logs import access_line, configure_logging
from memcore.telemetry.middleware import TELEMETRY
from memcore.telemetry.request_ids import RequestIdMiddleware

from memcore import offline_docs

from . import metrics as api_metrics
from . import document_originals, model_extraction
from .store import key_repo
from .rate_limit import RESPONSES as RATE_LIMIT_RESPONSES, limits_from, rate_limit
from .routers import consent, dead_letters, feedback, invitations
from .routers import (admin, conversations, disclosures, documents, entities, health, household, memory,
                      merge_proposals, portal, read, review, sessions, tokens, users)
from .routers import sync as edge_sync


# Embeddings run in worker threads beside the event loop (ONNX Runtime releases the GIL while it
# computes). With the default 5 ms switch interval a worker waits up to 5 ms for the GIL before
# and after that computation, which was measured to make a 3 ms query embedding take 9-10 ms in
# contextify; 1 ms lets the two threads really overlap.
sys.setswitchinterval(0.001)
GC_GEN0_THRESHOLD = 20_000  # Python's default is 700 allocations


class ConfigurationError(RuntimeError):
    """A setting the service cannot run safely without is missing: it refuses to start."""


def check_configuration(settings: ApiSettings) -> None:
    """Fail closed (issue 36): a forgotten MEMORY_POLICY_URL must not turn the write gate into allow-all."""
    if not (settings.policy_url or "").strip() and not settings.policy_allow_all:
        raise ConfigurationError(
            "MEMORY_POLICY_URL is not set: memory-api will not start without the policy service, which "
            "checks every write for personal data (set MEMORY_POLICY_URL to its base URL, e.g. "
            "http://policy:8081; MEMORY_POLICY_ALLOW_ALL=1 exists for benchmarks only)")


def build_cipher(settings: ApiSettings) -> EnvelopeCipher:
    if settings.keyvault_url:
        from memcore.crypto.keyvault_keys import KeyVaultKeys

        return EnvelopeCipher(KeyVaultKeys(settings.keyvault_url, settings.keyvault_key))
    return EnvelopeCipher(LocalKeyFile(settings.encryption_key_file))


async def open_cipher(settings: ApiSettings, db: Database) -> EnvelopeCipher:
    """Fail closed on the key (issue 36): with no Key Vault, a missing local key file is created only
    while the database holds nothing sealed (a new deployment). Once envelopes exist, a new key could
    open none of them: the service refuses to start and names the setting (docs/operations.md, "Keys")."""
    if settings.keyvault_url:
        return build_cipher(settings)
    try:
        return EnvelopeCipher(LocalKeyFile(settings.encryption_key_file, create=False))
    except MissingKeyFile:
        if await key_repo.holds_sealed_envelopes(db, document_originals.SEALED_SUFFIX):
            raise ConfigurationError(
                f"MEMORY_ENCRYPTION_KEY_FILE: no key file at {settings.encryption_key_file!r}, and the database "
                "holds originals sealed under a key: restore the key file (or set MEMORY_KEYVAULT_URL to the "
                "Key Vault that holds the key); memory-api will not make a new key that opens none of them") from None
        return build_cipher(settings)


def build_embedder(settings: Settings):
    """MEMORY_EMBEDDER: local (float32 MiniLM), local-int8 (int8 weights) or azure."""
    if settings.embedder == "azure":
        return make_embedder("azure")
    from pathlib import Path

    from memcore.embedding.model_files import ONNX_FILENAME
    from memcore.embedding.quantize import INT8_FILENAME

    if settings.embedder == "local-int8":
        return make_embedder("local-int8", model_path=Path(settings.model_dir) / INT8_FILENAME)
    if settings.embedder == "local":
        return make_embedder("local", model_path=Path(settings.model_dir) / ONNX_FILENAME)
    raise ValueError(f"MEMORY_EMBEDDER must be local, local-int8 or azure, not {settings.embedder!r}")


def build_query_embedder(settings: Settings, embedder):
    """MEMORY_QUERY_EMBEDDER: what embeds a question on the read path. `index`: the index's own
    embedder. `local-int8`: with the float local model only, its int8 weights, whose vectors are in
    the float model's space (cosine 0.99), so they search the float index; a question takes about
    half the time (docs/benchmarks.md, "Questions embedded with the int8 weights"). `auto` (the
    default): `local-int8` when the index is the float local model, else `index` (the fourteenth
    session measured the same recall with it: LoCoMo R@10 0.8199 against 0.8177, the assistant
    chats 0.8838 against 0.8851, and retrieve p50 17.1 against 21.3-22.3 ms)."""
    return _index_or_int8(settings.query_embedder, "MEMORY_QUERY_EMBEDDER", "questions", settings, embedder)


def build_batch_embedder(settings: Settings, embedder, query_embedder=None):
    """MEMORY_BATCH_EMBEDDER: what embeds the memories of a batch write (POST /v1/memory/candidates,
    a document's chunks). Same values as MEMORY_QUERY_EMBEDDER. With the int8 weights the rows carry
    the int8 model's name; their vectors share the float model's space (memcore.embedding.spaces),
    so searches find them, near-duplicate decisions close to the line are taken again with the float
    model (memcore.retrieval.near_duplicate), and the consolidator's re-embedding brings them to the
    index model later. The int8 session of the questions is reused when there is one (not loaded twice)."""
    from memcore.embedding.model_files import INT8_MODEL_NAME

    loaded = query_embedder if getattr(query_embedder, "model_name", None) == INT8_MODEL_NAME else None
    return _index_or_int8(settings.batch_embedder, "MEMORY_BATCH_EMBEDDER", "batch writes", settings, embedder,
                          loaded_int8=loaded)


def _index_or_int8(mode: str, name: str, what: str, settings: Settings, embedder, loaded_int8=None):
    """The index embedder or its int8 weights (`loaded_int8` when they are loaded already)."""
    from memcore.embedding.model_files import MODEL_NAME

    if mode not in ("auto", "index", "local-int8"):
        raise ValueError(f"{name} must be auto, index or local-int8, not {mode!r}")
    float_index = getattr(embedder, "model_name", None) == MODEL_NAME
    if mode == "index" or (mode == "auto" and not float_index):
        return embedder
    if not float_index:
        raise ValueError(f"{name}=local-int8 needs MEMORY_EMBEDDER=local (it stands in "
                         f"for the float model; the index model here is {getattr(embedder, 'model_name', None)!r})")
    if loaded_int8 is not None:
        return loaded_int8
    try:
        return build_embedder(settings.model_copy(update={"embedder": "local-int8"}))
    except OSError as exc:
        if mode != "auto":
            raise
        # no int8 file and a read-only model folder (an image built before it): the float model serves
        logging.getLogger("memory_api").warning("int8 model unavailable (%s); %s use the index model", exc, what)
        return embedder


def load_models(embedder, *others) -> dict[str, bool]:
    """Load and run once every model a turn or a contextify uses, before the service listens (uvicorn
    serves no request, /readyz included, until the lifespan has started): the embedder and the spaCy
    pipelines of extraction and of the knowledge layer's parser. Loaded lazily they made the first turn after /readyz take 4-9 s (issue 14)."""
    from memcore.extraction import warm_up
    from memcore.knowledge import parse

    for model in {id(m): m for m in (embedder, *others) if m is not None}.values():
        model.embed_one("warm up")
    # spacy False: the model is missing, the rules still extract
    return {"embedder": True, "spacy": warm_up() and parse.warm_up()}


@asynccontextmanager
async def lifespan(app: FastAPI):
    settings: ApiSettings = app.state.settings
    db = await Database(settings.app_dsn, settings.db_pool_min, settings.db_pool_max,
                        password=password_for(settings)).connect()
    try:
        cipher = await open_cipher(settings, db)
    except ConfigurationError:
        await db.close()
        raise
    redis = redis_client(settings.redis_url, settings)  # Entra ID in Azure (MEMORY_REDIS_ENTRA_AUTH)
    embedder = app.state.embedder or build_embedder(settings)
    query_embedder = build_query_embedder(settings, embedder)
    batch_embedder = build_batch_embedder(settings, embedder, query_embedder)
    app.state.models = load_models(embedder, query_embedder, batch_embedder)
    # Long-lived objects loaded at start (models, tokenizers, spaCy) leave the collector's view, and
    # young-generation collections run less often: fewer pauses in the middle of a request.
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_GEN0_THRESHOLD, 20, 20)
    if settings.policy_allow_all and not settings.policy_url:
        logging.getLogger("memory_api").warning("MEMORY_POLICY_ALLOW_ALL: no policy service, every write is allowed")
        policy = AllowAllPolicy()
    else:
        policy = CachedReadChecks(HttpPolicyClient(settings.policy_url, timeout=settings.policy_timeout_s),
                                  ttl_s=settings.read_check_cache_s)
    blob = BlobStore.from_settings(settings)  # documents' originals and exports; None: no blob storage
    if blob is not None:
        await blob.start()
    app.state.resources = Resources(settings=settings, db=db, redis=redis, embedder=embedder,
                                    query_embedder=query_embedder, batch_embedder=batch_embedder, policy=policy,
                                    token_cache=api_metrics.CountingTokenCache(), cipher=cipher,
                                    blob=blob)
    # the optional model extractor (AZURE_OPENAI_EXTRACTOR_DEPLOYMENT), reading the change stream
    extractor_settings = ModelExtractorSettings()
    extraction = model_extraction.start(app.state.resources,
                                        app.state.model_extractor or build_model_extractor(extractor_settings),
                                        extractor_settings.timeout_s)
    try:
        yield
    finally:
        await model_extraction.stop(extraction)
        if hasattr(policy, "aclose"):
            await policy.aclose()
        if blob is not None:
            await blob.close()
        await redis.aclose()
        await db.close()


def create_app(settings: ApiSettings | None = None, embedder=None, model_extractor=None) -> FastAPI:
    """`model_extractor`: a FactExtractor to run off the hot path (default: Azure OpenAI when configured)."""
    settings = settings or ApiSettings()
    check_configuration(settings)
    configure_logging("memory-api", settings.log_level)
    app = FastAPI(
        dependencies=[Depends(reject_nul), Depends(rate_limit)],
        responses=RATE_LIMIT_RESPONSES,
        title="memory-api",
        version="0.1.0",
        description="Memory for LLM assistants: write path, hybrid BM25 + vector retrieval, contextify, admin.",
        lifespan=lifespan,
        telemetry=TELEMETRY,  # server spans of FastAPI's OpenTelemetry support (memcore.telemetry)
        docs_url=None,
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.embedder = embedder
    app.state.model_extractor = model_extractor
    app.state.rate_limits = limits_from(settings)
    offline_docs.install(app)
    app.add_middleware(AdmissionMiddleware, limit=2 * settings.db_pool_max if settings.max_inflight is None
                       else settings.max_inflight, wait_s=settings.admission_wait_s)
    app.add_middleware(RequestIdMiddleware, var=request_id_var, log=access_line)
    api_metrics.install(app)  # outermost: the latency of everything below
    install_error_handlers(app)
    app.include_router(feedback.router)  # before memory's: /v1/memory/feedback is no /v1/memory/{memory_id}
    app.include_router(invitations.router)
    for r in (health, admin, dead_letters, tokens, memory, read, conversations, documents, merge_proposals, entities,
              sessions, users, review, household, consent, disclosures, portal):
        app.include_router(r.router)
    app.include_router(edge_sync.router)  # edge devices (issue 15)
    portal.mount_assets(app)
    return app


app = create_app() if os.environ.get("MEMORY_API_NO_AUTOAPP") != "1" else None
