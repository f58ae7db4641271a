"""What a write did to an entity's profile (memcore.adapters.entity_profiles.AFTER_WRITE_SQL), read
in every write that links a memory to a person: whether another of the person's memories says the
same text must be found from the write's few text hashes, not by walking every memory the person
is linked to. For a tenant the planner statistics have not seen, the old join walked all of the
tenant's memories once per link: 106,000 buffers and 31 ms for a person with 92 links in `memctl
bench locomo`, up to half a second a turn as the conversation grew."""
import uuid

import psycopg

from app_role import in_tenant
from memcore.adapters.entity_profiles import AFTER_WRITE_SQL

TURNS = 40


def _plan_and_answers(stack_env, tenant_id, owner, entity, shared_hash, own_ids):
    async def work(conn):
        plan = "\n".join(r[0] for r in await conn.fetch(  # a text nobody else said: no early exit
            "EXPLAIN (ANALYZE, BUFFERS) " + AFTER_WRITE_SQL, [entity], own_ids, ["a text nobody said"]))
        [row] = await conn.fetch(AFTER_WRITE_SQL, [entity], own_ids, [shared_hash])
        [alone] = await conn.fetch(AFTER_WRITE_SQL, [entity], own_ids, ["a text nobody said"])
        return plan, row["shares_a_text"], alone["shares_a_text"]

    return in_tenant(stack_env, tenant_id, owner, work)


def _memory_scans(plan: str) -> list[int]:
    """How many times each scan of memory_items in the plan ran."""
    return [int(float(line.split("loops=")[1].rstrip(")"))) for line in plan.splitlines() if " on memory_items " in line]


def test_whether_a_person_already_has_a_text_is_found_from_the_texts_not_from_every_link(stack_env, new_tenant):
    home = new_tenant("user")
    client = home["clients"][0]
    owner, tenant = uuid.UUID(home["users"][0]["user_id"]), uuid.UUID(home["tenant_id"])
    for n in range(TURNS):
        r = client.post("/v1/conversations/plan-s1/turns",
                        json={"speaker": "user", "text": f"Omar took the {n + 1}th train to Leeds on Sunday."})
        assert r.status_code == 200, r.text
    [omar] = [e for e in client.get("/v1/entities", params={"q": "Omar"}).json()["items"] if e["name"] == "Omar"]
    entity = uuid.UUID(omar["id"])
    with psycopg.connect(stack_env["DATABASE_URL"], autocommit=True) as conn:
        linked = conn.execute(
            "SELECT m.memory_id, m.text_hash FROM memory_entities l JOIN memory_items m USING (tenant_id, memory_id) "
            "WHERE l.entity_id = %s ORDER BY m.observed_at", (entity,)).fetchall()
    assert len(linked) >= TURNS  # every turn's record (and its facts) is linked to him
    first_hash = linked[0][1]
    same_text = [memory_id for memory_id, h in linked if h == first_hash]  # a turn's record, its fact in its words

    # the write's own memories do not count; another memory of his with that text does
    plan, shares, alone = _plan_and_answers(stack_env, tenant, owner, entity, first_hash, [uuid.uuid4()])
    assert shares is True and alone is False
    _, own_only, _ = _plan_and_answers(stack_env, tenant, owner, entity, first_hash, same_text)
    assert own_only is False
    # the owner's memories are looked up once for the write, not once per link
    assert _memory_scans(plan) == [1], plan
