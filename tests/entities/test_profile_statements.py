"""A write leaves a full profile alone when none of its memories can enter it (issue 35's turn cost:
on a long conversation the speakers' profiles were recomposed on every turn that named them, a scan
of every memory linked to them). The profile stored must always be the one a full recomposition
gives, whether it was recomposed or left."""
from __future__ import annotations

import asyncio
import json
from datetime import datetime, timedelta, timezone
from uuid import UUID

import asyncpg
import pytest

from memcore.adapters.entity_profiles import FOUNDATIONAL_FIRST, recompose_profile
from memcore.entities import profile_statements as pf
from memcore.entities.profile_statements import EntityAfterWrite, NewStatement, Statement

T0 = datetime(2024, 5, 1, tzinfo=timezone.utc)
LIKES = ["kayaking", "sourdough", "chess", "jazz", "hiking", "pottery", "sushi", "tennis", "origami", "salsa",
         "gardening", "cycling", "knitting", "poetry", "climbing", "baking", "archery", "fencing", "sailing",
         "rowing", "juggling", "bowling", "skating", "surfing", "karate", "yoga", "birdwatching", "fishing",
         "painting", "drumming", "singing", "camping", "snorkelling", "calligraphy", "woodwork", "ballet",
         "cricket", "badminton", "curling", "golf", "handball", "hockey", "judo", "lacrosse", "netball",
         "polo", "rugby", "squash", "volleyball", "wrestling", "croquet", "darts", "snooker", "billiards"]


def _s(rank_type: str, salience: float, minutes: int, text: str = "x") -> Statement:
    return Statement(text, rank_type, salience, T0 + timedelta(minutes=minutes))


def _new(s: Statement, h: str, record: bool = False, mid: str = "m") -> NewStatement:
    return NewStatement(s, h, record, mid)


def _quiet(stored, new) -> EntityAfterWrite:
    return EntityAfterWrite(stored=tuple(stored), changed_itself=False, new_edges=False, shares_a_text=False,
                            reinforced=False, new=tuple(new))


def test_new_statements_take_their_places_and_the_list_keeps_its_length():
    stored = [_s("preference", 0.5, i, f"likes {i}") for i in range(pf.PROFILE_FACTS)]
    cousin = _s("relationship", 0.5, 999, "is my cousin")
    walk = _s("episodic", 0.9, 999, "walked the dog")
    merged = pf.merged(stored, [walk, cousin])
    assert merged is not None and merged[0] == cousin and walk not in merged and len(merged) == pf.PROFILE_FACTS
    assert merged[1:] == stored[:-1]
    assert pf.merged(stored[:3], [walk]) == [*stored[:3], walk]  # a list that is not full takes anything


def test_statements_of_one_kind_salience_and_time_sort_by_their_text_byte_by_byte():
    stored = [_s("preference", 0.5, 1, t) for t in ("Lena likes Tea", "Lena likes coffee", "Lena likes éclairs")]
    assert pf.merged(stored, [_s("preference", 0.5, 1, "Lena likes cocoa")]) == [
        stored[0], _s("preference", 0.5, 1, "Lena likes cocoa"), *stored[1:]]  # upper case first, accents last
    assert pf.merged(stored, [stored[1]]) is None  # equal in every key: only the database can tell


def test_copies_of_one_text_count_once_as_the_database_counts_them():
    fact = _s("preference", 0.5, 5, "Lena likes tea")
    record = _s("episodic", 0.2, 5, "Lena likes tea")
    assert pf.one_per_text([_new(record, "h", record=True, mid="b"), _new(fact, "h", mid="a")]) == [fact]
    same_kind = _s("preference", 0.3, 5, "Lena likes tea")
    assert pf.one_per_text([_new(fact, "h", mid="a"), _new(same_kind, "h", record=True, mid="b")]) == [same_kind]


