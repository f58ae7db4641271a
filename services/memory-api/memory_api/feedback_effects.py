"""Feedback effects on a memory row (feedback_rules.py decides which): disputed, superseded,
restricted, and their undo; a turn's record carries disputed and superseded to the knowledge
drawn only from it. Each takes a connection inside the decider's transaction (row-level security
applies), keeps each changed row's previous version in the history, audits (ids and codes only)
and emits memory.updated on the outbox. Deletion goes through DELETE /v1/memory/{id}'s path instead
(routers/memory.py), which purges every copy."""
from __future__ import annotations

from uuid import UUID

from . import feedback_rules
from .auth import Principal
from .entity_linking import recompose_profile
from .store import correction_repo, entity_repo, memory_repo
from .write_gate import FLAG_RESTRICTED

# effect -> is it in place already, given the row (store.correction_repo.SET_CLAUSES applies it)
_APPLY = {
    "disputed": lambda r: r["tier"] == "disputed",
    "superseded": lambda r: r["valid_to"] is not None,
    "restricted": lambda r: FLAG_RESTRICTED in (r["safety_flags"] or ()),
}


def in_place(row, effect: str) -> bool:
    return effect in _APPLY and _APPLY[effect](row)


async def apply(conn, caller: Principal, row, effect: str, touched: set[UUID] | None = None) -> bool:
    """Applies a disputed / superseded / restricted effect to the memory `row` and, on a turn's
    record, disputed or superseded to the knowledge drawn only from it as well
    (feedback_rules.reaches_drawn_knowledge); False when it was in place already on all of them
    (nothing changed). A disputed or superseded memory leaves the profiles of the people and things
    it is linked to (recomposed now; their ids are added to `touched`, whose embeddings the caller
    refreshes after the commit: entity_linking.refresh_later)."""
    if effect not in _APPLY:
        return False
    rows = [row]
    if feedback_rules.reaches_drawn_knowledge(effect, row["layer"]):
        rows += await memory_repo.drawn_only_from(conn, row["id"])
    changed = [r for r in rows if not in_place(r, effect)]
    for r in changed:
        await _change(conn, caller, r, effect)
    if changed and effect in ("disputed", "superseded"):
        linked = await entity_repo.entities_of(conn, [r["id"] for r in changed])
        for entity_id in linked:
            await recompose_profile(conn, entity_id)
        if touched is not None:
            touched.update(linked)
    return bool(changed)


async def unrestrict(conn, caller: Principal, memory_id: UUID) -> bool:
    """Undoes a restriction a child's `sensitive` feedback applied (a parent rejected it)."""
    row = await memory_repo.get(conn, memory_id)
    if row is None or FLAG_RESTRICTED not in (row["safety_flags"] or ()):
        return False
    await _change(conn, caller, row, "unrestricted")
    return True


async def _change(conn, caller: Principal, row, what: str) -> None:
    memory_id = row["id"]
    before = await correction_repo.lock_version(conn, memory_id)
    await memory_repo.snapshot_version(conn, memory_id, caller.user_id, "correction")
    await correction_repo.apply(conn, memory_id, what)
    version = before + 1
    await memory_repo.audit(conn, caller.user_id, caller.role, "memory.update", "memory", str(memory_id),
                            "correction", before, version, {"feedback_effect": what})
    await memory_repo.add_outbox(conn, row["owner_id"], "memory.updated", memory_id,
                                 {"memory_id": str(memory_id), "version": version})
