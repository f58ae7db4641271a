"""Redis with Microsoft Entra ID (Azure Cache for Redis, MEMORY_REDIS_ENTRA_AUTH=1): no access key.

Each connection authenticates as the managed identity: user name = the identity's object id (the
`oid` claim of its token), password = an access token of the scope https://redis.azure.com/.default.
Tokens live about an hour and an open connection must authenticate again before its token expires,
so this is a redis-py *streaming* credential provider: redis-py's own TokenManager renews the token
at 70 % of its lifetime and redis-py re-sends AUTH on every pooled connection with the new one.
The same provider serves redis.asyncio (memory-api) and the Celery broker (kombu, sync redis-py):
`EntraRedisCredentials` takes no argument so that kombu can build it from its dotted path, given
as the broker URL's `credential_provider` query parameter. kombu does not hand the provider to
its client, so the broker's open connections are not re-authenticated: a new connection (kombu
reconnects whenever one is dropped) logs in with a fresh token.
"""
from __future__ import annotations

import base64
import json
import time
from typing import Any, Callable

from redis.auth.idp import IdentityProviderInterface
from redis.auth.token import SimpleToken, TokenInterface
from redis.auth.token_manager import CredentialsListener, RetryPolicy, TokenManager, TokenManagerConfig
from redis.credentials import StreamingCredentialProvider

REDIS_ENTRA_SCOPE = "https://redis.azure.com/.default"
REFRESH_RATIO = 0.7  # renew at 70 % of the token's lifetime
CELERY_PROVIDER_PATH = "memcore.adapters.redis_auth.EntraRedisCredentials"


def token_claims(token: str) -> dict:
    """The claims of a JWT access token (its middle part). Not verified: the token comes straight
    from Microsoft Entra through azure-identity, and Redis verifies it."""
    try:
        payload = token.split(".")[1]
        return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (IndexError, ValueError) as exc:
        raise ValueError("the Redis access token is not a JWT; no object id to log in with") from exc


class _CredentialIdentityProvider(IdentityProviderInterface):
    def __init__(self, credential: Any) -> None:
        self._credential = credential

    def request_token(self, force_refresh: bool = False) -> TokenInterface:
        access = self._credential.get_token(REDIS_ENTRA_SCOPE)
        return SimpleToken(access.token, access.expires_on * 1000, time.time() * 1000, token_claims(access.token))


class EntraRedisCredentials(StreamingCredentialProvider):
    """(object id, token) for each new connection; renewed tokens are pushed to open connections."""

    def __init__(self, credential: Any = None) -> None:
        if credential is None:
            from memcore.adapters.azure_credential import default_credential

            credential = default_credential()
        self._manager = TokenManager(_CredentialIdentityProvider(credential),
                                     TokenManagerConfig(REFRESH_RATIO, 0, 1000, RetryPolicy(3, 100)))
        self._listener = CredentialsListener()
        self._streaming = False

    def get_credentials(self) -> tuple[str, str]:
        token = self._manager.acquire_token().get_token()
        if not self._streaming:
            self._manager.start(self._listener, skip_initial=True)
            self._streaming = True
        return token.try_get("oid"), token.get_value()

    async def get_credentials_async(self) -> tuple[str, str]:
        token = (await self._manager.acquire_token_async()).get_token()
        if not self._streaming:
            await self._manager.start_async(self._listener, skip_initial=True)
            self._streaming = True
        return token.try_get("oid"), token.get_value()

    def on_next(self, callback: Callable[[Any], None]) -> None:
        self._listener.on_next = callback

    def on_error(self, callback: Callable[[Exception], None]) -> None:
        self._listener.on_error = callback

    def is_streaming(self) -> bool:
        return self._streaming

    def stop(self) -> None:
        self._manager.stop()


def async_client(url: str, settings: Any, credential: Any = None, **kwargs: Any):
    """A redis.asyncio client of `url`: as `from_url` locally; with MEMORY_REDIS_ENTRA_AUTH the
    identity's credential provider. The provider is handed to the client as well as to its pool:
    redis-py registers the renewal (re-AUTH of open connections) only for a provider the client
    itself is given, which `from_url` does not do."""
    import redis.asyncio as aioredis

    if not getattr(settings, "redis_entra_auth", False):
        return aioredis.from_url(url, **kwargs)
    provider = EntraRedisCredentials(credential)
    pool = aioredis.ConnectionPool.from_url(url, credential_provider=provider, **kwargs)
    client = aioredis.Redis(connection_pool=pool, credential_provider=provider)
    client.auto_close_connection_pool = True  # the pool is this client's: aclose() closes it
    return client


def celery_broker_url(settings: Any) -> str:
    """Celery's broker URL: REDIS_URL, plus kombu's `credential_provider` query parameter (a dotted
    path kombu instantiates) when MEMORY_REDIS_ENTRA_AUTH is on."""
    url = settings.redis_url
    if not getattr(settings, "redis_entra_auth", False):
        return url
    return f"{url}{'&' if '?' in url else '?'}credential_provider={CELERY_PROVIDER_PATH}"
