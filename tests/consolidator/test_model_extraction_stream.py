"""The model extractor off the hot path (issue 35 item 5), end to end on the real stack: a turn
answered by memory-api with the deterministic facts, its record's event relayed from the outbox to
the change stream, the model extractor's consumer (memory_api.model_extraction) replaying a recorded
Azure OpenAI answer, and what the model adds written through the same gate, dedupe and review."""
from __future__ import annotations

import asyncio
import importlib.util
import uuid
from pathlib import Path

import asyncpg
import httpx
import pytest_asyncio

from memcore.policy.client import HttpPolicyClient
from memcore.transient import Backoff
from memory_api.app import ApiSettings, build_cipher
from memory_api.deps import Resources
from memory_api.model_extraction import TAG, ModelExtraction

DATA = Path(__file__).resolve().parents[1] / "data" / "model_extractor"
_spec = importlib.util.spec_from_file_location("model_extractor_replay", DATA / "replay.py")
replay = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(replay)

KNOWLEDGE_SQL = """SELECT memory_id, type, subject, predicate, value, text, source_turns, tags FROM memory_items
                   WHERE owner_id = $1 AND layer = 'knowledge' ORDER BY created_at, memory_id"""


@pytest_asyncio.fixture(loop_scope="session")
async def res(stack_env, kit, embedder, policy_server):
    """memory-api's resources in the test's event loop (the write path the consumer uses)."""
    settings = ApiSettings(database_url=stack_env["DATABASE_URL"], app_database_url=stack_env.get(
        "MEMORY_APP_DATABASE_URL"), redis_url=stack_env["REDIS_URL"], policy_url=policy_server.url,
        log_level="WARNING")
    policy = HttpPolicyClient(policy_server.url, timeout=5.0)
    yield Resources(settings=settings, db=kit.db, redis=None, embedder=embedder, policy=policy, token_cache=None,
                    cipher=build_cipher(settings), batch_embedder=embedder)
    await policy.aclose()


async def stream(kit, sub, consumer: ModelExtraction) -> list:
    """Relay the outbox to the bus and let the consumer read until both are quiet; its reports."""
    reports, quiet = [], 0
    original = consumer.handle

    async def handle(event):
        report = await original(event)
        if report is not None:
            reports.append(report)
        return report

    consumer.handle = handle
    while quiet < 2:
        n = await kit.relay.relay_once() + await consumer.run_once(sub, timeout_s=0.05)
        quiet = quiet + 1 if n == 0 else 0
    return reports


def say(client, session: str, text: str, speaker: str = "Mia") -> dict:
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": speaker, "text": text})
    assert r.status_code == 200, r.text
    return r.json()


async def subscribed(kit):
    return await kit.bus.subscribe(f"test.model_extraction.{uuid.uuid4().hex[:6]}", "c1")


