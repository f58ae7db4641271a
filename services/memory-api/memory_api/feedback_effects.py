"""Feedback effects on a memory row (feedback_rules.py decides which): disputed, superseded,
restricted, and their undo; through the turn-to-knowledge links, a turn's record carries disputed
and superseded to the knowledge drawn only from it, restricted to all it taught, and a restricted
fact hides its turn (feedback_rules.reach). Each takes a connection inside the decider's
transaction (row-level security applies), keeps each changed row's previous version in the
history, audits (ids and codes only, with the feedback's id) and emits memory.updated on the
outbox. Deletion goes through DELETE /v1/memory/{id}'s path instead (routers/memory.py), which
purges every copy."""
from __future__ import annotations

from uuid import UUID

from . import feedback_rules
from .auth import Principal
from .entity_linking import recompose_profile
from .store import audit_repo, correction_repo, entity_repo, feedback_repo, memory_repo, outbox_repo
from .write_gate import FLAG_RESTRICTED

# effect -> is it in place already, given the row (store.correction_repo.SET_CLAUSES applies it)
_APPLY = {
    "disputed": lambda r: r["tier"] == "disputed",
    "superseded": lambda r: r["valid_to"] is not None,
    "restricted": lambda r: FLAG_RESTRICTED in (r["safety_flags"] or ()),
}


def in_place(row, effect: str) -> bool:
    return effect in _APPLY and _APPLY[effect](row)


async def reached(conn, row, effect: str) -> list:
    """The rows beside `row` that `effect` applies to (feedback_rules.reach)."""
    how = feedback_rules.reach(effect, row["layer"])
    if how in ("drawn_only", "drawn"):
        return list(await feedback_repo.drawn_from(conn, row["id"], only=how == "drawn_only"))
    if how == "source_turns":
        return list(await feedback_repo.source_turns_of(conn, row["id"]))
    return []


async def apply(conn, caller: Principal, row, effect: str, touched: set[UUID] | None = None,
                feedback_id: UUID | None = None) -> bool:
    """Applies a disputed / superseded / restricted effect to the memory `row` and to the rows it
    reaches through the turn-to-knowledge links (feedback_rules.reach); False when it was in place
    already on all of them (nothing changed). Each change is audited with `feedback_id`, which is how
    a rejection later undoes exactly what that feedback did (unrestrict). A disputed or superseded
    memory leaves the profiles of the people and things it is linked to (recomposed now; their ids
    are added to `touched`, whose embeddings the caller refreshes after the commit:
    entity_linking.refresh_later)."""
    if effect not in _APPLY:
        return False
    rows = [row] + await reached(conn, row, effect)
    changed = [r for r in rows if not in_place(r, effect)]
    for r in changed:
        await _change(conn, caller, r, effect, feedback_id)
    if changed and effect in ("disputed", "superseded"):
        linked = await entity_repo.entities_of(conn, [r["id"] for r in changed])
        for entity_id in linked:
            await recompose_profile(conn, entity_id)
        if touched is not None:
            touched.update(linked)
    return bool(changed)


async def unrestrict(conn, caller: Principal, memory_id: UUID, feedback_id: UUID | None = None) -> bool:
    """Undoes the restriction a child's `sensitive` feedback applied (a parent rejected it): on the
    rows that feedback restricted (its audit entries), not on those restricted otherwise (the write
    policy) nor on those another standing sensitive feedback hides too (a parent's own). A feedback
    audited without its id (given before the audit named it) undoes its own memory's restriction."""
    ids = (await feedback_repo.changed_by_feedback(conn, feedback_id, "restricted") if feedback_id else []) \
        or [memory_id]
    kept = await feedback_repo.hidden_by_others(conn, feedback_id, ids) if feedback_id else set()
    done = False
    for mid in (i for i in ids if i not in kept):
        row = await memory_repo.get(conn, mid)
        if row is None or FLAG_RESTRICTED not in (row["safety_flags"] or ()):
            continue
        await _change(conn, caller, row, "unrestricted", feedback_id)
        done = True
    return done


async def _change(conn, caller: Principal, row, what: str, feedback_id: UUID | None = None) -> None:
    memory_id = row["id"]
    before = await correction_repo.lock_version(conn, memory_id)
    await memory_repo.snapshot_version(conn, memory_id, caller.user_id, "correction")
    await correction_repo.apply(conn, memory_id, what)
    version = before + 1
    await audit_repo.audit(conn, caller.user_id, caller.role, "memory.update", "memory", str(memory_id),
                            "correction", before, version,
                            {"feedback_effect": what, **({"feedback_id": str(feedback_id)} if feedback_id else {})})
    await outbox_repo.add_outbox(conn, row["owner_id"], "memory.updated", memory_id,
                                 {"memory_id": str(memory_id), "version": version})
