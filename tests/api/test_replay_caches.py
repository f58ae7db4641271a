"""A replayed request (same Idempotency-Key, same body) changes no cache a second time."""
import redis


def test_replaying_a_turn_leaves_one_entry_in_the_session_cache(new_tenant, stack_env):
    t = new_tenant("user")
    c, user = t["clients"][0], t["users"][0]
    body = {"speaker": "u", "text": "Our dog Biscuit sleeps in the kitchen."}
    answers = [c.post("/v1/conversations/s-replay/turns", json=body, headers={"Idempotency-Key": "turn-1"})
               for _ in range(20)]
    assert all(a.status_code == 200 for a in answers), answers[-1].text
    assert len({a.json()["items"][0]["memory"]["id"] for a in answers}) == 1  # one row in Postgres
    key = f"mem:{t['tenant_id']}:{user['user_id']}:sess:s-replay:recent"
    with redis.Redis.from_url(stack_env["REDIS_URL"]) as r:
        assert r.llen(key) == 1, r.lrange(key, 0, -1)
    ctx = c.post("/v1/memory/contextify", json={"query": "Where does Biscuit sleep?", "session_id": "s-replay"})
    assert ctx.status_code == 200, ctx.text
    # the turn is in the context once; a fact drawn from it ("U's dog Biscuit sleeps in the kitchen")
    # is another memory, and it too is there at most once
    assert ctx.json()["context"].count(body["text"]) == 1, ctx.text
    ids = [line["memory_id"] for line in ctx.json()["lines"]]
    assert len(ids) == len(set(ids)), ctx.text
    texts = [line["line"].split(" (since:")[0] for line in ctx.json()["lines"]]
    assert len(texts) == len(set(texts)), ctx.text
