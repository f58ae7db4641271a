"""Export and complete forgetting of one user's memory (seed 001: "forget me" really forgets).

Purges rows, embeddings, BM25 statistics (the delete triggers remove terms whose df reaches zero),
entity links, entities and their profiles, summaries derived from the items (they are the user's
memories too), idempotency replays (they hold response bodies), decision logs, the review queue,
unsent outbox events, consent settings, tokens, the user row, Redis keys and blobs. The audit log
keeps who/when/why and a tombstone, never content. `residue` is the verification: it counts what is
left of the user in every store and must be all zeros.
"""
from __future__ import annotations

from uuid import UUID

from .deps import Resources
from .session_memory import forget_owner
from .store import memory_repo

# table -> column that names the user
USER_TABLES = {
    "memory_items": "owner_id", "entities": "owner_id", "documents": "owner_id", "decision_logs": "owner_id",
    "review_queue": "owner_id", "outbox": "owner_id", "idempotency_keys": "user_id",
    "consent_settings": "user_id", "api_tokens": "user_id", "bm25_owner_stats": "owner_id",
    "bm25_term_stats": "owner_id", "bm25_postings": "owner_id", "users": "user_id",
}


async def export_user(res: Resources, reader, user_id: UUID) -> dict:
    """What `reader` (the caller) may see of the user: the database hides the rest."""
    tenant_id = reader.tenant_id
    async with res.db.as_caller(reader) as conn:
        memories = await conn.fetch(f"SELECT {memory_repo.COLUMNS} FROM memory_items WHERE owner_id = $1 "
                                    "ORDER BY observed_at", user_id)
        versions = await conn.fetch(
            """SELECT v.memory_id, v.version, v.snapshot, v.changed_at, v.reason FROM memory_versions v
               JOIN memory_items m USING (tenant_id, memory_id) WHERE m.owner_id = $1 ORDER BY v.memory_id, v.version""",
            user_id)
        entities = await conn.fetch(
            """SELECT entity_id, type, canonical_name, aliases, parent_entity_id, profile_summary, context_tags
               FROM entities WHERE owner_id = $1 ORDER BY canonical_name""", user_id)
        links = await conn.fetch(
            """SELECT l.memory_id, l.entity_id, l.role FROM memory_entities l
               JOIN memory_items m USING (tenant_id, memory_id) WHERE m.owner_id = $1""", user_id)
        edges = await conn.fetch(
            """SELECT e.src_entity_id, e.predicate, e.dst_entity_id, e.valid_from, e.valid_to FROM entity_edges e
               JOIN entities s ON s.tenant_id = e.tenant_id AND s.entity_id = e.src_entity_id WHERE s.owner_id = $1""",
            user_id)
        policy = await conn.fetchval("SELECT policy FROM consent_settings WHERE user_id = $1", user_id)
    return {
        "format": "memory-service-export/1", "user_id": str(user_id),
        "memories": [_jsonable(dict(r)) for r in memories],
        "history": [_jsonable(dict(r)) for r in versions],
        "entities": [_jsonable(dict(r)) for r in entities],
        "memory_entities": [_jsonable(dict(r)) for r in links],
        "entity_edges": [_jsonable(dict(r)) for r in edges],
        "policy": policy or {},
    }


def _jsonable(row: dict) -> dict:
    out = {}
    for k, v in row.items():
        if isinstance(v, UUID):
            v = str(v)
        elif isinstance(v, list):
            v = [str(x) if isinstance(x, UUID) else x for x in v]
        elif hasattr(v, "isoformat"):
            v = v.isoformat()
        out[k] = v
    return out


async def forget_user(res: Resources, tenant_id: UUID, user_id: UUID, actor_id: UUID, actor_role: str,
                      reason: str | None) -> dict:
    deleted: dict[str, int] = {}
    async with res.db.as_system(tenant_id) as conn:
        # entity edges and links go with their memories/entities (ON DELETE CASCADE)
        for table in ("memory_items", "entities", "documents", "decision_logs", "review_queue", "outbox",
                      "idempotency_keys", "consent_settings", "api_tokens", "bm25_term_stats",
                      "bm25_postings", "bm25_owner_stats", "users"):
            status = await conn.execute(f"DELETE FROM {table} WHERE {USER_TABLES[table]} = $1", user_id)
            deleted[table] = int(status.split()[-1])
        if deleted["users"] or any(deleted.values()):
            await conn.execute(
                """INSERT INTO tombstones (tenant_id, tombstone_id, target_type, target_id, deleted_by, reason)
                   VALUES (current_setting('app.tenant_id')::uuid, gen_random_uuid(), 'user', $1, $2, $3)""",
                str(user_id), actor_id, reason)
            await memory_repo.audit(conn, actor_id, actor_role, "user.forget", "user", str(user_id), reason,
                                    details={"deleted": deleted})
    deleted["redis_keys"] = await forget_owner(res, tenant_id, user_id)
    deleted["blobs"] = await _delete_blobs(res, tenant_id, user_id)
    res.token_cache.clear()
    return deleted


async def _delete_blobs(res: Resources, tenant_id: UUID, user_id: UUID) -> int:
    if res.blob is None:
        return 0
    return await res.blob.delete_prefix(f"{tenant_id}/{user_id}/")


async def residue(res: Resources, tenant_id: UUID, user_id: UUID) -> dict[str, int]:
    """What is left of the user anywhere (must be all zeros after forget_user)."""
    counts: dict[str, int] = {}
    async with res.db.as_system(tenant_id) as conn:
        for table, col in USER_TABLES.items():
            counts[table] = await conn.fetchval(f"SELECT count(*) FROM {table} WHERE {col} = $1", user_id)
        counts["memory_versions"] = await conn.fetchval(
            "SELECT count(*) FROM memory_versions v WHERE snapshot->>'owner_id' = $1", str(user_id))
    n = 0
    async for _ in res.redis.scan_iter(match=f"mem:{tenant_id}:{user_id}:*", count=500):
        n += 1
    counts["redis_keys"] = n
    counts["blobs"] = await res.blob.count_prefix(f"{tenant_id}/{user_id}/") if res.blob is not None else 0
    return counts