def test_a_write_leaves_a_profile_only_when_nothing_of_it_changed():
    stored = [_s("preference", 0.5, i, f"likes {i}") for i in range(pf.PROFILE_FACTS)]
    below = [_new(_s("episodic", 0.9, 99, "walked"), "w")]
    assert pf.upkeep(_quiet(stored, below)).leave
    for change in ("changed_itself", "new_edges"):  # the statements stay, the rest of the summary changed
        plan = pf.upkeep(EntityAfterWrite(**{**_quiet(stored, below).__dict__, change: True}))
        assert not plan.leave and plan.statements == stored, change
    for change in ("shares_a_text", "reinforced"):  # only the database knows
        plan = pf.upkeep(EntityAfterWrite(**{**_quiet(stored, below).__dict__, change: True}))
        assert not plan.leave and plan.statements is None, change
    assert pf.upkeep(EntityAfterWrite(**{**_quiet(stored, below).__dict__, "stored": None})).statements is None
    entering = pf.upkeep(_quiet(stored, [_new(_s("identity", 0.5, 99, "is 30"), "i")]))
    assert not entering.leave and entering.statements is not None and entering.statements[0].text == "is 30"


def test_the_sql_ranking_is_the_python_one():
    for memory_type, rank in pf.FOUNDATIONAL_RANK.items():
        assert f"WHEN '{memory_type}' THEN {rank}" in FOUNDATIONAL_FIRST
    assert FOUNDATIONAL_FIRST.endswith(f"ELSE {pf.OTHER_RANK} END")
    assert pf.rank_of("episodic") == pf.rank_of("routine") == pf.OTHER_RANK


@pytest.fixture(scope="module")
def lena(new_tenant):
    tenant = new_tenant("user")
    client = tenant["clients"][0]
    for i, thing in enumerate(LIKES):
        r = client.post("/v1/conversations/floor/turns",
                        json={"speaker": "user", "text": f"Lena likes {thing}.", "at": (T0 + timedelta(minutes=i)).isoformat()})
        assert r.status_code == 200, r.text
    [entity] = [e for e in client.get("/v1/entities", params={"q": "Lena"}).json()["items"] if e["name"] == "Lena"]
    return {"client": client, "tenant_id": tenant["tenant_id"], "entity": UUID(entity["id"])}


def _stored_and_recomposed(stack_env, lena) -> tuple[tuple, tuple]:
    async def run() -> tuple[tuple, tuple]:
        conn = await asyncpg.connect(stack_env["MEMORY_APP_DATABASE_URL"])
        await conn.set_type_codec("jsonb", encoder=json.dumps, decoder=json.loads, schema="pg_catalog")
        try:
            tr = conn.transaction()
            await tr.start()
            await conn.execute("SELECT set_config('app.tenant_id', $1, true), set_config('app.role', 'system', true)",
                               lena["tenant_id"])
            q = "SELECT profile_summary, context_tags, profile_statements, updated_at FROM entities WHERE entity_id = $1"
            stored = tuple(await conn.fetchrow(q, lena["entity"]))
            await recompose_profile(conn, lena["entity"])
            fresh = tuple(await conn.fetchrow(q, lena["entity"]))
            await tr.rollback()
            return stored, fresh
        finally:
            await conn.close()
    return asyncio.run(run())


def _say(lena, text: str, minutes: int) -> None:
    r = lena["client"].post("/v1/conversations/floor/turns",
                            json={"speaker": "user", "text": text, "at": (T0 + timedelta(minutes=minutes)).isoformat()})
    assert r.status_code == 200, r.text


def test_a_turn_that_cannot_enter_the_profile_leaves_it_and_it_is_still_the_full_recomposition(stack_env, lena):
    before, fresh = _stored_and_recomposed(stack_env, lena)
    assert before[2] is not None and len(before[2]) == pf.PROFILE_FACTS, "the profile keeps its statements"
    assert before[:3] == fresh[:3]
    _say(lena, "Lena walked the dog along the canal on Tuesday.", 500)  # an episode: after every liking
    after, fresh = _stored_and_recomposed(stack_env, lena)
    assert after == before, "the profile was recomposed although nothing could enter it"
    assert after[:3] == fresh[:3]


def test_a_turn_that_enters_the_profile_recomposes_it(stack_env, lena):
    _say(lena, "Lena is my cousin.", 600)  # who she is comes before what she likes
    after, fresh = _stored_and_recomposed(stack_env, lena)
    assert "cousin" in after[0], after[0]
    assert after[:3] == fresh[:3]


