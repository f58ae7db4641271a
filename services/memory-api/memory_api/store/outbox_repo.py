"""SQL for the outbox: the events a transaction emits with its rows, relayed to the bus afterwards.

Each function takes a connection already inside `Database.tenant_tx`, so row-level security scopes
every statement."""
from __future__ import annotations

from typing import Any, Sequence
from uuid import UUID

import asyncpg

from memcore.telemetry import tracing


async def add_outbox(conn: asyncpg.Connection, owner_id: UUID, event_type: str, aggregate_id: UUID | str,
                     payload: dict[str, Any]) -> None:
    await conn.execute(
        """INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
           VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4)""",
        owner_id, event_type, str(aggregate_id), tracing.with_trace(payload),
    )


async def add_outbox_many(conn: asyncpg.Connection, events: Sequence[tuple[UUID, str, str, dict[str, Any]]]) -> None:
    if not events:
        return
    await conn.execute(
        """INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
           SELECT current_setting('app.tenant_id')::uuid, o, t, a, p::jsonb
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS x(o, t, a, p)""",
        [e[0] for e in events], [e[1] for e in events], [str(e[2]) for e in events],
        [__import__("orjson").dumps(tracing.with_trace(e[3])).decode() for e in events],
    )
