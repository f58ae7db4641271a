"""Supersession: same subject + predicate, different value -> the old one is closed, history kept."""
from __future__ import annotations

from datetime import timedelta

from consolidator.conflict_rules import Fact, Outcome, resolve
from consolidator.supersession import SupersessionHandler

AS_OF = """SELECT value FROM memory_items WHERE owner_id = $1 AND subject = $2 AND predicate = $3
           AND valid_from <= $4 AND (valid_to IS NULL OR valid_to > $4) AND tier = 'solid'"""


def fact(value, source="user", confidence=0.7, day=1, predicate="bedtime"):
    from datetime import datetime, timezone

    return Fact(memory_id=value, subject="child", predicate=predicate, value=value, source=source,
                confidence=confidence, valid_from=datetime(2025, 1, day, tzinfo=timezone.utc))


def test_rules():
    assert resolve(fact("8:00"), fact("8:30", day=2)) is Outcome.SUPERSEDE_OLD
    assert resolve(fact("8:00", source="parent"), fact("9:30", day=2)) is Outcome.NEW_HYPOTHESIS
    assert resolve(fact("9:30"), fact("8:00", source="parent", day=2)) is Outcome.SUPERSEDE_OLD
    assert resolve(fact("9:30", day=3), fact("8:00", source="parent", day=2)) is Outcome.OLD_HYPOTHESIS
    assert resolve(fact("8:00", confidence=0.95), fact("9:00", confidence=0.6, day=2)) is Outcome.NEW_HYPOTHESIS
    assert resolve(fact("8:00", confidence=0.75), fact("9:00", confidence=0.7, day=2)) is Outcome.SUPERSEDE_OLD
    assert resolve(fact("8:00", day=5), fact("9:00", day=2)) is Outcome.NEW_IS_HISTORY
    assert resolve(fact("8:00"), fact("8:00 ", day=2)) is Outcome.NO_CONFLICT
    assert resolve(fact("cats", predicate="likes"), fact("dogs", predicate="likes", day=2)) is Outcome.NO_CONFLICT


async def test_new_value_closes_the_old_one_with_as_of_history(kit, at):
    h = await kit.household("parent", "child")
    t, child = h["tenant"], h["child"]
    await kit.consumers(SupersessionHandler())
    t1, t2 = at(2025, 1, 10, 12), at(2025, 6, 1, 12)
    old = await kit.write(t, child, "My bedtime is 8:00", type="semantic", subject="child", predicate="bedtime",
                          value="8:00", valid_from=t1)
    await kit.drain()
    new = await kit.write(t, child, "My bedtime is 8:30 now", type="semantic", subject="child", predicate="bedtime",
                          value="8:30", valid_from=t2)
    await kit.drain()
    row = (await kit.fetch(t, "SELECT valid_to, version FROM memory_items WHERE memory_id = $1", old))[0]
    assert row["valid_to"] == t2 and row["version"] == 2
    assert [r["value"] for r in await kit.fetch(t, AS_OF, child, "child", "bedtime", t2 - timedelta(days=1))] == ["8:00"]
    assert [r["value"] for r in await kit.fetch(t, AS_OF, child, "child", "bedtime", t2 + timedelta(days=1))] == ["8:30"]
    snap = await kit.fetch(t, "SELECT version, snapshot FROM memory_versions WHERE memory_id = $1", old)
    assert [(s["version"], s["snapshot"]["valid_to"]) for s in snap] == [(1, None)]
    audit = await kit.fetch(t, "SELECT action, details FROM audit_log WHERE target_id = $1", str(old))
    assert [(a["action"], a["details"]["superseded_by"]) for a in audit] == [("memory.superseded", str(new))]
    events = await kit.fetch(t, "SELECT payload FROM outbox WHERE aggregate_id = $1 AND event_type = 'memory.updated'",
                             str(old))
    assert events[0]["payload"]["reason"] == "superseded"


async def test_parent_fact_wins_over_the_childs(kit, at):
    h = await kit.household("parent", "child")
    t, child = h["tenant"], h["child"]
    await kit.consumers(SupersessionHandler())
    rule = await kit.write(t, child, "Bedtime is 8:00", type="semantic", subject="child", predicate="bedtime",
                           value="8:00", source="parent", valid_from=at(2025, 2, 1))
    await kit.drain()
    claim = await kit.write(t, child, "My bedtime is 10 o'clock", type="semantic", subject="child",
                            predicate="bedtime", value="10:00", source="user", confidence=0.95,
                            valid_from=at(2025, 2, 5))
    await kit.drain()
    rows = {r["memory_id"]: r for r in await kit.fetch(
        t, "SELECT memory_id, valid_to, tier, tags FROM memory_items WHERE memory_id = ANY($1::uuid[])", [rule, claim])}
    assert rows[rule]["valid_to"] is None and rows[rule]["tier"] == "solid"
    assert rows[claim]["valid_to"] is None and rows[claim]["tier"] == "hypothesis"
    assert "contested_by_parent" in rows[claim]["tags"]
    assert [r["value"] for r in await kit.fetch(t, AS_OF, child, "child", "bedtime", at(2025, 3, 1))] == ["8:00"]
    # and the parent can change their own rule
    await kit.write(t, child, "Bedtime is 8:30", type="semantic", subject="child", predicate="bedtime",
                    value="8:30", source="parent", valid_from=at(2025, 4, 1))
    await kit.drain()
    assert [r["value"] for r in await kit.fetch(t, AS_OF, child, "child", "bedtime", at(2025, 4, 2))] == ["8:30"]


