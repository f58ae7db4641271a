"""Supersession whatever the consumer's lag (issue 34, the chaos run against its fault-free twin):
the latest mention of a single-valued fact wins, and the profiles of the entities linked to a fact
the consumer closes follow at once. Through the real write path (memory-api, the policy service)
and the consolidator's consumers on the same database."""
from __future__ import annotations

from consolidator.supersession import SupersessionHandler

CURRENT_SQL = """SELECT value FROM memory_items WHERE owner_id = $1 AND layer = 'knowledge'
                 AND predicate = $2 AND valid_to IS NULL AND tier = 'solid'"""
AT = "2025-03-01T10:00:00+00:00"


def say(client, session: str, text: str, hour: int, speaker: str = "Dana") -> dict:
    r = client.post(f"/v1/conversations/{session}/turns",
                    json={"speaker": speaker, "text": text, "at": f"2025-03-01T{hour:02d}:00:00+00:00"})
    assert r.status_code == 200, r.text
    return r.json()


def knowledge(body: dict) -> list[dict]:
    return [i["memory"] for i in body["items"] if i.get("memory") and i["memory"]["layer"] == "knowledge"]


async def current(kit, tenant, owner, predicate: str) -> list[str]:
    return sorted(r["value"] for r in await kit.fetch(tenant, CURRENT_SQL, owner, predicate))


async def test_a_repeat_said_while_the_consumer_lags_is_a_row_of_its_own_and_wins(kit, new_tenant):
    home = new_tenant("user")
    client, uid, tenant = home["clients"][0], home["users"][0]["user_id"], home["tenant_id"]
    await kit.consumers(SupersessionHandler())
    [porto] = knowledge(say(client, "lag-1", "I live in Porto.", 10))
    predicate = porto["predicate"]
    await kit.drain()
    # the consumer is behind: Leeds is not applied yet when Porto is said again; Leeds, said later,
    # would close the first Porto row, so the repeat is a row of its own, as without lag
    say(client, "lag-2", "I live in Leeds.", 11)
    [again] = knowledge(say(client, "lag-2", "I live in Porto.", 12))
    assert again["id"] != porto["id"]
    await kit.drain()
    assert await current(kit, tenant, uid, predicate) == ["Porto"]
    closed = await kit.fetchval(tenant, "SELECT valid_to FROM memory_items WHERE memory_id = $1", porto["id"])
    assert closed is not None and closed.isoformat() == "2025-03-01T11:00:00+00:00"
    # said again with no later value: a reinforcement; when it was last said is the turn's time
    [third] = knowledge(say(client, "lag-3", "I live in Porto.", 13))
    assert third["id"] == again["id"]
    seen = await kit.fetchval(tenant, "SELECT last_seen_at FROM memory_items WHERE memory_id = $1", again["id"])
    assert seen.isoformat() == "2025-03-01T13:00:00+00:00"


async def test_without_lag_the_repeat_wins_too(kit, new_tenant):
    home = new_tenant("user")
    client, uid, tenant = home["clients"][0], home["users"][0]["user_id"], home["tenant_id"]
    await kit.consumers(SupersessionHandler())
    for hour, city in ((10, "Porto"), (11, "Leeds"), (12, "Porto")):
        [fact] = knowledge(say(client, "nolag-1", f"I live in {city}.", hour))
        await kit.drain()
    assert await current(kit, tenant, uid, fact["predicate"]) == ["Porto"]


async def test_a_reinforcement_reruns_the_decision_for_its_slot(kit, new_tenant):
    """Leeds applied as a hypothesis-free open value next to Porto (both open: e.g. handled on
    another partition); Porto said again (a row of its own, Leeds being later) must close Leeds."""
    home = new_tenant("user")
    client, uid, tenant = home["clients"][0], home["users"][0]["user_id"], home["tenant_id"]
    [porto] = knowledge(say(client, "rr-1", "I live in Porto.", 10))
    [leeds] = knowledge(say(client, "rr-1", "I live in Leeds.", 11))
    await kit.drain()  # no supersession consumer yet: both stay open
    await kit.consumers(SupersessionHandler())
    say(client, "rr-2", "I live in Porto.", 12)
    await kit.drain()
    assert await current(kit, tenant, uid, porto["predicate"]) == ["Porto"]
    closed = await kit.fetchval(tenant, "SELECT valid_to FROM memory_items WHERE memory_id = $1", leeds["id"])
    assert closed is not None and closed.isoformat() == "2025-03-01T12:00:00+00:00"


async def test_profiles_follow_when_the_consumer_supersedes(kit, new_tenant):
    home = new_tenant("user")
    client = home["clients"][0]
    await kit.consumers(SupersessionHandler())
    say(client, "prof-1", "I work at Harbor Foods.", 10)
    await kit.drain()
    say(client, "prof-2", "I work at Acme Labs.", 11)
    await kit.drain()
    entities = client.get("/v1/entities", params={"q": "Harbor Foods"}).json()
    harbor = next(e for e in entities["items"] if e["name"] == "Harbor Foods")
    profile = client.get(f"/v1/entities/{harbor['id']}").json()["profile"] or ""
    assert "works at Harbor Foods" not in profile, profile


async def test_two_sisters_and_two_best_friends_are_both_kept(kit, new_tenant):
    home = new_tenant("user")
    client, uid, tenant = home["clients"][0], home["users"][0]["user_id"], home["tenant_id"]
    await kit.consumers(SupersessionHandler())
    say(client, "sis-1", "My sister Hana lives in Kyoto.", 10)
    say(client, "sis-1", "My best friend is Kofi.", 10)
    await kit.drain()
    say(client, "sis-2", "My sister Julia plays the piano.", 11)
    say(client, "sis-2", "My best friend is Lena.", 11)
    await kit.drain()
    rows = await kit.fetch(tenant, """SELECT predicate, value FROM memory_items WHERE owner_id = $1
                                      AND layer = 'knowledge' AND type = 'relationship' AND valid_to IS NULL""", uid)
    values = {(r["predicate"], r["value"]) for r in rows}
    assert {("sister", "Hana"), ("sister", "Julia")} <= values, values
    assert {v for p, v in values if "friend" in p} >= {"Kofi", "Lena"}, values


async def test_a_turn_whose_value_was_said_again_stays_in_the_profile(kit, new_tenant):
    """Porto, Leeds, Porto without lag: the first Porto row is superseded, the repeat is a new row
    citing the same turn record (an exact repeat). The record still teaches a current fact, so the
    Porto profile keeps it, as it does when a lagging consumer left one Porto row open."""
    home = new_tenant("user")
    client = home["clients"][0]
    await kit.consumers(SupersessionHandler())
    for hour, city in ((10, "Porto"), (11, "Leeds"), (12, "Porto")):
        say(client, "again-1", f"I live in {city}.", hour)
        await kit.drain()
    entities = client.get("/v1/entities", params={"q": "Porto"}).json()
    porto = next(e for e in entities["items"] if e["name"] == "Porto")
    profile = client.get(f"/v1/entities/{porto['id']}").json()["profile"] or ""
    assert "lives in Porto" in profile and "Episodes: I live in Porto." in profile, profile