async def test_the_models_facts_arrive_through_the_stream_gated_cited_and_once(kit, res, new_tenant):
    home = new_tenant("parent", "child")
    child, parent, tenant, uid = home["clients"][1], home["clients"][0], home["tenant_id"], home["users"][1]["user_id"]
    r = parent.put(f"/v1/users/{uid}/policy", json={"age_band": "8_12", "review_new_types": ["relationship"]})
    assert r.status_code == 200, r.text
    sub, sent = await subscribed(kit), []
    case = replay.recorded("adds")
    consumer = ModelExtraction(res, replay.extractor(case["response"], sent), timeout_s=5.0)
    earlier = uuid.UUID(record_id(say(child, "mx-0", "I can play chess.")))  # the rules: "Mia can play chess"
    record = {"id": record_id(say(child, "mx-1", case["turn"]))}  # the hot path: the deterministic facts only
    before = await kit.fetch(tenant, KNOWLEDGE_SQL, uuid.UUID(uid))
    assert not any(TAG in r["tags"] for r in before)

    [report] = [r for r in await stream(kit, sub, consumer) if str(r.record_id) == record["id"]]
    asked = len(sent)
    assert report.source == "model" and report.rejected == {"value_not_in_turn": 1}  # "unicorns", counted
    assert [m["messages"][1]["content"] for m in sent].count('{"speaker": "Mia", "text": "%s"}' % case["turn"]) == 1
    after = await kit.fetch(tenant, KNOWLEDGE_SQL, uuid.UUID(uid))
    added = [r for r in after if TAG in r["tags"]]
    # card tricks are new; chess, known from the earlier turn, is said again (reinforced, citing both
    # turns); the grandpa the rules gave (held for review on the hot path) is not given again
    assert {(r["type"], r["predicate"], r["value"]) for r in added} == {("skill", "learning", "card tricks")}
    assert all(r["source_turns"] == [uuid.UUID(record["id"])] for r in added)
    [chess] = [r for r in after if r["value"] == "play chess"]
    assert chess["source_turns"] == [earlier, uuid.UUID(record["id"])]
    assert [s.status for s in report.results].count("reinforced") == 1
    # a child's new relationship goes to parent review, as any candidate's does: once each
    assert [s.status for s in report.results].count("held") == 1
    queue = parent.get("/v1/review", params={"owner_id": uid}).json()["items"]
    held = sorted(i["text"] for i in queue)
    # two held: the rules' grandpa (queued by the hot path) and the model's friend; the model's
    # grandpa is not queued a second time
    assert len(held) == 2 and [t for t in held if "Noah" in t] == ["Mia's friend is Noah"], held

    # the same event again (a redelivery, a second instance): nothing more, the model not asked again
    again = await consumer.extract_turn(uuid.UUID(tenant), uuid.UUID(record["id"]))
    assert again.source == "duplicate" and len(sent) == asked
    assert len(await kit.fetch(tenant, KNOWLEDGE_SQL, uuid.UUID(uid))) == len(after)

    # forgetting the turn forgets what the model drew from it
    assert child.delete(f"/v1/memory/{record['id']}").status_code == 204
    left = await kit.fetch(tenant, KNOWLEDGE_SQL, uuid.UUID(uid))
    assert not any(uuid.UUID(record["id"]) in r["source_turns"] for r in left)
    assert [r["source_turns"] for r in left if r["value"] == "play chess"] == [[earlier]]  # taught before too


async def test_assistant_lines_are_never_sent_and_a_timeout_keeps_the_rules_facts(kit, res, new_tenant):
    home = new_tenant("user")
    client, tenant, uid = home["clients"][0], home["tenant_id"], uuid.UUID(home["users"][0]["user_id"])
    sub, sent = await subscribed(kit), []
    consumer = ModelExtraction(res, replay.extractor(httpx.ReadTimeout("timed out"), sent), timeout_s=5.0)
    line = record_id(say(client, "mx-2", "Ponies are lovely. Does Pepper like to play with string?",
                         speaker="assistant"))
    own = record_id(say(client, "mx-2", "I love horses, especially ponies.", speaker="Dana"))
    before = await kit.fetch(tenant, KNOWLEDGE_SQL, uid)
    reports = {r.record_id: r for r in await stream(kit, sub, consumer)}  # (other tests' turns may pass too)
    assert sorted(reports[uuid.UUID(i)].source for i in (line, own)) == ["fallback", "skipped"]
    assert reports[uuid.UUID(own)].error == "APITimeoutError"
    said = [m["messages"][1]["content"] for m in sent]
    assert not any("Pepper" in s for s in said)  # the assistant's line never reaches the model
    assert said.count('{"speaker": "Dana", "text": "I love horses, especially ponies."}') == 1
    after = await kit.fetch(tenant, KNOWLEDGE_SQL, uid)
    assert [r["memory_id"] for r in after] == [r["memory_id"] for r in before] and before  # nothing lost or added
    assert (await consumer.extract_turn(uuid.UUID(tenant), uuid.UUID(own))).source == "duplicate"


