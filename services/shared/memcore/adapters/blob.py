"""Where Blob storage is and how to reach it: a connection string (Azurite on a developer's machine)
or an account URL with a Microsoft Entra credential (Azure: the managed identity, no account key).

Settings: MEMORY_BLOB_ACCOUNT_URL (https://<account>.blob.core.windows.net/, with the managed
identity) or MEMORY_BLOB_CONNECTION_STRING (local). Every blob client of the services (Event Hubs
checkpoints and dead letters) is made here, so no other module decides between the two.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

STORAGE_SCOPE = "https://storage.azure.com/.default"


@dataclass(frozen=True)
class BlobAccount:
    """One of `connection_string` or `account_url`. With `account_url` the clients authenticate with
    `credential` (an async azure-core credential, anything with `async get_token`); None means the
    process's DefaultAzureCredential (managed identity in Azure)."""

    connection_string: str | None = None
    account_url: str | None = None
    credential: Any = None

    def __post_init__(self) -> None:
        if bool(self.connection_string) == bool(self.account_url):
            raise ValueError("Blob storage needs exactly one of MEMORY_BLOB_ACCOUNT_URL (managed identity) "
                             "and MEMORY_BLOB_CONNECTION_STRING (local)")
        if self.account_url and not self.account_url.startswith("https://"):
            raise ValueError(f"MEMORY_BLOB_ACCOUNT_URL must be an https:// URL, not {self.account_url!r}")

    @classmethod
    def of(cls, value: "BlobAccount | str | None") -> "BlobAccount | None":
        """A BlobAccount from one (a connection string as a plain str, for the local stack)."""
        if value is None or isinstance(value, BlobAccount):
            return value
        return cls(connection_string=value)

    @classmethod
    def from_settings(cls, settings: Any, credential: Any = None) -> "BlobAccount | None":
        """From a settings object with blob_account_url / blob_connection_string; None when neither
        is set. The account URL wins: it is what the template sets in Azure."""
        url = getattr(settings, "blob_account_url", None)
        if url:
            return cls(account_url=url, credential=credential)
        conn = getattr(settings, "blob_connection_string", None)
        return cls(connection_string=conn) if conn else None

    @property
    def uses_identity(self) -> bool:
        return self.account_url is not None

    def resolved(self) -> "tuple[BlobAccount, Any]":
        """(this account with a concrete credential, the credential made here or None). One
        credential for all of an owner's clients; the owner closes the one made for it."""
        if not self.uses_identity or self.credential is not None:
            return self, None
        from dataclasses import replace

        made = self._credential()
        return replace(self, credential=made), made

    def _credential(self) -> Any:
        if self.credential is not None:
            return self.credential
        from memcore.adapters.azure_credential import default_async_credential

        return default_async_credential()

    def service_client(self):
        from azure.storage.blob.aio import BlobServiceClient

        if self.connection_string:
            return BlobServiceClient.from_connection_string(self.connection_string)
        return BlobServiceClient(self.account_url, credential=self._credential())

    def container_client(self, container: str):
        from azure.storage.blob.aio import ContainerClient

        if self.connection_string:
            return ContainerClient.from_connection_string(self.connection_string, container)
        return ContainerClient(self.account_url, container, credential=self._credential())

    def blob_client(self, container: str, name: str):
        from azure.storage.blob.aio import BlobClient

        if self.connection_string:
            return BlobClient.from_connection_string(self.connection_string, container, name)
        return BlobClient(self.account_url, container, name, credential=self._credential())

    def checkpoint_store(self, container: str):
        """The Event Hubs checkpoint store (azure-eventhub-checkpointstoreblob-aio) in `container`."""
        from azure.eventhub.extensions.checkpointstoreblobaio import BlobCheckpointStore

        if self.connection_string:
            return BlobCheckpointStore.from_connection_string(self.connection_string, container_name=container)
        return BlobCheckpointStore(self.account_url, container, credential=self._credential())

    async def ensure_container(self, container: str) -> None:
        """Create `container` if it is missing. In Azure the template creates every container and the
        identity's role is scoped to them: the create answers 409 (exists), or 403 where creating is
        not the identity's to do; both leave the template's container in place."""
        from azure.core.exceptions import HttpResponseError, ResourceExistsError

        async with self.service_client() as svc:
            try:
                await svc.create_container(container)
            except ResourceExistsError:
                pass
            except HttpResponseError as exc:
                if not (self.uses_identity and exc.status_code == 403):
                    raise
