"""Hot session memory in Redis: the session's recent statements (a cache; Postgres is the truth)."""
from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

import asyncpg
import orjson

from .deps import Resources
from .store import memory_list_repo

RECENT_TURNS = 8


def _key(tenant_id: UUID, owner_id: UUID, session_id: str) -> str:
    return f"mem:{tenant_id}:{owner_id}:sess:{session_id}:recent"


async def remember(res: Resources, tenant_id: UUID, owner_id: UUID, session_id: str,
                   items: list[dict[str, Any]]) -> None:
    """Push {id, text, at} entries (newest first) and refresh the session's expiry."""
    if not items:
        return
    key = _key(tenant_id, owner_id, session_id)
    payload = [orjson.dumps({**i, "at": i["at"].isoformat() if isinstance(i.get("at"), datetime) else i.get("at")})
               for i in items]
    async with res.redis.pipeline(transaction=True) as pipe:
        pipe.lpush(key, *payload)
        pipe.ltrim(key, 0, RECENT_TURNS - 1)
        pipe.expire(key, res.settings.session_ttl_s)
        await pipe.execute()


async def recent_items(res: Resources, tenant_id: UUID, owner_id: UUID, session_id: str) -> list[dict[str, Any]]:
    try:
        raw = await res.redis.lrange(_key(tenant_id, owner_id, session_id), 0, RECENT_TURNS - 1)
    except Exception:  # Redis is a cache: without it, contextify still answers from Postgres
        return []
    out = []
    for r in raw:
        item = orjson.loads(r)
        if item.get("at"):
            item["at"] = datetime.fromisoformat(item["at"])
        out.append(item)
    return out


async def forget_owner(res: Resources, tenant_id: UUID, owner_id: UUID) -> int:
    n = 0
    async for key in res.redis.scan_iter(match=f"mem:{tenant_id}:{owner_id}:*", count=500):
        n += await res.redis.delete(key)
    return n


async def forget_memories(res: Resources, tenant_id: UUID, owner_id: UUID, memory_ids: set[str]) -> int:
    """Remove cached entries of deleted memories from every session of the owner."""
    removed = 0
    async for key in res.redis.scan_iter(match=f"mem:{tenant_id}:{owner_id}:sess:*:recent", count=500):
        for raw in await res.redis.lrange(key, 0, -1):
            if orjson.loads(raw).get("id") in memory_ids:  # the entry as stored: JSON, so UTF-8
                removed += await res.redis.lrem(key, 0, raw.decode() if isinstance(raw, bytes) else raw)
    return removed


def _speakers_key(tenant_id: UUID, owner_id: UUID) -> str:
    return f"mem:{tenant_id}:{owner_id}:speakers"


async def remember_speaker(res: Resources, tenant_id: UUID, owner_id: UUID, speaker: str) -> None:
    await res.redis.sadd(_speakers_key(tenant_id, owner_id), speaker)


# A member that no speaker can have: the set was rebuilt from Postgres, so it is complete (also
# when the owner has no speakers at all, which must not send every query back to Postgres).
_COMPLETE = ""


async def known_speakers(res: Resources, conn: asyncpg.Connection | None, tenant_id: UUID, owner_id: UUID) -> list[str] | None:
    """Names of the people who speak in the owner's conversations: Redis, rebuilt from Postgres
    when incomplete (after a Redis restart). With conn=None, Redis only: None when not complete."""
    key = _speakers_key(tenant_id, owner_id)
    try:
        members = {n.decode() if isinstance(n, bytes) else n for n in await res.redis.smembers(key)}
        if _COMPLETE in members:
            return sorted(members - {_COMPLETE})
    except Exception:
        pass
    if conn is None:
        return None
    names = await memory_list_repo.speakers_of(conn, owner_id)
    try:
        await res.redis.sadd(key, _COMPLETE, *names)
    except Exception:
        pass
    return names
