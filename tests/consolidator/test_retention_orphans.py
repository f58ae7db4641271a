"""Retention expiry and derived deletes take the entities only they named with them (issue 33)."""
from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone

from consolidator import maintenance

ENTITY_SQL = """INSERT INTO entities (tenant_id, entity_id, owner_id, type, canonical_name, aliases, norm_names,
                                      profile_summary)
                VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, $5, $6, $7)"""


async def _entity(kit, tenant, owner, name: str, type_: str = "person", aliases=()) -> uuid.UUID:
    eid = uuid.uuid4()
    async with kit.db.as_system(tenant) as conn:
        await conn.execute(ENTITY_SQL, eid, owner, type_, name, list(aliases), [name.lower()],
                           f"{name}: {type_} the owner mentioned")
    return eid


async def _link(kit, tenant, memory_id, entity_id) -> None:
    async with kit.db.as_system(tenant) as conn:
        await conn.execute("INSERT INTO memory_entities (tenant_id, memory_id, entity_id) "
                           "VALUES (current_setting('app.tenant_id')::uuid, $1, $2)", memory_id, entity_id)


async def test_an_expired_memory_takes_the_people_only_it_named(kit):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    past = datetime.now(timezone.utc) - timedelta(minutes=1)
    gone = await kit.write(t, child, "Coach Hendricks moved practice to Fridays.", embed=False, expires_at=past)
    kept = await kit.write(t, child, "Aunt Priya sent a postcard.", embed=False)
    also = await kit.write(t, child, "Aunt Priya is visiting in May.", embed=False, expires_at=past)
    coach = await _entity(kit, t, child, "Coach Hendricks", aliases=["Hendricks"])
    priya = await _entity(kit, t, child, "Aunt Priya")
    club = await _entity(kit, t, child, "Riverside Football Club", "org")
    async with kit.db.as_system(t) as conn:  # a member entity keeps its organisation; an edge keeps both ends
        await conn.execute("UPDATE entities SET parent_entity_id = $1 WHERE entity_id = $2", club, coach)
        await conn.execute("""INSERT INTO entity_edges (tenant_id, edge_id, src_entity_id, predicate, dst_entity_id,
                                                        memory_id)
                              VALUES (current_setting('app.tenant_id')::uuid, gen_random_uuid(), $1, 'coaches', $2,
                                      $3)""", coach, priya, gone)
    await _link(kit, t, gone, coach)
    await _link(kit, t, kept, priya)
    await _link(kit, t, also, priya)
    async with kit.db.as_system(t) as conn:
        assert await maintenance.expire(conn) == 2
    left = {r["canonical_name"] for r in await kit.fetch(t, "SELECT canonical_name FROM entities")}
    assert left == {"Aunt Priya"}, left
    assert await kit.fetchval(t, "SELECT count(*) FROM entity_edges") == 0


async def test_a_derived_delete_takes_an_entity_only_it_named(kit):
    """A summary deleted by the consolidator (its sources gone) is a delete path too."""
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    mid = await kit.write(t, child, "Summary: we met Captain Flint at the harbour.", type="summary",
                          source="system", embed=False)
    flint = await _entity(kit, t, child, "Captain Flint")
    await _link(kit, t, mid, flint)
    untouched = await _entity(kit, t, child, "Never Linked")  # no memory was ever removed from it
    async with kit.db.as_system(t) as conn:
        await conn.execute("DELETE FROM memory_items WHERE memory_id = $1", mid)
    left = {r["entity_id"] for r in await kit.fetch(t, "SELECT entity_id FROM entities")}
    assert left == {untouched}


async def test_an_entity_relinked_in_the_same_transaction_stays(kit):
    """The check runs at commit: a link removed and written again (a re-link after an edit) keeps it."""
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    mid = await kit.write(t, child, "Dr. Osei checked my ears.", embed=False)
    osei = await _entity(kit, t, child, "Dr. Osei")
    await _link(kit, t, mid, osei)
    async with kit.db.as_system(t) as conn:
        await conn.execute("DELETE FROM memory_entities WHERE memory_id = $1", mid)
        await conn.execute("INSERT INTO memory_entities (tenant_id, memory_id, entity_id) "
                           "VALUES (current_setting('app.tenant_id')::uuid, $1, $2)", mid, osei)
    assert await kit.fetchval(t, "SELECT count(*) FROM entities WHERE entity_id = $1", osei) == 1
