"""Consolidator settings (pydantic-settings); every variable is listed in services/consolidator/README.md."""
from __future__ import annotations

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from memcore.retrieval.owner_vector_index import DEFAULT_MAX_BUILDS, DEFAULT_MIN_ROWS
from memcore.settings import database_roles

DEFAULT_DB = "postgresql://memory_owner@127.0.0.1:5433/memory"


class ConsolidatorSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CONSOLIDATOR_", extra="ignore")

    database_url: str = Field(DEFAULT_DB, validation_alias=AliasChoices("DATABASE_URL", "MEMORY_DATABASE_URL"))
    app_database_url: str | None = Field(None, validation_alias=AliasChoices("MEMORY_APP_DATABASE_URL"))
    relay_database_url: str | None = Field(None, validation_alias=AliasChoices("MEMORY_RELAY_DATABASE_URL"))
    redis_url: str = Field("redis://127.0.0.1:6380/0", validation_alias=AliasChoices("REDIS_URL", "MEMORY_REDIS_URL"))
    # Azure: Entra tokens as Postgres passwords; the relay may log in as its own identity's role
    pg_entra_auth: bool = Field(False, validation_alias=AliasChoices("MEMORY_PG_ENTRA_AUTH"))
    relay_azure_client_id: str | None = Field(None, validation_alias=AliasChoices("MEMORY_RELAY_AZURE_CLIENT_ID"))
    redis_entra_auth: bool = Field(False, validation_alias=AliasChoices("MEMORY_REDIS_ENTRA_AUTH"))  # Celery broker

    bus: str = Field("redis", validation_alias=AliasChoices("MEMORY_BUS", "CONSOLIDATOR_BUS"))
    stream_prefix: str = "memory:changes"
    stream_partitions: int = 4
    claim_idle_s: float = 30.0
    max_attempts: int = 5
    eventhub_connection_string: str | None = Field(None, validation_alias=AliasChoices("EVENTHUB_CONNECTION_STRING"))
    eventhub_name: str = Field("memory-changes", validation_alias=AliasChoices("EVENTHUB_NAME"))
    eventhub_fully_qualified_namespace: str | None = Field(
        None, validation_alias=AliasChoices("EVENTHUB_FULLY_QUALIFIED_NAMESPACE"))  # managed identity
    blob_connection_string: str | None = Field(None, validation_alias=AliasChoices("MEMORY_BLOB_CONNECTION_STRING"))
    blob_account_url: str | None = Field(None, validation_alias=AliasChoices("MEMORY_BLOB_ACCOUNT_URL"))
    checkpoint_container: str = "eventhub-checkpoints"

    run_relay: bool = True
    relay_batch_size: int = 200
    relay_idle_sleep_s: float = 0.05
    consumers: str = "promotion,supersession,session_summary,derived"
    consumer_group: str = "consolidator"
    consumer_name: str | None = None
    receive_batch: int = 100
    apply_batch: int = 50  # deliveries applied in one transaction (consumer.py); 1: one transaction per event

    embedder: str = Field("local", validation_alias=AliasChoices("CONSOLIDATOR_EMBEDDER", "MEMORY_EMBEDDER"))
    promotion_similarity: float = 0.47
    promotion_min_mentions: int = 3
    promotion_min_sessions: int = 2
    supersession_hysteresis: float = 0.1
    summary_stale_days: int = 30
    summary_compaction_interval_s: float = 3600.0
    retention_interval_s: float = 600.0
    sweeper_interval_s: float = 300.0
    outbox_keep_days: int = 7
    processed_keep_days: int = 14
    reembed_interval_s: float = 3600.0
    merge_proposal_interval_s: float = 21600.0  # people known twice are proposed for a merge (never merged)
    reembed_batch: int = 256
    reembed_budget_s: float = 120.0  # the longest one re-embedding run works (batch after batch)
    # the hourly job giving large owners a vector index of their own (memcore.retrieval.owner_vector_index):
    # DDL, so it needs the schema owner's DATABASE_URL; off in the Azure template (only the migrate job is the owner)
    owner_indexes: bool = True
    owner_index_min_rows: int = DEFAULT_MIN_ROWS
    owner_index_max_builds: int = DEFAULT_MAX_BUILDS  # indexes built per run, largest owners first
    owner_index_interval_s: float = 3600.0
    log_level: str = Field("INFO", validation_alias=AliasChoices("MEMORY_LOG_LEVEL", "CONSOLIDATOR_LOG_LEVEL"))

    app_dsn = property(lambda self: database_roles(self)[0])
    relay_dsn = property(lambda self: database_roles(self)[1])

    @property
    def consumer_list(self) -> list[str]:
        return [c.strip() for c in self.consumers.split(",") if c.strip()]


def make_bus_from(settings: ConsolidatorSettings):
    from memcore.adapters.bus import make_bus

    if settings.bus.strip().lower() == "redis":
        return make_bus("redis", redis_url=settings.redis_url, prefix=settings.stream_prefix,
                        partitions=settings.stream_partitions, claim_idle_s=settings.claim_idle_s,
                        max_attempts=settings.max_attempts)
    return make_bus(settings.bus, eventhub_connection_string=settings.eventhub_connection_string,
                    eventhub_fully_qualified_namespace=settings.eventhub_fully_qualified_namespace,
                    eventhub_name=settings.eventhub_name, blob_connection_string=settings.blob_connection_string,
                    blob_account_url=settings.blob_account_url,
                    checkpoint_container=settings.checkpoint_container, max_attempts=settings.max_attempts)
