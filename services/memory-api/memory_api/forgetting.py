"""Export and complete forgetting of one user's memory (seed 001: "forget me" really forgets).

What is forgotten and what is verified both come from one registry beside the schema,
`memcore/personal_data.py` (tables, the columns that name the subject, content columns, how rows
are found), plus Redis keys, the change stream on the bus and blobs (`OTHER_STORES`). The steps:

1. preflight: Redis, the bus and the blob store must answer, or nothing changes (503, Retry-After);
2. one transaction as system: collect the subject's ids and the fingerprints of its texts, delete
   place by place (`store.forget_repo.delete_subject`), write a tombstone (ids, reason code,
   fingerprints; never text) and an audit row (counts);
3. after the commit, Redis keys, bus entries and blobs; a failure there is reported in the
   receipt (`pending`) and the verification shows it, it never turns into a 500;
4. `residue` scans every registered place for the subject's id and the fingerprints.
"""
from __future__ import annotations

import asyncio
import logging
from uuid import UUID

from memcore.personal_data import reason_code

from .deps import Resources
from .session_memory import forget_owner
from .store import account_repo, audit_repo, forget_repo, memory_repo
from .store.forget_repo import collect_fingerprints, collect_ids, delete_subject, last_user_forget, scan_residue

log = logging.getLogger("memory_api.forgetting")
PREFLIGHT_TIMEOUT_S = 2.0


class DependencyDown(Exception):
    """A store forgetting must reach is unavailable; nothing was changed."""

    def __init__(self, dependency: str):
        super().__init__(dependency)
        self.dependency = dependency


async def export_user(res: Resources, reader, user_id: UUID) -> dict:
    """What `reader` (the caller) may see of the user: the database hides the rest."""
    async with res.db.as_caller(reader) as conn:
        rows = await forget_repo.export_rows(conn, user_id, memory_repo.COLUMNS)
        policy = await account_repo.policy_of(conn, user_id)
    return {
        "format": "memory-service-export/1", "user_id": str(user_id),
        "memories": [_jsonable(dict(r)) for r in rows["memories"]],
        "history": [_jsonable(dict(r)) for r in rows["versions"]],
        "entities": [_jsonable(dict(r)) for r in rows["entities"]],
        "memory_entities": [_jsonable(dict(r)) for r in rows["links"]],
        "entity_edges": [_jsonable(dict(r)) for r in rows["edges"]],
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


def make_bus(res: Resources):
    """The change-stream bus the consolidator reads (the same variables, memcore.settings), for purging."""
    from memcore.adapters.bus import make_bus as _make

    settings = res.settings
    kind = (settings.bus or "redis").strip().lower()
    if kind.startswith("redis"):
        return _make("redis", redis_url=settings.redis_url, prefix=settings.stream_prefix)
    return _make(kind, eventhub_connection_string=settings.eventhub_connection_string,
                 eventhub_fully_qualified_namespace=settings.eventhub_fully_qualified_namespace,
                 eventhub_name=settings.eventhub_name, blob_connection_string=settings.blob_connection_string,
                 blob_account_url=settings.blob_account_url)


def _bus_or_down(res: Resources):
    try:
        return make_bus(res)
    except ValueError as exc:  # a bus that is not configured cannot be purged: change nothing
        log.warning("forgetting needs the bus: %s", exc)
        raise DependencyDown("bus") from exc


async def preflight(res: Resources, bus) -> None:
    """Every store outside Postgres that holds the subject must answer before Postgres changes."""
    async def check(name: str, probe) -> None:
        try:
            ok = await asyncio.wait_for(probe, PREFLIGHT_TIMEOUT_S)
        except Exception:
            ok = False
        if not ok:
            raise DependencyDown(name)

    await check("redis", res.redis.ping())
    if bus is not None:
        await check("bus", bus.ping())
    if res.blob is not None:
        await check("blob", _blob_ping(res))


async def _blob_ping(res: Resources) -> bool:
    await res.blob.count_prefix("__ping__/")
    return True


async def forget_user(res: Resources, tenant_id: UUID, user_id: UUID, actor_id: UUID, actor_role: str,
                      reason: str | None, *, keep_child_rules: bool = False,
                      request_id: UUID | None = None) -> dict:
    """Forgets `user_id` everywhere (see the module docstring). With keep_child_rules (a child's own
    request, approved by a parent), parent-set safety rules, the user row, tokens and policy stay.
    Returns the receipt: {"deleted": {place: n}, "cleared": {table.column: n}, "pending": [...]}."""
    bus = _bus_or_down(res)
    try:
        await preflight(res, bus)
        code = "child_request" if keep_child_rules else reason_code(reason)
        async with res.db.as_system(tenant_id) as conn:
            ids = await collect_ids(conn, user_id, keep_child_rules)
            prints = await collect_fingerprints(conn, user_id, ids, keep_child_rules)
            deleted, cleared = await delete_subject(conn, user_id, ids, keep_child_rules)
            if request_id is not None:
                await forget_repo.approve_request(conn, request_id, actor_id)
            if any(deleted.values()) or request_id is not None:
                await audit_repo.tombstone(conn, "user", str(user_id), actor_id, code, prints)
                await audit_repo.audit(conn, actor_id, actor_role, "user.forget", "user", str(user_id), code,
                                        details={"deleted": deleted, "cleared": cleared,
                                                 "mode": "child_request" if keep_child_rules else "full"})
        pending: list[str] = []
        for name, step in (("redis_keys", forget_owner(res, tenant_id, user_id)),
                           ("bus_events", bus.purge_subject(str(tenant_id), str(user_id)) if bus else _zero()),
                           ("blobs", _delete_blobs(res, tenant_id, user_id))):
            try:
                deleted[name] = await step
            except Exception as exc:  # committed already: report, never a 500
                log.warning("forget of %s: %s not purged: %s", user_id, name, exc)
                pending.append(name)
        res.token_cache.clear()
        return {"deleted": deleted, "cleared": cleared, "pending": pending}
    finally:
        if bus is not None:
            await bus.close()


async def _zero() -> int:
    return 0


async def _delete_blobs(res: Resources, tenant_id: UUID, user_id: UUID) -> int:
    if res.blob is None:
        return 0
    return await res.blob.delete_prefix(f"{tenant_id}/{user_id}/")


async def residue(res: Resources, tenant_id: UUID, user_id: UUID) -> tuple[dict[str, int], str]:
    """What is left of the user anywhere (all zeros after forget_user), by scanning every registered
    place; and the mode of the last forget ("full", "child_request", or "none")."""
    bus = _bus_or_down(res)
    try:
        await preflight(res, bus)
        async with res.db.as_system(tenant_id) as conn:
            tombstoned, prints, keep = await last_user_forget(conn, user_id)
            counts = await scan_residue(conn, user_id, keep, prints)
        n = 0
        async for _ in res.redis.scan_iter(match=f"mem:{tenant_id}:{user_id}:*", count=500):
            n += 1
        counts["redis_keys"] = n
        counts["bus_events"] = await bus.purge_subject(str(tenant_id), str(user_id), dry_run=True) if bus else 0
        counts["blobs"] = await res.blob.count_prefix(f"{tenant_id}/{user_id}/") if res.blob is not None else 0
        return counts, ("child_request" if keep else "full") if tombstoned else "none"
    finally:
        if bus is not None:
            await bus.close()
