"""Every input has a documented limit: a breach is a clear 4xx naming it, never a 500 or a stored row."""
import json

import psycopg
import pytest

from memcore.devstack.live_server import LiveServer

DEEP = {}
_node = DEEP
for _ in range(256):
    _node["a"] = {}
    _node = _node["a"]


def _nested(depth):
    v = "leaf"
    for _ in range(depth - 1):
        v = {"k": v}
    return v


@pytest.fixture
def user(new_tenant):
    return new_tenant("user")["clients"][0]


def _item(**fields):
    return {"items": [{"text": "The boiler service is in March.", **fields}]}


TOO_MUCH = [
    ("value_json 10 MB", _item(value_json={"blob": "x" * 10_000_000}), "16384"),
    ("value_json just over 16 KiB", _item(value_json={"k": "x" * 16_400}), "16384"),
    ("value_json 256 deep", _item(value_json=DEEP), "8 levels"),
    ("value_json integer beyond 64 bits", _item(value_json={"n": 10**30}), "64 bits"),
    ("value_json 9 deep", _item(value_json=_nested(9)), "8 levels"),
    ("value_json long key", _item(value_json={"k" * 201: 1}), "200"),
    ("a 1 MB tag", _item(tags=["t" * 1_000_000]), "100"),
    ("50 tags of 200,000", _item(tags=["t" * 200_000] * 50), "100"),
    ("51 tags", _item(tags=[f"t{i}" for i in range(51)]), "50"),
    ("an empty tag", _item(tags=["ok", " "]), "empty"),
    ("17 emotions", _item(emotion={f"e{i}": 0.1 for i in range(17)}), "16"),
    ("emotion out of range", _item(emotion={"joy": 5}), "1"),
    ("a long speaker", _item(speaker="s" * 201), "200"),
    ("a long subject", _item(subject="s" * 301), "300"),
    ("text over 8000", _item(text="x" * 8001), "8000"),
]


@pytest.mark.parametrize("name,body,limit", TOO_MUCH, ids=[t[0] for t in TOO_MUCH])
def test_oversized_fields_are_refused_with_the_limit(user, name, body, limit):
    r = user.post("/v1/memory/candidates", json=body)
    assert r.status_code in (413, 422), r.text[:500]
    assert limit in json.dumps(r.json()["error"]), r.text[:500]
    assert user.get("/v1/memory/list").json()["items"] == []


def test_limits_themselves_are_accepted(user):
    tags = [f"{i:02d}" + "t" * 98 for i in range(50)]
    body = _item(value_json={"k": "x" * 16_000, "deep": _nested(7)}, tags=tags,
                 emotion={f"e{i}": -1.0 for i in range(16)}, observed_at="1900-01-01T00:00:00Z")
    r = user.post("/v1/memory/candidates", json=body)
    assert r.status_code == 200, r.text[:500]
    memory = r.json()["items"][0]["memory"]
    assert sorted(memory["tags"]) == tags and memory["observed_at"].startswith("1900-01-01")
    assert len(memory["value_json"]["k"]) == 16_000


LONE = ['{"items": [{"text": "hi", "tags": ["\\ud800"]}]}',
        '{"items": [{"text": "hi", "value_json": {"k": "a\\udfffb"}}]}',
        '{"items": [{"text": "hi", "value_json": {"\\ud83d": 1}}]}',
        '{"items": [{"text": "lone \\uDC00 low"}]}']


@pytest.mark.parametrize("raw", LONE)
def test_lone_surrogates_are_refused(user, raw):
    r = user.post("/v1/memory/candidates", content=raw.encode(), headers={"content-type": "application/json"})
    assert r.status_code == 422 and "surrogate" in r.json()["error"]["message"], r.text
    assert user.get("/v1/memory/list").json()["items"] == []