def test_every_change_to_a_linked_memory_clears_the_kept_statements(stack_env, lena):
    """Retention deletes rows without recomposing profiles; feedback and supersession change them: the
    database clears what the profile kept (migration 0030), so no forgotten word stays in it and the
    next write reads the statements again."""
    async def run() -> dict:
        conn = await asyncpg.connect(stack_env["MEMORY_APP_DATABASE_URL"])
        out = {}
        try:
            for case, sql in [("unrelated", "UPDATE memory_items SET mention_count = mention_count + 1 WHERE memory_id = $1"),
                              ("disputed", "UPDATE memory_items SET tier = 'disputed' WHERE memory_id = $1"),
                              ("salience", "UPDATE memory_items SET salience = salience / 2 WHERE memory_id = $1"),
                              ("deleted", "DELETE FROM memory_items WHERE memory_id = $1")]:
                tr = conn.transaction()
                await tr.start()
                await conn.execute("SELECT set_config('app.tenant_id', $1, true), set_config('app.role', 'system', true)",
                                   lena["tenant_id"])
                liked = await conn.fetchval(
                    """SELECT m.memory_id FROM memory_items m JOIN memory_entities l USING (tenant_id, memory_id)
                       WHERE l.entity_id = $1 AND m.layer = 'knowledge' AND m.text = 'Lena likes chess'""", lena["entity"])
                assert liked is not None
                await conn.execute(sql, liked)
                out[case] = await conn.fetchval("SELECT profile_statements IS NULL FROM entities WHERE entity_id = $1",
                                                lena["entity"])
                await tr.rollback()
        finally:
            await conn.close()
        return out

    assert asyncio.run(run()) == {"unrelated": False, "disputed": True, "salience": True, "deleted": True}


def test_forgetting_a_statement_takes_it_out_of_the_profile(stack_env, lena):
    client = lena["client"]
    [fact] = [m for m in client.get(f"/v1/entities/{lena['entity']}").json()["memories"]
              if m["text"] == "Lena likes sourdough"]
    assert client.delete(f"/v1/memory/{fact['id']}").status_code == 204
    _say(lena, "Lena went rowing with her club on Sunday.", 700)
    after, fresh = _stored_and_recomposed(stack_env, lena)
    assert "Lena likes sourdough" not in json.dumps(after[2]) and after[:3] == fresh[:3]


def test_a_merge_into_a_list_another_write_changed_meanwhile_is_not_stored(stack_env, new_tenant):
    """Two writes naming one person at once: the second read the kept statements before the first
    committed its merge. Storing its own merge would drop the first's statements from every later
    merge; it waits on the first's row lock, finds the entity changed and reads the profile from the
    database instead. The statements merged here are made up, so only a profile read from the
    database equals a full recomposition afterwards."""
    from memcore.adapters.entity_profiles import keep_profiles_after_write

    tenant = new_tenant("user")
    client = tenant["clients"][0]
    r = client.post("/v1/conversations/race/turns", json={"speaker": "user", "text": "Omar likes chess.",
                                                           "at": T0.isoformat()})
    assert r.status_code == 200, r.text
    [omar] = [e for e in client.get("/v1/entities", params={"q": "Omar"}).json()["items"] if e["name"] == "Omar"]
    entity = UUID(omar["id"])

    def made_up(text: str, minutes: int) -> dict:
        s = Statement(text, "preference", 0.5, T0 + timedelta(minutes=minutes))
        return {entity: [NewStatement(s, f"hash-{text}", False, str(UUID(int=minutes)))]}

    async def begin() -> asyncpg.Connection:
        conn = await asyncpg.connect(stack_env["MEMORY_APP_DATABASE_URL"])
        await conn.set_type_codec("jsonb", encoder=json.dumps, decoder=json.loads, schema="pg_catalog")
        await conn.execute("BEGIN; SELECT set_config('app.tenant_id', $$%s$$, true), "
                           "set_config('app.role', 'system', true)" % tenant["tenant_id"])
        return conn

    async def race() -> None:
        first, second = await begin(), await begin()
        try:
            assert await keep_profiles_after_write(first, {entity}, made_up("Omar likes sailing", 1), set()) == [entity]
            waiting = asyncio.ensure_future(keep_profiles_after_write(second, {entity}, made_up("Omar likes rowing", 2), set()))
            await asyncio.sleep(1.0)
            assert not waiting.done(), "the second write did not wait for the first's row lock"
            await first.execute("COMMIT")
            await waiting
            await second.execute("COMMIT")
        finally:
            await first.close()
            await second.close()

    asyncio.run(race())
    stored, fresh = _stored_and_recomposed(stack_env, {"tenant_id": tenant["tenant_id"], "entity": entity})
    assert "rowing" not in json.dumps(stored[2]) and stored[:3] == fresh[:3], (stored[2], fresh[2])

