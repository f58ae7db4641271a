"""Managed identity everywhere (issue 14): every Azure adapter builds its client from a Microsoft
Entra credential (an object with get_token: here a fake one, in Azure DefaultAzureCredential) and
none needs a key, a SAS or a password.

Postgres is checked on the wire: a small server speaking the PostgreSQL protocol asks asyncpg for a
cleartext password and records what it gets; the real embedded Postgres then runs a pool whose
password is the token callable. Blob storage is checked with a request through the azure-core
pipeline (a transport that records it): a bearer token of the storage scope, no SharedKey.
"""
from __future__ import annotations

import asyncio
import struct
from types import SimpleNamespace

import asyncpg
import pytest
from azure.core.credentials import AccessToken
from azure.core.pipeline.transport import AsyncHttpResponse, AsyncHttpTransport

from memcore.adapters.blob import STORAGE_SCOPE, BlobAccount
from memcore.adapters.bus import make_bus
from memcore.adapters.bus.eventhubs import EventHubsAccess, EventHubsBus
from memcore.adapters.postgres import POSTGRES_ENTRA_SCOPE, Database, entra_password, password_for


class FakeCredential:
    """azure-core TokenCredential: a new token each call (token-1, token-2, ...), scopes recorded."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, ...]] = []

    def get_token(self, *scopes, **kwargs) -> AccessToken:
        self.calls.append(scopes)
        return AccessToken(f"token-{len(self.calls)}", 4_102_444_800)


class FakeAsyncCredential(FakeCredential):
    async def get_token(self, *scopes, **kwargs) -> AccessToken:  # type: ignore[override]
        return FakeCredential.get_token(self, *scopes, **kwargs)

    async def close(self) -> None:
        pass


# ---------------------------------------------------------------- Postgres: Entra token as password

async def _password_recording_server(seen: list[tuple[str, str]]):
    """Answers each startup with AuthenticationCleartextPassword, records (user, password), then
    refuses (28P01): what an Azure flexible server does with a wrong token."""
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        length = struct.unpack("!I", await reader.readexactly(4))[0]
        payload = await reader.readexactly(length - 4)
        fields = payload[4:].split(b"\0")
        params = dict(zip(fields[0::2], fields[1::2]))
        writer.write(b"R" + struct.pack("!II", 8, 3))  # cleartext password, please
        await writer.drain()
        assert await reader.readexactly(1) == b"p"
        length = struct.unpack("!I", await reader.readexactly(4))[0]
        password = (await reader.readexactly(length - 4)).rstrip(b"\0").decode()
        seen.append((params[b"user"].decode(), password))
        msg = b"SFATAL\0C28P01\0Mrecorded by the test server\0\0"
        writer.write(b"E" + struct.pack("!I", len(msg) + 4) + msg)
        await writer.drain()
        writer.close()

    return await asyncio.start_server(handle, "127.0.0.1", 0)


async def test_postgres_sends_a_fresh_entra_token_as_the_password_of_each_connection():
    seen: list[tuple[str, str]] = []
    server = await _password_recording_server(seen)
    port = server.sockets[0].getsockname()[1]
    credential = FakeCredential()
    db = Database(f"postgresql://memory_app@127.0.0.1:{port}/memory?sslmode=disable", min_size=1, max_size=1,
                  password=entra_password(credential))
    for _ in range(2):
        with pytest.raises(asyncpg.InvalidPasswordError):
            await db.connect()
    server.close()
    await server.wait_closed()
    assert seen == [("memory_app", "token-1"), ("memory_app", "token-2")]  # the DSN's role, a token each time
    assert credential.calls == [(POSTGRES_ENTRA_SCOPE,), (POSTGRES_ENTRA_SCOPE,)]
    assert POSTGRES_ENTRA_SCOPE == "https://ossrdbms-aad.database.windows.net/.default"


async def test_a_pool_with_the_token_callable_runs_on_the_real_postgres(stack_env):
    """The embedded server trusts loopback, so the token is not checked here: what this shows is
    that the pool asks for a token for every connection it opens and works with it."""
    from memcore.settings import database_roles

    app_dsn = stack_env.get("MEMORY_APP_DATABASE_URL") or database_roles(
        SimpleNamespace(app_database_url=None, relay_database_url=None, database_url=stack_env["DATABASE_URL"]))[0]
    credential = FakeCredential()
    db = await Database(app_dsn, min_size=2, max_size=2, password=entra_password(credential)).connect()
    try:
        assert await db.ping()
        assert credential.calls == [(POSTGRES_ENTRA_SCOPE,)] * 2
    finally:
        await db.close()


def test_password_source_follows_the_setting(monkeypatch):
    from memcore.adapters import azure_credential

    made: list[str | None] = []
    monkeypatch.setattr(azure_credential, "default_credential", lambda client_id=None: made.append(client_id)
                        or FakeCredential())
    assert password_for(SimpleNamespace(pg_entra_auth=False)) is None  # local: the DSN decides
    assert callable(password_for(SimpleNamespace(pg_entra_auth=True)))
    assert callable(password_for(SimpleNamespace(pg_entra_auth=True, relay_azure_client_id="relay-client"),
                                 relay=True))
    assert made == [None, "relay-client"]  # the services' identity; the relay's own


def test_the_settings_classes_read_the_switches(monkeypatch):
    from consolidator.settings import ConsolidatorSettings

    from memcore.settings import Settings

    monkeypatch.setenv("MEMORY_PG_ENTRA_AUTH", "1")
    monkeypatch.setenv("MEMORY_BLOB_ACCOUNT_URL", "https://acct.blob.core.windows.net/")
    monkeypatch.setenv("EVENTHUB_FULLY_QUALIFIED_NAMESPACE", "ns.servicebus.windows.net")
    monkeypatch.setenv("MEMORY_RELAY_AZURE_CLIENT_ID", "relay-client")
    s, c = Settings(), ConsolidatorSettings()
    assert s.pg_entra_auth and s.blob_account_url == "https://acct.blob.core.windows.net/"
    assert c.pg_entra_auth and c.blob_account_url == s.blob_account_url
    assert c.eventhub_fully_qualified_namespace == "ns.servicebus.windows.net"
    assert c.relay_azure_client_id == "relay-client"
    for var in ("MEMORY_PG_ENTRA_AUTH", "MEMORY_BLOB_ACCOUNT_URL", "EVENTHUB_FULLY_QUALIFIED_NAMESPACE"):
        monkeypatch.delenv(var)
    assert not Settings().pg_entra_auth and Settings().blob_account_url is None  # local defaults unchanged


# ---------------------------------------------------------------- Blob: bearer token, no key

class RecordingTransport(AsyncHttpTransport):
    """azure-core async transport that answers 200 to everything and keeps the requests."""

    def __init__(self) -> None:
        self.requests = []

    async def __aenter__(self):
        return self

    async def __aexit__(self, *args):
        pass

    async def open(self):
        pass

    async def close(self):
        pass

    async def send(self, request, **kwargs):
        self.requests.append(request)
        return _Response(request)


class _Response(AsyncHttpResponse):
    def __init__(self, request) -> None:
        super().__init__(request, None)
        self.status_code = 200
        self.reason = "OK"
        self.headers = {"x-ms-version": "2025-01-05", "ETag": '"0x1"', "Last-Modified": "Wed, 25 Nov 2026 12:00:00 GMT",
                        "x-ms-request-id": "r1", "Date": "Wed, 25 Nov 2026 12:00:00 GMT"}
        self.content_type = None

    def body(self) -> bytes:
        return b""

    async def load_body(self) -> None:
        pass


async def test_blob_requests_carry_a_storage_token_and_no_key():
    credential = FakeAsyncCredential()
    account = BlobAccount(account_url="https://memsvcst.blob.core.windows.net/", credential=credential)
    transport = RecordingTransport()
    from azure.storage.blob.aio import ContainerClient

    async with ContainerClient(account.account_url, "memory", credential=account._credential(),
                               transport=transport) as cc:
        assert await cc.exists()
    [request] = transport.requests
    assert request.url.startswith("https://memsvcst.blob.core.windows.net/memory?")
    assert request.headers["Authorization"] == "Bearer token-1"
    assert credential.calls == [(STORAGE_SCOPE,)]
    # every client the services make from the account carries the credential, never a key
    for client in (account.service_client(), account.container_client("memory"),
                   account.blob_client("memory", "t/o/doc.txt")):
        assert client.credential is credential and client.url.startswith("https://memsvcst.blob.core.windows.net/")
        await client.close()
    store = account.checkpoint_store("eventhub-checkpoints")
    assert store._container_client.credential is credential


def test_blob_account_needs_exactly_one_way_in():
    with pytest.raises(ValueError, match="exactly one"):
        BlobAccount()
    with pytest.raises(ValueError, match="exactly one"):
        BlobAccount(connection_string="UseDevelopmentStorage=true", account_url="https://a.blob.core.windows.net/")
    with pytest.raises(ValueError, match="https"):
        BlobAccount(account_url="http://a.blob.core.windows.net/")
    settings = SimpleNamespace(blob_account_url="https://a.blob.core.windows.net/", blob_connection_string="x")
    assert BlobAccount.from_settings(settings).account_url == "https://a.blob.core.windows.net/"  # the URL wins
    assert BlobAccount.from_settings(SimpleNamespace()) is None


# ---------------------------------------------------------------- Event Hubs: namespace + credential

async def test_event_hubs_bus_from_namespace_and_credential():
    credential = FakeAsyncCredential()
    bus = make_bus("eventhubs", eventhub_fully_qualified_namespace="memsvc-eh.servicebus.windows.net",
                   eventhub_name="memory-changes", blob_account_url="https://memsvcst.blob.core.windows.net/",
                   credential=credential, checkpoint_container="eventhub-checkpoints")
    assert isinstance(bus, EventHubsBus)
    assert bus.access.connection_string is None and bus.blob.connection_string is None
    assert bus.producer._credential is credential
    assert bus.producer._address.hostname == "memsvc-eh.servicebus.windows.net"
    assert bus.producer._address.path == "/memory-changes"
    consumer = bus.access.consumer("memory-changes", "consolidator.promotion",
                                   bus.blob.checkpoint_store("eventhub-checkpoints"))
    assert consumer._credential is credential and consumer._consumer_group == "consolidator.promotion"
    assert consumer._checkpoint_store._container_client.credential is credential
    await consumer.close()
    await bus.close()


async def test_event_hubs_makes_and_closes_its_own_credential_when_none_is_given(monkeypatch):
    from memcore.adapters import azure_credential

    made: list[FakeAsyncCredential] = []

    def fake_default(client_id=None):
        credential = FakeAsyncCredential()
        credential.closed = False

        async def close() -> None:
            credential.closed = True
        credential.close = close
        made.append(credential)
        return credential

    monkeypatch.setattr(azure_credential, "default_async_credential", fake_default)
    bus = EventHubsBus(EventHubsAccess(fully_qualified_namespace="ns.servicebus.windows.net"), "memory-changes",
                       BlobAccount(account_url="https://acct.blob.core.windows.net/"))
    assert bus.producer._credential is made[0] and bus.blob.credential is made[1]
    await bus.close()
    assert [c.closed for c in made] == [True, True]


def test_event_hubs_settings_errors_name_the_variables():
    with pytest.raises(ValueError, match="EVENTHUB_FULLY_QUALIFIED_NAMESPACE"):
        make_bus("eventhubs", eventhub_name="h", blob_account_url="https://a.blob.core.windows.net/")
    with pytest.raises(ValueError, match="host name"):
        EventHubsAccess(fully_qualified_namespace="sb://ns.servicebus.windows.net/")


# ---------------------------------------------------------------- Key Vault and Azure OpenAI

def test_key_vault_keys_use_the_credential():
    from memcore.crypto.keyvault_keys import KeyVaultKeys

    credential = FakeCredential()
    keys = KeyVaultKeys("https://memsvckv.vault.azure.net/", "memory-kek", credential=credential)

    def auth_credentials(client) -> list:
        """Credentials of the Entra challenge-auth policies in an SDK client's pipeline."""
        policies = client._client._client._pipeline._impl_policies
        return [p._credential for p in policies if type(p).__name__ == "ChallengeAuthPolicy"]

    assert keys.credential is credential and auth_credentials(keys.client) == [credential]
    assert auth_credentials(keys._crypto("https://memsvckv.vault.azure.net/keys/memory-kek/abc")) == [credential]


def test_azure_openai_token_provider_from_the_credential():
    from memcore.embedding.azure_openai import COGNITIVE_SERVICES_SCOPE, token_provider_from

    credential = FakeCredential()
    provider = token_provider_from(credential)
    assert provider() == "token-1"
    assert credential.calls[0][0] == COGNITIVE_SERVICES_SCOPE == "https://cognitiveservices.azure.com/.default"
