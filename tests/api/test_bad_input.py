"""Bad input gets a clear 4xx and changes nothing already stored."""
import pytest


@pytest.fixture
def client_with_one(new_tenant):
    c = new_tenant("user")["clients"][0]
    c.post("/v1/memory/candidates", json={"items": [{"text": "Keep me safe: the boiler service is in March."}]}).raise_for_status()
    return c


BAD = [
    ("post", "/v1/memory/candidates", {"items": [{"text": ""}]}, 422),
    ("post", "/v1/memory/candidates", {"items": [{"text": "   "}]}, 422),
    ("post", "/v1/memory/candidates", {"items": [{"text": "x" * 8001}]}, 422),
    ("post", "/v1/memory/candidates", {"items": [{"text": "hi", "type": "gossip"}]}, 422),
    ("post", "/v1/memory/candidates", {"items": [{"text": "hi", "observed_at": "yesterday-ish"}]}, 422),
    ("post", "/v1/memory/candidates", {"items": [{"text": "hi", "observed_at": "2024-01-01T10:00:00"}]}, 422),
    ("post", "/v1/memory/candidates", {"items": []}, 422),
    ("post", "/v1/memory/candidates", {"items": [{"text": "a\u0000b"}]}, 422),
    ("post", "/v1/memory/contextify", {"query": "what do I like?", "token_budget": 0}, 422),
    ("post", "/v1/memory/retrieve", {"query": ""}, 422),
    ("post", "/v1/memory/retrieve", {"query": "x", "k": 0}, 422),
    ("get", "/v1/memory/00000000-0000-0000-0000-000000000000", None, 404),
    ("get", "/v1/memory/not-a-uuid", None, 422),
    ("get", "/v1/memory/list?cursor=garbage", None, 422),
    # times whose UTC form falls before year 1 (found by the OpenAPI fuzz: a 500 from the driver)
    ("post", "/v1/memory/retrieve", {"query": "x", "filters": {"since": "0001-01-01T01:01:01+02:00"}}, 422),
    ("post", "/v1/memory/candidates", {"items": [{"text": "hi", "observed_at": "0001-01-01T00:00:00+00:01"}]}, 422),
    ("get", "/v1/memory/list?since=0001-01-01T00:00:00%2B05:00", None, 422),
    ("get", "/v1/memory/list?cursor=WyIwMDAxLTAxLTAxVDAwOjMwOjAwKzA1OjAwIiwgIjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJd", None, 422),
]


@pytest.mark.parametrize("method,path,body,status", BAD)
def test_bad_input_is_rejected_with_a_reason(client_with_one, method, path, body, status):
    r = client_with_one.request(method, path, json=body)
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] and err["message"]
    items = client_with_one.get("/v1/memory/list").json()["items"]
    assert [i["text"] for i in items] == ["Keep me safe: the boiler service is in March."]


def test_malformed_json_and_invalid_utf8(client_with_one):
    for raw in (b'{"items": [', b'{"items": [{"text": "\xff\xfe"}]}'):
        r = client_with_one.post("/v1/memory/candidates", content=raw, headers={"content-type": "application/json"})
        assert r.status_code in (400, 422), r.text
        assert r.json()["error"]["message"]
    assert len(client_with_one.get("/v1/memory/list").json()["items"]) == 1


@pytest.mark.parametrize("query", ["a & b | !c", "'; DROP TABLE memory_items; --", "foo:* <-> bar", "(((", "\\", "%_%"])
def test_query_metacharacters_are_just_text(client_with_one, query):
    for path in ("/v1/memory/retrieve", "/v1/memory/contextify"):
        r = client_with_one.post(path, json={"query": query})
        assert r.status_code == 200, r.text
    assert len(client_with_one.get("/v1/memory/list").json()["items"]) == 1


def test_missing_or_wrong_token(api_url):
    import httpx

    assert httpx.get(f"{api_url}/v1/memory/list").status_code == 401
    r = httpx.get(f"{api_url}/v1/memory/list", headers={"Authorization": "Bearer nope"})
    assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"


def _entity_cursor(name) -> str:
    import base64

    import orjson

    return base64.urlsafe_b64encode(orjson.dumps([name, "00000000-0000-0000-0000-000000000000"])).decode()


@pytest.mark.parametrize("name", [7, ["a", "b"], "ann\u0000", None, {"n": 1}])
def test_a_malformed_entity_cursor_is_a_422(client_with_one, name):
    """What a client decodes and sends back (a number, a list, a NUL as the name) never reaches the driver."""
    r = client_with_one.get("/v1/entities", params={"cursor": _entity_cursor(name)})
    assert r.status_code == 422, r.text
    assert r.json()["error"]["code"] == "invalid_cursor"
