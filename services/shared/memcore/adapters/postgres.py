"""asyncpg pool with pgvector codecs and per-transaction tenant scoping (row-level security)."""
from __future__ import annotations

from contextlib import asynccontextmanager
from typing import AsyncIterator, Sequence
from uuid import UUID

import asyncpg
import numpy as np
from pgvector import Vector
from pgvector.asyncpg import register_vector


async def _init_connection(conn: asyncpg.Connection) -> None:
    await register_vector(conn)
    for typ in ("json", "jsonb"):
        import orjson

        await conn.set_type_codec(
            typ, schema="pg_catalog", encoder=lambda v: orjson.dumps(v).decode(), decoder=orjson.loads
        )


def vectors_param(vectors: Sequence[np.ndarray]) -> list[Vector]:
    """A `vector[]` query parameter, sent in pgvector's binary format. Wrapping each array in
    `Vector` keeps asyncpg from reading it as a nested array. No float is formatted as text in
    the API and parsed back in Postgres (384 of each per vector, twice per memory before)."""
    return [Vector(np.asarray(v, dtype=np.float32)) for v in vectors]


class Database:
    """The services' connection pool. Every unit of work runs in `tenant_tx(tenant_id)`."""

    def __init__(self, dsn: str, min_size: int = 2, max_size: int = 10):
        self.dsn = dsn
        self.min_size = min_size
        self.max_size = max_size
        self.pool: asyncpg.Pool | None = None

    async def connect(self) -> "Database":
        self.pool = await asyncpg.create_pool(
            self.dsn, min_size=self.min_size, max_size=self.max_size, init=_init_connection,
            command_timeout=30,
        )
        return self

    async def close(self) -> None:
        if self.pool is not None:
            await self.pool.close()
            self.pool = None

    @asynccontextmanager
    async def tenant_tx(self, tenant_id: UUID | str) -> AsyncIterator[asyncpg.Connection]:
        """A transaction in which row-level security sees only `tenant_id`'s rows."""
        assert self.pool is not None, "Database.connect() was not called"
        async with self.pool.acquire() as conn:
            async with conn.transaction():
                await conn.execute("SELECT set_config('app.tenant_id', $1, true)", str(tenant_id))
                yield conn

    @asynccontextmanager
    async def raw(self) -> AsyncIterator[asyncpg.Connection]:
        """A connection with no tenant set (sees no tenant rows); for health checks and auth."""
        assert self.pool is not None, "Database.connect() was not called"
        async with self.pool.acquire() as conn:
            yield conn

    async def ping(self) -> bool:
        try:
            async with self.raw() as conn:
                return await conn.fetchval("SELECT 1") == 1
        except Exception:
            return False
