"""Fixtures for the consolidator tests: memory_app / memory_relay pools, a fresh Redis Streams
bus per test, households, and a kit that writes memory rows + outbox events the way the write
path does (one transaction) and drives relay + consumers until the change stream is drained."""
from __future__ import annotations

import uuid
from datetime import datetime, timezone

import numpy as np
import pytest
import pytest_asyncio

from memcore.adapters.bus.redis_streams import RedisStreamsBus
from memcore.adapters.postgres import Database

from consolidator.consumer import ConsumerLoop, IdempotentConsumer
from consolidator.relay import OutboxRelay

INSERT_SQL = """
INSERT INTO memory_items (tenant_id, memory_id, owner_id, type, scope, session_id, subject, predicate, value, text,
    source, confidence, tier, tags, observed_at, valid_from, expires_at, pinned, text_hash, embedding,
    embedding_model, search_text, tsv, doc_len)
VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, 'user', $4, $5, $6, $7, $8, $9, $10, $11, $12,
    coalesce($13, now()), coalesce($14, coalesce($13, now())), $15, $16, md5($8), $17, $18, $8,
    to_tsvector('english', $8), 1)
"""


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def app_db(stack_env):
    db = await Database(stack_env["MEMORY_APP_DATABASE_URL"], min_size=1, max_size=8).connect()
    yield db
    await db.close()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def relay_db(stack_env):
    db = await Database(stack_env["MEMORY_RELAY_DATABASE_URL"], min_size=1, max_size=4).connect()
    yield db
    await db.close()


@pytest_asyncio.fixture(loop_scope="session")
async def bus(stack_env):
    b = RedisStreamsBus(stack_env["REDIS_URL"], prefix=f"test:{uuid.uuid4().hex[:10]}", partitions=3,
                        claim_idle_s=0.3, max_attempts=3)
    yield b
    keys = [k async for k in b.redis.scan_iter(match=f"{b.prefix}:*")]
    if keys:
        await b.redis.delete(*keys)
    await b.close()


class Kit:
    def __init__(self, app_db: Database, relay_db: Database, bus: RedisStreamsBus, embedder):
        self.db, self.relay_db, self.bus, self.embedder = app_db, relay_db, bus, embedder
        self.relay = OutboxRelay(relay_db.pool, bus, batch=500)
        self.loops: list[ConsumerLoop] = []

    async def household(self, *roles: str) -> dict:
        tenant = uuid.uuid4()
        users = {}
        async with self.db.as_system(tenant) as conn:
            await conn.execute("INSERT INTO tenants (tenant_id, name) VALUES ($1, 'test household')", tenant)
            for role in roles or ("child",):
                uid = uuid.uuid4()
                await conn.execute("INSERT INTO users (tenant_id, user_id, display_name, role) VALUES ($1, $2, $3, $4)",
                                   tenant, uid, role, role)
                users[role] = uid
        return {"tenant": tenant, **users}

    async def write(self, tenant, owner, text: str, *, type: str = "episodic", session_id: str | None = None,
                    source: str = "user", subject=None, predicate=None, value=None, confidence: float = 0.7,
                    tier: str = "solid", tags=(), observed_at: datetime | None = None,
                    valid_from: datetime | None = None, expires_at=None, pinned=False, embed: bool = True,
                    model: str | None = None) -> uuid.UUID:
        """One memory row and its memory.created outbox event, in one transaction (like the write path)."""
        mid = uuid.uuid4()
        vec = self.embedder.embed_one(text) if embed else None
        async with self.db.as_system(tenant) as conn:
            await conn.execute(INSERT_SQL, mid, owner, type, session_id, subject, predicate, value, text, source,
                               confidence, tier, list(tags), observed_at, valid_from, expires_at, pinned,
                               None if vec is None else np.asarray(vec, dtype=np.float32),
                               model or (self.embedder.model_name if embed else None))
            await conn.execute(
                """INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
                   VALUES (current_setting('app.tenant_id')::uuid, $1, 'memory.created', $2, $3)""",
                owner, str(mid), {"memory_id": str(mid), "type": type, "session_id": session_id})
        return mid

    async def consumers(self, *handlers) -> list[ConsumerLoop]:
        for h in handlers:
            sub = await self.bus.subscribe(f"test.{h.name}", f"c-{uuid.uuid4().hex[:6]}")
            self.loops.append(ConsumerLoop(IdempotentConsumer(self.db, h), sub, batch=200, receive_timeout_s=0.02))
        return self.loops

    async def drain(self, max_rounds: int = 200) -> None:
        """Relay + consume until two quiet rounds in a row."""
        quiet = 0
        for _ in range(max_rounds):
            n = await self.relay.relay_once()
            for loop in self.loops:
                n += await loop.run_once()
            quiet = quiet + 1 if n == 0 else 0
            if quiet >= 2:
                return
        raise AssertionError("the change stream did not drain")

    async def fetch(self, tenant, sql: str, *args):
        async with self.db.as_system(tenant) as conn:
            return await conn.fetch(sql, *args)

    async def fetchval(self, tenant, sql: str, *args):
        async with self.db.as_system(tenant) as conn:
            return await conn.fetchval(sql, *args)


@pytest_asyncio.fixture(loop_scope="session")
async def kit(app_db, relay_db, bus, embedder):
    k = Kit(app_db, relay_db, bus, embedder)
    # start from an empty change stream: rows other tests left unsent are relayed to this bus too
    while await k.relay.relay_once():
        pass
    yield k


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=timezone.utc)


@pytest.fixture
def at():
    return utc
