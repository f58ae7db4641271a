"""Supersession consumer: a new value for a single-valued (subject, predicate) closes the old one.

Closing keeps history: the old row gets valid_to = the new row's valid_from and a new version,
after a memory_versions snapshot, with an audit row and a memory.updated event. "As of t" is
`valid_from <= t AND (valid_to IS NULL OR valid_to > t)`. A repeat of a value (memory.reinforced)
re-runs the decision for its slot, judged by when each value was last said, so the latest mention
wins whatever the consumer's lag. The profiles of the entities linked to a closed or demoted fact
(or to the turn it was drawn from) are recomposed in the same transaction, as memory-api does. The rules are in conflict_rules.py; the
slot is the subject's entity where the write path linked one, so a namesake's fact closes nothing.
"""
from __future__ import annotations

import asyncpg

from memcore.adapters.bus import BusEvent
from memcore.adapters.entity_profiles import recompose_linked_profiles
from memcore.extraction.pronouns import PERSON_PRONOUNS
from memcore.textnorm import norm_name

from . import store
from .conflict_rules import FACT_TYPES, HYSTERESIS, Fact, Outcome, last_said, resolve, same_subject, slot
from .promotion import CONTESTED_TAG

FACT_COLUMNS = """memory_id, owner_id, subject, predicate, value, source, confidence, valid_from, valid_to, type,
    version, CASE WHEN mention_count > 1 THEN last_seen_at END AS said_at"""
CANDIDATES_SQL = f"""
    SELECT {FACT_COLUMNS}
    FROM memory_items
    WHERE owner_id = $1 AND lower(subject) = lower($2) AND predicate = $3 AND valid_to IS NULL
      AND memory_id <> $4 AND type = ANY($5::text[])
    ORDER BY valid_from
"""


# The entities each memory names its subject by: linked entities with that name (or, for a pronoun
# subject, the people the memory is linked to).
SUBJECT_ENTITIES_SQL = """
    SELECT l.memory_id, array_agg(l.entity_id) AS ids
    FROM memory_entities l JOIN entities e ON e.entity_id = l.entity_id
    WHERE l.memory_id = ANY($1::uuid[]) AND (e.norm_names && $2::text[] OR ($3 AND e.type = 'person'))
    GROUP BY l.memory_id
"""


async def subject_entities(conn: asyncpg.Connection, memory_ids: list, subject: str) -> dict:
    name = norm_name(subject)
    rows = await conn.fetch(SUBJECT_ENTITIES_SQL, memory_ids, [name], name in PERSON_PRONOUNS)
    return {r["memory_id"]: set(r["ids"]) for r in rows}


def to_fact(r) -> Fact:
    return Fact(memory_id=str(r["memory_id"]), subject=r["subject"], predicate=r["predicate"], value=r["value"],
                source=r["source"], confidence=float(r["confidence"]), valid_from=r["valid_from"], type=r["type"],
                said_at=r["said_at"])


async def close(conn: asyncpg.Connection, row, valid_to, by: str, reason: str) -> None:
    await store.snapshot_version(conn, row["memory_id"], reason)
    await conn.execute(
        """UPDATE memory_items SET valid_to = $2, version = version + 1, updated_at = now(),
               value_json = coalesce(value_json, '{}'::jsonb) || jsonb_build_object('superseded_by', $3::text)
           WHERE memory_id = $1""",
        row["memory_id"], valid_to, by)
    await store.audit(conn, "memory.superseded", row["memory_id"], reason, old_version=row["version"],
                      new_version=row["version"] + 1, details={"superseded_by": by})


async def demote(conn: asyncpg.Connection, row, reason: str, contested_by: str) -> None:
    await store.snapshot_version(conn, row["memory_id"], reason)
    await conn.execute(
        """UPDATE memory_items SET tier = 'hypothesis', version = version + 1, updated_at = now(),
               tags = CASE WHEN $2 = ANY(tags) THEN tags ELSE array_append(tags, $2) END,
               value_json = coalesce(value_json, '{}'::jsonb) || jsonb_build_object('contested_by', $3::text)
           WHERE memory_id = $1""",
        row["memory_id"], CONTESTED_TAG if reason.startswith("parent") else "contested", contested_by)
    await store.audit(conn, "memory.contested", row["memory_id"], reason, old_version=row["version"],
                      new_version=row["version"] + 1, details={"contested_by": contested_by})


class SupersessionHandler:
    name = "supersession"

    def __init__(self, hysteresis: float = HYSTERESIS):
        self.hysteresis = hysteresis

    def wants(self, event: BusEvent) -> bool:
        return event.type in ("memory.created", "memory.updated", "memory.reinforced") \
            and event.payload.get("type") in FACT_TYPES \
            and event.payload.get("reason") != "superseded"

    async def handle(self, conn: asyncpg.Connection, event: BusEvent) -> None:
        new = await conn.fetchrow(f"SELECT {FACT_COLUMNS} FROM memory_items WHERE memory_id = $1",
                                  store.UUID(event.payload["memory_id"]))
        if new is None or new["valid_to"] is not None or slot(to_fact(new)) is None:
            return
        owner = new["owner_id"]
        await store.advisory_lock(conn, "slot", str(owner), new["subject"].lower(), new["predicate"])
        olds = await conn.fetch(CANDIDATES_SQL, owner, new["subject"], new["predicate"], new["memory_id"],
                                list(FACT_TYPES))
        if not olds:
            return
        changed: list = []
        named = await subject_entities(conn, [new["memory_id"], *(o["memory_id"] for o in olds)], new["subject"])
        for old in olds:
            if not same_subject(new["subject"], named.get(old["memory_id"], ()), named.get(new["memory_id"], ())):
                continue
            # re-read: an earlier iteration may have changed it
            new = await conn.fetchrow(f"SELECT {FACT_COLUMNS} FROM memory_items WHERE memory_id = $1", new["memory_id"])
            if new["valid_to"] is not None:
                break
            outcome = resolve(to_fact(old), to_fact(new), self.hysteresis)
            if outcome is not Outcome.NO_CONFLICT:
                changed += [old["memory_id"], new["memory_id"]]
            if outcome is Outcome.SUPERSEDE_OLD:
                await close(conn, old, last_said(to_fact(new)), str(new["memory_id"]),
                            "parent fact wins" if new["source"] == "parent" else "newer value")
                await store.outbox(conn, owner, "memory.updated", old["memory_id"],
                                   {"type": old["type"], "reason": "superseded",
                                    "superseded_by": str(new["memory_id"])})
            elif outcome is Outcome.NEW_HYPOTHESIS:
                reason = "parent fact wins" if old["source"] == "parent" else "weaker than current value"
                await demote(conn, new, reason, str(old["memory_id"]))
            elif outcome is Outcome.OLD_HYPOTHESIS:
                await demote(conn, old, "parent fact wins", str(new["memory_id"]))
            elif outcome is Outcome.NEW_IS_HISTORY:
                await close(conn, new, last_said(to_fact(old)), str(old["memory_id"]), "older than current value")
        await recompose_linked_profiles(conn, changed)
