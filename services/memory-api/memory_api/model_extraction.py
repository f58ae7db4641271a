"""The model extractor, off the hot path (issue 35 item 5).

A turn is answered with the deterministic facts (routers/conversations.py). Its record's
`memory.created` event reaches this consumer through the outbox and the change stream (the
consolidator's relay publishes it; this loop reads the bus with a consumer group of its own). For
each owner's turn record:

1. the stored turn (redacted text, speaker, how the write path classed the speaker) and the facts
   already drawn from it are read; a turn already extracted with this extractor version is skipped;
2. the model extracts (memcore.knowledge.extractors: only an owner's turn is ever sent, the
   answer is checked strictly, rejections are counted by reason); on any error or timeout the
   deterministic extractor's facts stand (the write path stored them already: nothing lost, and
   nothing is written again);
3. what the model adds to the turn's facts (`facts_to_add` against the facts stored from the turn
   and those the rules give it, held for review or dropped ones among them: nothing doubled) is
   written as any
   candidate is: the write gate (policy service: PII, safety, consent, parent review), exact and
   near dedupe, the review queue for what is held; each fact cites the turn in `source_turns` (a
   stored fact the turn said again is reinforced and cites it too), so forgetting the turn reaches it. It is written as the turn's writer (same role, same rules);
4. the claim (turn, extractor version) commits in the same transaction as the facts, under a lock
   on the turn record: a second delivery writes nothing, and a turn forgotten meanwhile gets none.

Not done here: entity links for the model's facts (the turn record carries the turn's entities).
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from uuid import UUID

import asyncpg
from prometheus_client import Counter as Metric

from memcore.adapters.bus import BusEvent
from memcore.adapters.bus.base import Delivery, EventBus, Subscription
from memcore.knowledge.extractors import (Extracted, FactExtractor, LocalExtractor, Outcome, OwnerTurn,
                                          TimeLimited, extract_with_fallback, facts_to_add)
from memcore.knowledge.models import Fact
from memcore.knowledge.speaker import owner_label, speaker_role
from memcore.policy.contract import PARENT_ROLES
from memcore.telemetry import metrics
from memcore.transient import Backoff, dependency_of, hold_through_outages, keep_delivery

from . import cpu_work
from .auth import Principal
from .deps import Resources
from .entity_linking import refresh_later
from .routers.conversations import FACT_SALIENCE
from .schemas import WriteResult
from .store import model_extraction_repo as repo
from .candidate import Candidate
from .write_pipeline import commit_prepared, prepare
from .policy_loading import load_policy

log = logging.getLogger("memory_api.model_extraction")

GROUP = "memory-api.model_extraction"
TAG = "model_extracted"
# While a dependency is away an event is tried again after 0.2 s, 0.4 s, ... up to 15 s apart (jittered)
OUTAGE_BACKOFF_BASE_S, OUTAGE_BACKOFF_CAP_S = 0.2, 15.0

turns_extracted = Metric("memory_model_extraction_turns_total",
                         "Turns the model extractor handled, by source (model, fallback, skipped, duplicate)",
                         ["source"])
facts_rejected = Metric("memory_model_extraction_rejected_total",
                        "Facts of the model's answers rejected by the contract check, by reason", ["reason"])


@dataclass
class Report:
    """What one turn's extraction did (for tests and logs; never the turn's text)."""

    record_id: UUID
    source: str  # model, fallback, skipped, duplicate
    added: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    error: str | None = None
    results: list[WriteResult] = field(default_factory=list)


def turn_role(stored: repo.StoredTurn) -> str:
    """How the write path classed the turn's speaker; for turns stored before it recorded that, the
    same inference from the speaker label and the writer."""
    if stored.speaker_role:
        return stored.speaker_role
    for_someone_else = stored.writer_role in PARENT_ROLES and stored.writer_id != stored.owner_id
    return speaker_role(stored.speaker, None, for_someone_else=for_someone_else)


def candidate_of(f: Fact, stored: repo.StoredTurn) -> Candidate:
    """A model's fact as the write path writes a rules' fact, citing its turn."""
    return Candidate(text=f.text, type=f.type, embed_text=f.text, seen_in=stored.session_id, fields={
        "speaker": stored.speaker, "scope": stored.scope, "observed_at": stored.observed_at,
        "project_id": stored.project_id, "session_id": stored.session_id if stored.scope == "session" else None,
        "layer": "knowledge", "subject": f.subject[:300], "predicate": f.predicate[:100], "value": f.value[:1000],
        "confidence": f.certainty, "salience": FACT_SALIENCE.get(f.type, 0.6), "source_turns": [stored.record_id],
        "tags": [TAG]})


class RulesStand:
    """The fallback off the hot path: the rules' facts were written with the turn, so on a failure
    of the model there is nothing to add (and nothing to write twice)."""

    version = "rules-stand"

    def extract(self, turn: OwnerTurn) -> Extracted:
        return Extracted([])


class ModelExtraction:
    """The consumer: `handle(event)` for one change-stream event, `run` the loop over the bus."""

    name = "model_extraction"

    def __init__(self, res: Resources, model: FactExtractor, timeout_s: float | None = None) -> None:
        self.res = res
        self.backoff = Backoff(OUTAGE_BACKOFF_BASE_S, OUTAGE_BACKOFF_CAP_S)
        self.version = model.version
        self.model: FactExtractor = TimeLimited(model, timeout_s) if timeout_s else model
        self.rules = LocalExtractor()

    def wants(self, event: BusEvent) -> bool:
        return (event.type == "memory.created" and event.payload.get("type") == "episodic"
                and bool(event.payload.get("memory_id")))

    async def handle(self, event: BusEvent) -> Report | None:
        if not self.wants(event):
            return None
        return await self.extract_turn(UUID(str(event.tenant_id)), UUID(str(event.payload["memory_id"])))

    async def extract_turn(self, tenant_id: UUID, record_id: UUID) -> Report:
        async with self.res.db.as_system(tenant_id) as conn:
            stored = await repo.turn(conn, record_id)
            if stored is None:
                return self._done(Report(record_id, "skipped"))
            if await repo.claimed(conn, self.version, record_id):
                return self._done(Report(record_id, "duplicate"))
            known = await repo.facts_from(conn, stored.owner_id, record_id)
        role = turn_role(stored)
        if role != "owner" or stored.writer_id is None or stored.writer_role is None:
            return self._done(Report(record_id, "skipped"))
        turn = OwnerTurn(text=stored.text, owner=owner_label(stored.speaker, stored.owner_name),
                         speaker=stored.speaker, role="owner", at=stored.observed_at)
        outcome: Outcome = await asyncio.to_thread(extract_with_fallback, self.model, RulesStand(), turn)
        report = Report(record_id, outcome.source, rejected=Counter(r.code for r in outcome.rejected),
                        error=outcome.error)
        principal = Principal(tenant_id=tenant_id, user_id=stored.writer_id, role=stored.writer_role)
        new: list[Fact] = []
        if outcome.source == "model":  # against what the rules gave the turn, stored or held or dropped
            # (in the extraction thread: one spaCy pipeline serves one thread at a time, cpu_work)
            rules = await cpu_work.extraction(self.rules.extract, turn)
            new = facts_to_add(outcome.facts, known + rules.facts)
        written = await self._write(principal, stored, new)
        if written is None:  # another delivery extracted it meanwhile, or the turn was forgotten
            return self._done(Report(record_id, "duplicate"))
        report.results = written
        report.added = sum(1 for r in written if r.status == "created")
        for code, n in report.rejected.items():
            facts_rejected.labels(code).inc(n)
        return self._done(report)

    async def _write(self, principal: Principal, stored: repo.StoredTurn,
                     facts: list[Fact]) -> list[WriteResult] | None:
        """Gate and embed outside the transaction; then, in it, the claim and the facts (None: not
        claimed)."""
        res, owner = self.res, stored.owner_id
        prep = None
        if facts:
            policy = await load_policy(res, principal.tenant_id, owner)
            candidates = [candidate_of(f, stored) for f in facts]
            if not policy.is_child_household and principal.role not in PARENT_ROLES:
                for c in candidates:  # as on the write path: an adult's rule-like sentence is a fact of theirs
                    if c.type == "safety":
                        c.type = "semantic"
            prep = await prepare(res, principal, owner, candidates, policy=policy, embedder=res.batch_embedder)
        outdated: set[UUID] = set()

        async def commit(conn: asyncpg.Connection) -> list[WriteResult] | None:
            outdated.clear()
            if not await repo.lock_turn(conn, stored.record_id) or not await repo.claim(
                    conn, self.version, stored.record_id):
                return None  # forgotten meanwhile, or extracted by another delivery
            if prep is None:
                return []
            results = await commit_prepared(conn, res, principal, owner, prep, outdated)
            again = [r.memory.id for r in results if r.status == "reinforced" and r.memory is not None]
            if again:
                await repo.cite_turn(conn, again, stored.record_id)
            return results

        written = await res.db.in_caller_tx(principal, commit)
        refresh_later(res, principal.tenant_id, outdated)
        return written

    def _done(self, report: Report) -> Report:
        turns_extracted.labels(report.source).inc()
        log.info("model extraction", extra={"fields": {
            "record": str(report.record_id), "source": report.source, "added": report.added,
            "rejected": dict(report.rejected), "error": report.error}})
        return report

    async def run_once(self, subscription: Subscription, batch: int = 50, timeout_s: float = 1.0) -> int:
        """One batch of deliveries: each handled, then acked. While a dependency is away (Postgres,
        the policy service, ...: memcore.transient) the event is held and tried again with backoff,
        as the consolidator's consumers do, so an outage dead-letters nothing (the claim commits
        with the facts: a try cut short wrote nothing). Only a failure while the database answers
        is failed to the bus (retried by redelivery, then dead-lettered: the turn keeps its
        deterministic facts)."""
        deliveries = await subscription.receive(batch, timeout_s)
        done = []
        for d in deliveries:
            try:
                await hold_through_outages(partial(self.handle, d.event), self.backoff,
                                           database_answers=self.res.db.ping,
                                           on_wait=partial(self._waiting, d),
                                           between=keep_delivery(subscription, d))
                done.append(d)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("model extraction failed on %s: %s", d.event.event_id, type(exc).__name__)
                await hold_through_outages(partial(subscription.fail, d, _reason(exc)), self.backoff)
        if done:
            await hold_through_outages(partial(subscription.ack, done), self.backoff)
        return len(deliveries)

    def _waiting(self, d: Delivery, exc: BaseException, delay: float) -> None:
        metrics.consumer_events.labels(self.name, "retried").inc()
        log.warning("model extraction: %s unavailable (%s) for %s; retrying in %.1f s",
                    dependency_of(exc) or "a dependency", type(exc).__name__, d.event.event_id, delay)

    async def run(self, bus: EventBus, stop: asyncio.Event) -> None:
        subscription = await bus.subscribe(GROUP, f"{socket.gethostname()}-{os.getpid()}")
        try:
            while not stop.is_set():
                try:
                    await self.run_once(subscription)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # the bus or the database away: wait, then read again
                    log.warning("model extraction loop: %s; retrying", type(exc).__name__)
                    await asyncio.sleep(2.0)
        finally:
            await subscription.close()


# A running consumer: its task, the event that stops it, and the bus it reads
Running = tuple["asyncio.Task[None]", asyncio.Event, EventBus]


def start(res: Resources, model: FactExtractor | None, timeout_s: float | None) -> Running | None:
    """The consumer's task and its stop event when a model extractor is configured, else None."""
    if model is None:
        return None
    from .forgetting import make_bus

    bus, stop = make_bus(res), asyncio.Event()
    task = asyncio.create_task(ModelExtraction(res, model, timeout_s=timeout_s).run(bus, stop),
                               name="model-extraction")
    return task, stop, bus


def _reason(exc: BaseException) -> str:
    """What a dead letter records: the exception's type, never its message (it may quote a turn)."""
    return f"{type(exc).__module__}.{type(exc).__qualname__}"


async def stop(running: Running | None) -> None:
    if running is None:
        return
    task, stop_event, bus = running
    stop_event.set()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await bus.close()
