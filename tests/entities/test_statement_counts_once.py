"""An entity counts a statement once, whichever layer it lives in (issues 34 and 35). A fact drawn
from a turn in the turn's own words ("Peter delivered 8 outlines Thursday to SharePoint") is a row
of its own beside the turn's record, linked to the same entities; the entity's profile and the entity
and conversation paths of retrieval take the statement once, as the turn said it (the
record, with the salience read from the turn), not twice and not at the fact's salience of its type:
otherwise each such turn took two of the profile's and the paths' places and its fact outranked the
entity's most telling turns (the writer Peter's profile in S2, the Anderson order's turns in S3)."""
import asyncio
from uuid import UUID

import asyncpg
import pytest

from memcore.textnorm import normalise
from memory_api.store import entity_repo

NOTED = "Peter took Friday off; his articles for Anderson are late."
ROUTINE = [f"Peter delivered {n} outlines {day} to SharePoint." for n, day in
           zip(range(2, 14), ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] * 2)]


@pytest.fixture(scope="module")
def peter(new_tenant):
    tenant = new_tenant("user")
    client = tenant["clients"][0]
    records, facts = {}, {}
    for i, text in enumerate([NOTED, *ROUTINE]):
        r = client.post(f"/v1/conversations/once-{i}/turns",
                        json={"speaker": "user", "text": text, "at": f"2024-05-{i + 1:02d}T10:00:00Z"})
        assert r.status_code == 200, r.text
        for item in r.json()["items"]:
            m = item["memory"]
            (records if m["layer"] == "record" else facts)[m["id"]] = m
    own_words = [f for f in facts.values() if any(normalise(f["text"]) == normalise(r["text"]) and r["type"] == f["type"]
                                                  for r in records.values())]
    assert len(own_words) == len(ROUTINE), facts  # each routine turn's fact says it in the turn's words
    [entity] = [e for e in client.get("/v1/entities", params={"q": "Peter"}).json()["items"] if e["name"] == "Peter"]
    return {"client": client, "tenant_id": tenant["tenant_id"], "owner": tenant["users"][0]["user_id"],
            "entity": entity["id"], "records": records, "own_words": {f["id"] for f in own_words}}


def test_the_profile_keeps_the_most_telling_turn_among_statements_said_twice(peter):
    profile = peter["client"].get(f"/v1/entities/{peter['entity']}").json()["profile"]
    episodes = profile.split("Episodes: ", 1)[1]
    assert NOTED.rstrip(".") in episodes, profile  # its record's salience is the highest of Peter's turns
    assert len(profile.split("Episodes: ", 1)[1].split(". ")) <= 10


def test_the_entity_still_lists_every_row_for_a_split(peter):
    listed = {m["id"] for m in peter["client"].get(f"/v1/entities/{peter['entity']}").json()["memories"]}
    assert listed == set(peter["records"]) | peter["own_words"]  # a split may move the fact and its record


def test_the_entity_and_conversation_paths_take_each_statement_once(stack_env, peter):
    async def paths() -> tuple[list, list]:
        conn = await asyncpg.connect(stack_env["MEMORY_APP_DATABASE_URL"])
        try:
            async with conn.transaction():
                await conn.execute("SELECT set_config('app.tenant_id', $1, true), set_config('app.role', 'system', true)",
                                   peter["tenant_id"])
                owner, entity = UUID(peter["owner"]), [UUID(peter["entity"])]
                about = await entity_repo.about_memories(conn, owner, entity, "m.valid_to IS NULL", [], limit=50)
                defining = await entity_repo.entity_memories(conn, owner, entity, "m.valid_to IS NULL", [], limit=50)
                return about, defining
        finally:
            await conn.close()

    about, defining = asyncio.run(paths())
    ids = [str(m) for m, _ in about]
    assert len(ids) == 1 + len(ROUTINE) and not set(ids) & peter["own_words"], about
    assert ids[0] == next(i for i, r in peter["records"].items() if r["text"] == NOTED)  # the most salient turn first
    assert not {str(m) for m, _ in defining} & peter["own_words"]


def test_a_topics_people_count_each_statement_once(stack_env, new_tenant):
    """Whom a topic's pronouns mean (session_tracking.topic_people): the person most often said with
    it, counting what was said, not the rows it lives in (issue 37)."""
    from memory_api.store import topic_repo

    tenant = new_tenant("user")
    client = tenant["clients"][0]
    texts = ["Anna recorded the harbour podcast intro.", "Anna edited the harbour podcast outro.",
             "Did Tom hear the harbour podcast?", "Has Tom shared the harbour podcast?",
             "Will Tom like the harbour podcast?"]
    layers = []
    for i, text in enumerate(texts):
        r = client.post(f"/v1/conversations/topic-{i}/turns",
                        json={"speaker": "user", "text": text, "at": f"2024-06-{i + 1:02d}T10:00:00Z"})
        assert r.status_code == 200, r.text
        layers.append([item["memory"]["layer"] for item in r.json()["items"]])
    assert layers[:2] == [["record", "knowledge"]] * 2 and layers[2:] == [["record"]] * 3, layers  # Anna's in both

    async def people() -> list:
        conn = await asyncpg.connect(stack_env["MEMORY_APP_DATABASE_URL"])
        try:
            async with conn.transaction():
                await conn.execute("SELECT set_config('app.tenant_id', $1, true), set_config('app.role', 'system', true)",
                                   tenant["tenant_id"])
                return await topic_repo.people_of_topic(conn, UUID(tenant["users"][0]["user_id"]), "harbour podcast")
        finally:
            await conn.close()

    rows = asyncio.run(people())
    assert [(r["canonical_name"], r["n"]) for r in rows] == [("Tom", 3), ("Anna", 2)], rows
