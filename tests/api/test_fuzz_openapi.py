"""Fuzz every operation from the OpenAPI schema: no generated input may produce a 5xx."""
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings


@pytest.fixture(scope="module", params=["parent", "child"])
def fuzz_target(api_url, new_tenant, request):
    """Every operation, called as a parent and as a child (whose writes and reads the gates treat
    differently)."""
    tenant = new_tenant("parent", "child")
    who = ["parent", "child"].index(request.param)
    client = tenant["clients"][who]
    client.post("/v1/memory/candidates", json={"items": [{"text": "The fuzzing family likes kites."}]}).raise_for_status()
    schema = schemathesis.openapi.from_url(f"{api_url}/openapi.json")
    operations = [r.ok() for r in schema.get_all_operations()]
    assert len(operations) >= 10
    return operations, {"Authorization": f"Bearer {tenant['users'][who]['token']}"}, client


@pytest.mark.slow
def test_no_server_errors(fuzz_target):
    operations, headers, client = fuzz_target
    failures = []
    for op in operations:
        if op.path.startswith("/v1/admin"):
            continue  # service-admin provisioning; covered by its own tests

        @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(case=op.as_strategy())
        def check(case):
            kwargs = case.as_transport_kwargs(base_url=str(client.base_url), headers=headers)
            response = client.request(kwargs["method"], kwargs["url"], headers=kwargs.get("headers"),
                                      params=kwargs.get("params"), json=kwargs.get("json"),
                                      content=kwargs.get("data") if isinstance(kwargs.get("data"), (bytes, str)) else None)
            if response.status_code >= 500:
                failures.append(f"{case.method} {kwargs['url']} -> {response.status_code}: {response.text[:200]}")

        check()
    assert not failures, "\n".join(failures[:10])
