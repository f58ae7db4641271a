"""Redis with Microsoft Entra ID (MEMORY_REDIS_ENTRA_AUTH=1), against the real Redis of the test stack.

Azure Cache for Redis takes the identity's object id as user name and an access token as password,
and an open connection must authenticate again before its token expires. Here the Redis server
plays that part with an ACL user named after the object id whose only password is the token the
fake credential last issued: the first token lives 3 s, so the renewal (at 70 % of its life) must
re-send AUTH with the second one on the open connection, or the connection would be using a
password the server no longer knows.
"""
from __future__ import annotations

import asyncio
import base64
import json
import time
import uuid

import pytest
import redis
from azure.core.credentials import AccessToken

from memcore.adapters import redis_auth
from memcore.adapters.redis_auth import REDIS_ENTRA_SCOPE, EntraRedisCredentials, async_client, token_claims


def _jwt(claims: dict) -> str:
    part = lambda d: base64.urlsafe_b64encode(json.dumps(d).encode()).rstrip(b"=").decode()  # noqa: E731
    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(claims)}.sig"


class RotatingCredential:
    """Like azure-identity: serves its cached token until shortly before it expires, then a new one
    (token n has the object id `oid` and a claim n; the first lives `first_ttl_s`, later ones an
    hour). Each new token becomes the ACL user's only password, as an expired Entra token stops
    working."""

    REFRESH_MARGIN_S = 1.5

    def __init__(self, admin: redis.Redis, oid: str, first_ttl_s: int = 3) -> None:
        self.admin, self.oid, self.first_ttl_s = admin, oid, first_ttl_s
        self.tokens: list[AccessToken] = []
        self.scopes: list[tuple[str, ...]] = []

    def get_token(self, *scopes, **kwargs) -> AccessToken:
        self.scopes.append(scopes)
        if self.tokens and time.time() < self.tokens[-1].expires_on - self.REFRESH_MARGIN_S:
            return self.tokens[-1]
        expires_on = int(time.time()) + (self.first_ttl_s if not self.tokens else 3600)
        token = _jwt({"oid": self.oid, "n": len(self.tokens) + 1, "exp": expires_on})
        self.admin.execute_command("ACL", "SETUSER", self.oid, "on", "resetpass", f">{token}", "~*", "&*", "+@all")
        self.tokens.append(AccessToken(token, expires_on))
        return self.tokens[-1]


@pytest.fixture
def redis_admin(stack_env):
    admin = redis.Redis.from_url(stack_env["REDIS_URL"])
    oid = f"00000000-test-{uuid.uuid4().hex[:12]}"
    yield admin, oid
    admin.execute_command("ACL", "DELUSER", oid)
    admin.close()


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _auth_stats(admin: redis.Redis) -> tuple[int, int]:
    """(authentications, failed ones): redis-py logs in with HELLO ... AUTH, re-authenticates with AUTH."""
    stats = admin.info("commandstats")
    calls = [stats.get(f"cmdstat_{c}", {}) for c in ("hello", "auth")]
    return sum(c.get("calls", 0) for c in calls), sum(c.get("failed_calls", 0) for c in calls)


async def test_async_client_logs_in_as_the_identity_and_reauthenticates_on_renewal(redis_admin, stack_env):
    admin, oid = redis_admin
    credential = RotatingCredential(admin, oid)
    admin.config_resetstat()
    client = async_client(stack_env["REDIS_URL"], type("S", (), {"redis_entra_auth": True}), credential)
    try:
        assert _text(await client.acl_whoami()) == oid
        assert _auth_stats(admin) == (1, 0)
        await asyncio.sleep(3.5)  # past 70 % of the first token's life: token 2 is pushed to the connection
        assert len(credential.tokens) == 2
        assert _auth_stats(admin) == (2, 0)  # the second AUTH, with the only password Redis now knows
        assert _text(await client.acl_whoami()) == oid
        await client.set(f"{oid}:k", "v")
        assert await client.get(f"{oid}:k") == b"v"
    finally:
        client.connection_pool.connection_kwargs["credential_provider"].stop()
        await client.delete(f"{oid}:k")
        await client.aclose()
    assert set(credential.scopes) == {(REDIS_ENTRA_SCOPE,)}


def test_celery_broker_connects_with_the_identity(redis_admin, stack_env, monkeypatch):
    """kombu builds the provider from the broker URL's credential_provider parameter (a dotted path,
    no arguments): the process's credential. A message goes through the queue as the identity."""
    from kombu import Connection

    from memcore.adapters import azure_credential

    admin, oid = redis_admin
    credential = RotatingCredential(admin, oid, first_ttl_s=3600)
    monkeypatch.setattr(azure_credential, "default_credential", lambda client_id=None: credential)
    url = redis_auth.celery_broker_url(type("S", (), {"redis_entra_auth": True, "redis_url": stack_env["REDIS_URL"]}))
    assert url.endswith("credential_provider=memcore.adapters.redis_auth.EntraRedisCredentials")
    with Connection(url) as conn:
        client = conn.default_channel.client
        assert _text(client.execute_command("ACL", "WHOAMI")) == oid
        queue = conn.SimpleQueue(f"q-{oid}")
        queue.put({"task": "consolidator.sweep_outbox"})
        assert queue.get(timeout=5).payload == {"task": "consolidator.sweep_outbox"}
        queue.close()
        client.connection_pool.connection_kwargs["credential_provider"].stop()
    assert credential.tokens and set(credential.scopes) == {(REDIS_ENTRA_SCOPE,)}


def test_local_default_adds_nothing():
    local = type("S", (), {"redis_entra_auth": False, "redis_url": "redis://127.0.0.1:6380/0"})
    assert redis_auth.celery_broker_url(local) == "redis://127.0.0.1:6380/0"
    client = async_client("redis://127.0.0.1:6380/0", local)
    assert client.connection_pool.connection_kwargs.get("credential_provider") is None


def test_token_claims():
    assert token_claims(_jwt({"oid": "abc"}))["oid"] == "abc"
    with pytest.raises(ValueError, match="not a JWT"):
        token_claims("opaque")
    provider = EntraRedisCredentials(type("C", (), {"get_token": lambda self, *s: AccessToken(
        _jwt({"oid": "o-1"}), int(time.time()) + 3600)})())
    assert provider.get_credentials()[0] == "o-1" and provider.is_streaming()
    provider.stop()