def test_surrogate_pairs_are_fine(user):
    raw = '{"items": [{"text": "Grandma loves \\ud83d\\ude00 emoji", "tags": ["\\ud83c\\udf89"]}]}'
    r = user.post("/v1/memory/candidates", content=raw.encode(), headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text
    assert r.json()["items"][0]["memory"]["tags"] == ["\U0001F389"]


OUT_OF_RANGE = [
    ("post", "/v1/memory/candidates", _item(observed_at="0001-01-01T00:00:00Z")),
    ("post", "/v1/memory/candidates", _item(observed_at="1899-12-31T23:59:59Z")),
    ("post", "/v1/memory/candidates", _item(valid_from="2201-01-01T00:00:00Z")),
    ("post", "/v1/memory/commit", _item(observed_at="9999-12-31T23:59:59Z")),
    ("post", "/v1/conversations/s1/turns", {"speaker": "user", "text": "hello", "at": "0001-01-01T00:00:00Z"}),
    ("post", "/v1/memory/retrieve", {"query": "boiler", "filters": {"since": "1800-01-01T00:00:00Z"}}),
    ("post", "/v1/memory/retrieve", {"query": "boiler", "filters": {"until": "2300-01-01T00:00:00Z"}}),
    ("post", "/v1/memory/contextify", {"query": "boiler", "filters": {"as_of": "0001-01-01T00:00:00Z"}}),
    ("get", "/v1/memory/list?since=1000-01-01T00:00:00Z", None),
    ("get", "/v1/memory/list?until=3000-01-01T00:00:00Z", None),
    # a cursor naming a time out of range
    ("get", "/v1/memory/list?cursor=WyIwMDAxLTAxLTAxVDAwOjAwOjAwKzAwOjAwIiwgIjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJd", None),
]


@pytest.mark.parametrize("method,path,body", OUT_OF_RANGE)
def test_times_outside_1900_2200_are_refused(user, method, path, body):
    r = user.request(method, path, json=body)
    assert r.status_code == 422, r.text[:500]
    assert r.json()["error"]["message"]


def test_a_stored_extreme_time_does_not_break_reads(new_tenant, stack_env):
    """observed_at 0001-01-01 was once accepted; such a row (written before the limit) must not turn every
    retrieve and contextify of its owner into a 500."""
    t = new_tenant("user")
    c = t["clients"][0]
    assert c.post("/v1/memory/candidates", json=_item(observed_at="0001-01-01T00:00:00Z")).status_code == 422
    r = c.post("/v1/memory/candidates", json=_item())
    assert r.status_code == 200, r.text
    mid = r.json()["items"][0]["memory"]["id"]
    with psycopg.connect(stack_env["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("UPDATE memory_items SET observed_at = '0001-01-01T00:00:00Z', valid_from = '0001-01-01T00:00:00Z' "
                     "WHERE memory_id = %s", (mid,))
    r = c.post("/v1/memory/retrieve", json={"query": "when is the boiler service?"})
    assert r.status_code == 200, r.text[:500]
    assert [i["memory"]["id"] for i in r.json()["items"]] == [mid]
    r = c.post("/v1/memory/contextify", json={"query": "when is the boiler service?"})
    assert r.status_code == 200, r.text[:500]
    assert c.get("/v1/memory/list").status_code == 200
    assert c.get(f"/v1/memory/{mid}").status_code == 200


@pytest.fixture(scope="module")
def small_text_api(stack_env, embedder, policy_server):
    """A second app (same stack) configured with MEMORY_MAX_TEXT_CHARS=100."""
    from memory_api.app import ApiSettings, create_app

    from tests.conftest import ADMIN_TOKEN

    settings = ApiSettings(database_url=stack_env["DATABASE_URL"], app_database_url=stack_env.get("MEMORY_APP_DATABASE_URL"),
                           redis_url=stack_env["REDIS_URL"], admin_token=ADMIN_TOKEN, max_text_chars=100,
                           policy_url=policy_server.url, policy_timeout_s=5.0, log_level="WARNING")
    server = LiveServer(create_app(settings, embedder=embedder), "memory-api-small").start()
    yield server.url
    server.stop()


def test_max_text_chars_setting_bounds_memory_and_turn_text(small_text_api, new_tenant):
    import httpx

    token = new_tenant("user")["users"][0]["token"]
    with httpx.Client(base_url=small_text_api, headers={"Authorization": f"Bearer {token}"}, timeout=60) as c:
        for path, body in (("/v1/memory/candidates", _item(text="x" * 101)),
                           ("/v1/conversations/s1/turns", {"speaker": "user", "text": "y" * 101})):
            r = c.post(path, json=body)
            assert r.status_code == 422 and "limit is 100" in json.dumps(r.json()), r.text[:300]
        r = c.post("/v1/memory/candidates", json=_item(text="My sister Ana lives in Porto. " * 3))
        assert r.status_code == 200, r.text[:300]
        mid = r.json()["items"][0]["memory"]["id"]
        assert c.patch(f"/v1/memory/{mid}", json={"text": "z" * 101}).status_code == 422
        assert len(c.get("/v1/memory/list").json()["items"]) == 1


def test_a_body_over_32_mib_is_413(user):
    raw = b'{"items": [{"text": "hi", "value": "' + b"x" * (33 * 1024 * 1024) + b'"}]}'
    r = user.post("/v1/memory/candidates", content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]["code"] == "payload_too_large", r.text[:300]
    assert user.get("/v1/memory/list").json()["items"] == []