async def test_a_database_outage_is_waited_out_and_nothing_is_dead_lettered(kit, res, new_tenant):
    """A turn's event met while Postgres is away (the error it answers while it starts up, for as many
    tries as the bus redelivers an event) is held and tried again with backoff, as the consolidator's
    consumers do (memcore.transient): once the database answers, the model's facts are written once
    and the event is neither failed nor dead-lettered."""
    home = new_tenant("user")
    client, tenant, uid = home["clients"][0], home["tenant_id"], uuid.UUID(home["users"][0]["user_id"])
    group = f"test.model_extraction.{uuid.uuid4().hex[:6]}"
    sub, case = await kit.bus.subscribe(group, "c1"), replay.recorded("adds")
    consumer = ModelExtraction(res, replay.extractor(case["response"]), timeout_s=5.0)
    consumer.backoff = Backoff(0.01, 0.05)
    record = uuid.UUID(record_id(say(client, "mx-5", case["turn"])))
    real, outage = consumer.extract_turn, []

    async def extract_turn(tenant_id, rid):
        if rid == record and len(outage) < kit.bus.max_attempts:
            outage.append(rid)
            raise asyncpg.exceptions.CannotConnectNowError("the database system is starting up")
        return await real(tenant_id, rid)

    consumer.extract_turn = extract_turn
    added = []
    for _ in range(100):  # until the facts are written or the event is dead-lettered (at most ~10 s)
        await kit.relay.relay_once()
        await consumer.run_once(sub, timeout_s=0.05)
        added = [r for r in await kit.fetch(tenant, KNOWLEDGE_SQL, uid) if TAG in r["tags"]]
        if added or await kit.bus.dead_letters(group):
            break
        await asyncio.sleep(0.1)
    assert len(outage) == kit.bus.max_attempts  # the outage outlasted what redelivery alone allows
    assert await kit.bus.dead_letters(group) == []
    assert added and len({r["value"] for r in added}) == len(added), added  # written, once each
    assert (await real(uuid.UUID(tenant), record)).source == "duplicate"


def record_id(answer: dict) -> str:
    return next(i["memory"]["id"] for i in answer["items"] if i.get("memory") and i["memory"]["layer"] == "record")


async def test_memory_api_runs_the_consumer_when_given_an_extractor(kit, stack_env, embedder, policy_server,
                                                                    monkeypatch):
    """The wiring: a memory-api built with a model extractor reads the change stream itself (its own
    consumer group) and stops with the app."""
    import asyncio

    from memcore.adapters.bus.redis_streams import RedisStreamsBus
    from memcore.devstack.live_server import LiveServer
    from consolidator.relay import OutboxRelay
    from memory_api.app import create_app

    prefix = f"test:mx:{uuid.uuid4().hex[:8]}"
    monkeypatch.setenv("CONSOLIDATOR_STREAM_PREFIX", prefix)
    settings = ApiSettings(database_url=stack_env["DATABASE_URL"], app_database_url=stack_env.get(
        "MEMORY_APP_DATABASE_URL"), redis_url=stack_env["REDIS_URL"], admin_token="mx-admin",
        policy_url=policy_server.url, log_level="WARNING")
    case = replay.recorded("adds")
    server = LiveServer(create_app(settings, embedder=embedder, model_extractor=replay.extractor(case["response"])),
                        "memory-api-mx").start()
    bus = RedisStreamsBus(stack_env["REDIS_URL"], prefix=prefix)
    try:
        admin = {"Authorization": "Bearer mx-admin"}
        body = httpx.post(f"{server.url}/v1/admin/tenants", headers=admin, json={
            "name": "mx", "kind": "household", "opted_in": True,
            "users": [{"display_name": "Mia", "role": "child", "age_band": "8_12"}]}).json()
        [user] = body["users"]
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {user['token']}"}) as child:
            say(child, "mx-3", case["turn"])
        relay = OutboxRelay(kit.relay_db.pool, bus, batch=500)
        for _ in range(600):  # until the app's consumer has written the model's facts (at most a minute)
            await relay.relay_once()
            rows = await kit.fetch(body["tenant_id"], KNOWLEDGE_SQL, uuid.UUID(user["user_id"]))
            if any(TAG in r["tags"] for r in rows):
                break
            await asyncio.sleep(0.1)
        assert {r["value"] for r in rows if TAG in r["tags"]} == {"play chess", "card tricks", "Noah"}
    finally:
        server.stop()
        keys = [k async for k in bus.redis.scan_iter(match=f"{prefix}:*")]
        if keys:
            await bus.redis.delete(*keys)
        await bus.close()
