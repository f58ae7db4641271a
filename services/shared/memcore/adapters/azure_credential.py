"""The one Azure credential of a process: Microsoft Entra ID through azure-identity.

In Azure the containers run as a user-assigned managed identity, selected by AZURE_CLIENT_ID
(read by azure-identity itself); on a developer's machine the same code uses `az login`. No
adapter holds a key or a connection string with a secret: each gets a credential object (anything
with `get_token(*scopes)`, the azure-core TokenCredential protocol) and asks it for a token of its
service's scope when it needs one.

A second identity can be named by client id (the outbox relay's Postgres login,
MEMORY_RELAY_AZURE_CLIENT_ID): `default_credential(client_id)`.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=8)
def default_credential(client_id: str | None = None) -> Any:
    """DefaultAzureCredential, one per process and identity, so that its token cache is shared by
    every client that uses it (Key Vault, Azure OpenAI, the Postgres password callable)."""
    from azure.identity import DefaultAzureCredential

    return DefaultAzureCredential(managed_identity_client_id=client_id) if client_id \
        else DefaultAzureCredential()


def default_async_credential(client_id: str | None = None) -> Any:
    """The aio DefaultAzureCredential for the async SDK clients (Event Hubs, Blob). Not cached: its
    HTTP session belongs to the event loop that first uses it; the client that gets it closes it."""
    from azure.identity.aio import DefaultAzureCredential

    return DefaultAzureCredential(managed_identity_client_id=client_id) if client_id \
        else DefaultAzureCredential()
