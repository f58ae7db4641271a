"""Wires the consolidator: DB pools, bus, relay loop and one consumer loop per handler."""
from __future__ import annotations

import asyncio
import logging
import os
import socket
from dataclasses import dataclass, field

from memcore.adapters.postgres import Database, password_for

from .consumer import ConsumerLoop, Handler, IdempotentConsumer
from .derived import DerivedHandler
from .promotion import PromotionHandler
from .relay import OutboxRelay
from .settings import ConsolidatorSettings, make_bus_from
from .summaries import SessionSummaryHandler
from .supersession import SupersessionHandler

log = logging.getLogger("consolidator")


def load_embedder(settings: ConsolidatorSettings):
    if settings.embedder.strip().lower() in ("", "none", "off", "centroid"):
        return None
    from memcore.embedding import make_embedder

    return make_embedder(settings.embedder)


def make_handlers(settings: ConsolidatorSettings, embedder=None) -> list[Handler]:
    def promotion() -> PromotionHandler:
        return PromotionHandler(settings.promotion_similarity, settings.promotion_min_mentions,
                                settings.promotion_min_sessions, embedder=embedder)

    known = {
        "promotion": promotion,
        "derived": lambda: DerivedHandler(promotion()),
        "supersession": lambda: SupersessionHandler(settings.supersession_hysteresis),
        "session_summary": lambda: SessionSummaryHandler(),
    }
    unknown = [n for n in settings.consumer_list if n not in known]
    if unknown:
        raise ValueError(f"unknown consumers {unknown}; known: {sorted(known)}")
    return [known[n]() for n in settings.consumer_list]


@dataclass
class Runtime:
    settings: ConsolidatorSettings
    embedder: object | None = None
    db: Database | None = None
    relay_db: Database | None = None
    bus: object | None = None
    relay: OutboxRelay | None = None
    loops: list[ConsumerLoop] = field(default_factory=list)
    tasks: list[asyncio.Task] = field(default_factory=list)
    stop_event: asyncio.Event = field(default_factory=asyncio.Event)

    async def start(self) -> "Runtime":
        s = self.settings
        self.db = await Database(s.app_dsn, min_size=1, max_size=max(4, len(s.consumer_list) + 2),
                                 password=password_for(s)).connect()
        self.bus = make_bus_from(s)
        name = s.consumer_name or f"{socket.gethostname()}-{os.getpid()}"
        for handler in make_handlers(s, self.embedder):
            sub = await self.bus.subscribe(f"{s.consumer_group}.{handler.name}", name)
            loop = ConsumerLoop(IdempotentConsumer(self.db, handler), sub, batch=s.receive_batch, tx_batch=s.apply_batch)
            self.loops.append(loop)
            self.tasks.append(asyncio.create_task(loop.run(self.stop_event), name=f"consumer:{handler.name}"))
        if s.run_relay:
            self.relay_db = await Database(s.relay_dsn, min_size=1, max_size=2,
                                           password=password_for(s, relay=True)).connect()
            self.relay = OutboxRelay(self.relay_db.pool, self.bus, s.relay_batch_size, s.relay_idle_sleep_s)
            self.tasks.append(asyncio.create_task(self.relay.run(self.stop_event), name="relay"))
        log.info("consolidator started: consumers=%s relay=%s bus=%s", s.consumer_list, s.run_relay, s.bus)
        return self

    def healthy_tasks(self) -> bool:
        return bool(self.tasks) and all(not t.done() for t in self.tasks)

    async def ready(self) -> dict:
        db_ok = await self.db.ping() if self.db else False
        bus_ok = await self.bus.ping() if self.bus else False
        return {"database": db_ok, "bus": bus_ok, "loops": self.healthy_tasks()}

    async def stop(self) -> None:
        self.stop_event.set()
        for t in self.tasks:
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for loop in self.loops:
            await loop.subscription.close()
        if self.bus is not None:
            await self.bus.close()
        for db in (self.db, self.relay_db):
            if db is not None:
                await db.close()
