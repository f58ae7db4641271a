"""Service settings, one environment variable per setting (documented in README.md).

| variable | default | meaning |
|---|---|---|
| DATABASE_URL | postgresql://memory_owner@127.0.0.1:5433/memory | schema owner's connection (migrations) |
| MEMORY_APP_DATABASE_URL | DATABASE_URL with user memory_app | what the services connect as (RLS applies) |
| MEMORY_RELAY_DATABASE_URL | DATABASE_URL with user memory_relay | the outbox relay's connection |
| REDIS_URL | redis://127.0.0.1:6380/0 | hot session memory, bus (Redis Streams), Celery broker |
| MEMORY_BLOB_CONNECTION_STRING | (unset) | Azurite (local) connection string |
| MEMORY_BLOB_ACCOUNT_URL | (unset) | Azure: https://<account>.blob.core.windows.net/, reached with the managed identity (wins over the connection string) |
| MEMORY_REDIS_ENTRA_AUTH | 0 | 1: Redis connections log in as the managed identity with Microsoft Entra tokens, renewed on open connections (Azure Cache for Redis) |
| MEMORY_PG_ENTRA_AUTH | 0 | 1: each new Postgres connection authenticates with a Microsoft Entra token of the managed identity (Azure), no password |
| MEMORY_BLOB_CONTAINER | memory | blob container for documents and exports |
| MEMORY_POLICY_URL | (unset) | policy service base URL; required: memory-api refuses to start without it |
| MEMORY_POLICY_ALLOW_ALL | 0 | benchmarks only: 1 runs memory-api with no policy service, every write allowed |
| MEMORY_POLICY_TIMEOUT_S | 0.5 | timeout of one policy call; past it writes fail closed (503) |
| MEMORY_EMBEDDER | local | `local` (ONNX MiniLM), `local-int8` (its int8-weight variant: faster on CPU, a different index model, re-embed to switch) or `azure` (Azure OpenAI) |
| MEMORY_QUERY_EMBEDDER | auto | what embeds a question on the read path: `index` (the embedder of MEMORY_EMBEDDER), `local-int8` (only with MEMORY_EMBEDDER=local: the same model's int8 weights, about half the time per question; its vectors are at cosine 0.99 to the float model's, so they search the float index) or `auto` (`local-int8` beside MEMORY_EMBEDDER=local, else `index`) |
| MEMORY_BATCH_EMBEDDER | auto | what embeds the memories of a batch write (candidates, a document's chunks): the same values as MEMORY_QUERY_EMBEDDER |
| MEMORY_MODEL_DIR | .data/models | where the exported ONNX model lives |
| MEMORY_BUS | redis | `redis` (Redis Streams) or `eventhubs` |
| CONSOLIDATOR_STREAM_PREFIX | memory:changes | Redis stream key prefix of the change stream (the consolidator's; memory-api purges a forgotten subject's events there) |
| EVENTHUB_CONNECTION_STRING / EVENTHUB_FULLY_QUALIFIED_NAMESPACE / EVENTHUB_NAME | unset / unset / memory-changes | the Event Hubs change stream (a test hub's connection string, or the namespace reached with the managed identity) |
| MEMORY_MAX_TEXT_CHARS | 8000 | longest accepted utterance / memory text |
| MEMORY_MAX_DOCUMENT_CHARS | 2000000 | longest accepted document |
| MEMORY_SESSION_TTL_S | 86400 | how long a session's hot memory lives in Redis |
| MEMORY_LOG_LEVEL | INFO | log level of the JSON logs |
| MEMORY_ENCRYPTION_KEY_FILE | .data/keys/local.keys | local key-encryption keys (Key Vault in Azure) |
| MEMORY_DB_POOL_MIN / MEMORY_DB_POOL_MAX | 2 / 10 | the services' Postgres connection pool |
"""
from __future__ import annotations

from functools import lru_cache
from urllib.parse import urlsplit, urlunsplit

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict


def with_user(url: str, user: str) -> str:
    """The same connection string with another user name (password dropped)."""
    parts = urlsplit(url)
    host = parts.hostname or "127.0.0.1"
    netloc = f"{user}@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MEMORY_", extra="ignore")

    database_url: str = Field(
        "postgresql://memory_owner@127.0.0.1:5433/memory",
        validation_alias=AliasChoices("DATABASE_URL", "MEMORY_DATABASE_URL"),
    )
    app_database_url: str | None = None
    relay_database_url: str | None = None
    redis_url: str = Field(
        "redis://127.0.0.1:6380/0", validation_alias=AliasChoices("REDIS_URL", "MEMORY_REDIS_URL")
    )
    blob_connection_string: str | None = None
    blob_account_url: str | None = None
    blob_container: str = "memory"
    pg_entra_auth: bool = False
    redis_entra_auth: bool = False
    policy_url: str | None = None
    policy_timeout_s: float = 0.5
    embedder: str = "local"
    query_embedder: str = "auto"
    batch_embedder: str = "auto"
    model_dir: str = ".data/models"
    bus: str = "redis"
    # where the change stream lives, shared with the consolidator (its README lists the same variables):
    # memory-api reaches it only to purge a forgotten subject's events
    stream_prefix: str = Field("memory:changes", validation_alias=AliasChoices("CONSOLIDATOR_STREAM_PREFIX",
                                                                                 "MEMORY_STREAM_PREFIX"))
    eventhub_connection_string: str | None = Field(None, validation_alias=AliasChoices("EVENTHUB_CONNECTION_STRING"))
    eventhub_name: str = Field("memory-changes", validation_alias=AliasChoices("EVENTHUB_NAME"))
    eventhub_fully_qualified_namespace: str | None = Field(
        None, validation_alias=AliasChoices("EVENTHUB_FULLY_QUALIFIED_NAMESPACE"))
    max_text_chars: int = 8000
    max_document_chars: int = 2_000_000
    session_ttl_s: int = 86400
    log_level: str = "INFO"
    encryption_key_file: str = ".data/keys/local.keys"
    db_pool_min: int = 2
    db_pool_max: int = 10

    app_dsn = property(lambda self: database_roles(self)[0])
    relay_dsn = property(lambda self: database_roles(self)[1])


def database_roles(settings) -> tuple[str, str]:
    """(services DSN, relay DSN): the explicit URLs, else DATABASE_URL with the role's user name.
    Shared by every service's settings class."""
    return (settings.app_database_url or with_user(settings.database_url, "memory_app"),
            settings.relay_database_url or with_user(settings.database_url, "memory_relay"))


@lru_cache
def get_settings() -> Settings:
    return Settings()
