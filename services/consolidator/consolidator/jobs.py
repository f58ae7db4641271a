"""Scheduled jobs on Celery beat (Redis broker):
`python -m celery -A consolidator.jobs:celery_app worker --beat`.

- consolidator.retention        items past expires_at are deleted (audit + tombstone, no content)
- consolidator.compact_summaries stale episodes fold into monthly summary memories
- consolidator.sweep_outbox      relays lingering unsent rows, prunes sent outbox / old dedupe rows
- consolidator.reembed           the re-embedding hook: rows with no embedding or another model's
- consolidator.propose_merges    people known twice (same full name, or first name and a shared facet)
                                 are proposed for a merge a person decides (memcore.entities.merge_candidates)
- consolidator.owner_indexes     large owners get a vector index of their own, and lose it when they
                                 shrink (memcore.retrieval.owner_vector_index; as the schema owner)
Each task is idempotent and safe to run concurrently with the consumers.
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import Awaitable, Callable, TypeVar

from celery import Celery

from memcore.adapters.postgres import Database, password_for
from memcore.adapters.redis_auth import celery_broker_url
from memcore.transient import Backoff, dependency_of, is_transient

from . import maintenance
from .settings import ConsolidatorSettings, make_bus_from

log = logging.getLogger("consolidator.jobs")
T = TypeVar("T")
settings = ConsolidatorSettings()

celery_app = Celery("consolidator", broker=celery_broker_url(settings))  # Entra ID in Azure
celery_app.conf.update(
    task_ignore_result=True,
    task_acks_late=True,
    worker_prefetch_multiplier=1,
    timezone="UTC",
    beat_schedule={
        "retention": {"task": "consolidator.retention", "schedule": settings.retention_interval_s},
        "compact-summaries": {"task": "consolidator.compact_summaries",
                              "schedule": settings.summary_compaction_interval_s},
        "sweep-outbox": {"task": "consolidator.sweep_outbox", "schedule": settings.sweeper_interval_s},
        "reembed": {"task": "consolidator.reembed", "schedule": settings.reembed_interval_s},
        "propose-merges": {"task": "consolidator.propose_merges", "schedule": settings.merge_proposal_interval_s},
        "owner-indexes": {"task": "consolidator.owner_indexes", "schedule": settings.owner_index_interval_s},
    },
)


async def _with_db(work, s: ConsolidatorSettings):
    db = await Database(s.app_dsn, min_size=1, max_size=2, password=password_for(s)).connect()
    try:
        return await work(db)
    finally:
        await db.close()


async def run_retention(s: ConsolidatorSettings = settings) -> int:
    return await _with_db(lambda db: maintenance.for_each_tenant(db, maintenance.expire), s)


async def run_compaction(s: ConsolidatorSettings = settings) -> int:
    from .summaries import compact_stale_episodes

    return await _with_db(lambda db: maintenance.for_each_tenant(
        db, lambda conn: compact_stale_episodes(conn, s.summary_stale_days)), s)


async def run_sweep(s: ConsolidatorSettings = settings) -> dict:
    from .relay import OutboxRelay

    relay_db = await Database(s.relay_dsn, min_size=1, max_size=1, password=password_for(s, relay=True)).connect()
    bus = make_bus_from(s)
    try:
        relay = OutboxRelay(relay_db.pool, bus, s.relay_batch_size)
        relayed = 0
        while (n := await relay.relay_once()) > 0:
            relayed += n
    finally:
        await bus.close()
        await relay_db.close()
    pruned = await _with_db(lambda db: maintenance.for_each_tenant(
        db, lambda conn: maintenance.sweep(conn, s.outbox_keep_days, s.processed_keep_days)), s)
    return {"relayed": relayed, "pruned": pruned}


async def run_reembed(s: ConsolidatorSettings = settings, embedder=None) -> int:
    if embedder is None:
        from .runtime import load_embedder

        embedder = load_embedder(s)
    if embedder is None:
        return 0

    async def work(db):
        done, deadline = 0, time.monotonic() + s.reembed_budget_s  # one budget for the whole run
        for tenant in await maintenance.tenants(db):
            done += await maintenance.reembed_tenant(db, tenant, embedder, s.reembed_batch, deadline)
        return done

    return await _with_db(work, s)


async def run_merge_proposals(s: ConsolidatorSettings = settings) -> int:
    from memcore.adapters.merge_proposals import propose_in_tenant

    return await _with_db(lambda db: maintenance.for_each_tenant(db, propose_in_tenant), s)


async def run_owner_indexes(s: ConsolidatorSettings = settings) -> dict:
    """DDL, so as the schema owner (DATABASE_URL), on one connection outside a transaction."""
    if not s.owner_indexes:
        return {"built": [], "dropped": [], "rebuilt_invalid": [], "busy": False}
    from memcore.adapters import owner_vector_indexes

    return await owner_vector_indexes.sync_at(s.database_url, password=password_for(s),
                                              min_rows=s.owner_index_min_rows, max_builds=s.owner_index_max_builds)


# A job that finds Postgres or Redis away is run again later (capped exponential backoff with jitter,
# for as long as the dependency stays away); a job failing on a healthy system fails as before.
JOB_RETRY_BASE_S = 5.0
JOB_RETRY_CAP_S = 300.0


def retry_delay(retries: int) -> float:
    """Seconds before a job's retry number `retries` + 1 (jittered, capped)."""
    backoff = Backoff(JOB_RETRY_BASE_S, JOB_RETRY_CAP_S)
    backoff.attempt = retries
    return backoff.next_delay()


def job(name: str):
    """A scheduled job: bound (it retries itself through run_job) and never out of retries."""
    return celery_app.task(name=name, bind=True, max_retries=None)


def run_job(task, work: Callable[[], Awaitable[T]]) -> T:
    """asyncio.run(work()) in a bound Celery task; a transient failure is a retry, never given up."""
    try:
        return asyncio.run(work())
    except Exception as exc:
        if not is_transient(exc):
            raise
        delay = retry_delay(task.request.retries)
        log.warning("job %s: %s unavailable (%s); retrying in %.0f s", task.name, dependency_of(exc) or "a dependency",
                    type(exc).__name__, delay)
        raise task.retry(exc=exc, countdown=delay) from exc  # jobs are declared with max_retries=None (`job`)


@job("consolidator.retention")
def retention(self) -> int:
    return run_job(self, run_retention)


@job("consolidator.compact_summaries")
def compact_summaries(self) -> int:
    return run_job(self, run_compaction)


@job("consolidator.sweep_outbox")
def sweep_outbox(self) -> dict:
    return run_job(self, run_sweep)


@job("consolidator.reembed")
def reembed(self) -> int:
    return run_job(self, run_reembed)


@job("consolidator.propose_merges")
def propose_merges(self) -> int:
    return run_job(self, run_merge_proposals)


@job("consolidator.owner_indexes")
def owner_indexes(self) -> dict:
    return run_job(self, run_owner_indexes)