async def test_late_arriving_older_fact_becomes_history(kit, at):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    await kit.consumers(SupersessionHandler())
    cur = await kit.write(t, child, "I live in Leeds", type="identity", subject="child", predicate="lives_in",
                          value="Leeds", valid_from=at(2025, 5, 1))
    await kit.drain()
    late = await kit.write(t, child, "I lived in York", type="identity", subject="child", predicate="lives_in",
                           value="York", valid_from=at(2024, 1, 1))
    await kit.drain()
    vt = {r["memory_id"]: r["valid_to"] for r in await kit.fetch(
        t, "SELECT memory_id, valid_to FROM memory_items WHERE memory_id = ANY($1::uuid[])", [cur, late])}
    assert vt[cur] is None and vt[late] == at(2025, 5, 1)
    assert [r["value"] for r in await kit.fetch(t, AS_OF.replace("bedtime", "x"), child, "child", "lives_in",
                                                 at(2024, 6, 1))] == ["York"]


async def test_multi_valued_predicates_do_not_supersede(kit):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    await kit.consumers(SupersessionHandler())
    a = await kit.write(t, child, "I like cats", type="preference", subject="child", predicate="likes", value="cats")
    await kit.write(t, child, "I like dogs", type="preference", subject="child", predicate="likes", value="dogs")
    await kit.drain()
    assert await kit.fetchval(t, "SELECT valid_to FROM memory_items WHERE memory_id = $1", a) is None


def test_same_subject_rules():
    from consolidator.conflict_rules import same_subject

    a, b = "entity-a", "entity-b"
    assert same_subject("Chris", {a}, {a})
    assert not same_subject("Chris", {a}, {b})  # two namesakes
    assert same_subject("Chris", {a, b}, {b})  # a memory that names both still shares one
    assert same_subject("Chris", set(), {a}) and same_subject("Chris", set(), set())  # unlinked: taken at its word
    assert same_subject("She", {a}, {a})
    assert not same_subject("she", set(), set()) and not same_subject("He", {a}, set())  # a pronoun is its link


async def _person(kit, tenant, owner, name: str):
    import uuid

    eid = uuid.uuid4()
    async with kit.db.as_system(tenant) as conn:
        await conn.execute(
            "INSERT INTO entities (tenant_id, entity_id, owner_id, type, canonical_name, norm_names, facets) "
            "VALUES ($1, $2, $3, 'person', $4, $5, '{}'::jsonb)",
            tenant, eid, owner, name, [name.lower(), name.split()[0].lower()])
    return eid


async def _link(kit, tenant, memory_id, entity_id) -> None:
    async with kit.db.as_system(tenant) as conn:
        await conn.execute("INSERT INTO memory_entities (tenant_id, memory_id, entity_id, role) "
                           "VALUES ($1, $2, $3, 'mention')", tenant, memory_id, entity_id)


async def test_a_namesakes_fact_closes_nothing_but_the_same_persons_does(kit, at):
    h = await kit.household("parent")
    t, me = h["tenant"], h["parent"]
    await kit.consumers(SupersessionHandler())
    first, second = await _person(kit, t, me, "Rowan Teller"), await _person(kit, t, me, "Rowan Blythe")

    async def fact(text, value, day, who):
        mid = await kit.write(t, me, text, type="semantic", subject="Rowan", predicate="runs", value=value,
                              valid_from=at(2025, 3, day))
        await _link(kit, t, mid, who)
        await kit.drain()
        return mid

    choir = await fact("Rowan runs the village choir", "the village choir", 1, first)
    bakery = await fact("Rowan runs a bakery", "a bakery", 2, second)  # the other Rowan
    open_ = "SELECT memory_id FROM memory_items WHERE memory_id = ANY($1::uuid[]) AND valid_to IS NULL"
    assert {r["memory_id"] for r in await kit.fetch(t, open_, [choir, bakery])} == {choir, bakery}
    orchestra = await fact("Rowan runs the youth orchestra now", "the youth orchestra", 3, first)  # the first again
    assert {r["memory_id"] for r in await kit.fetch(t, open_, [choir, bakery, orchestra])} == {bakery, orchestra}
