"""The services' blob store: one container (Azurite locally, Azure Blob in Azure), names under
`{tenant}/{owner}/...` so that forgetting a subject deletes one prefix (memcore.personal_data).

Thin over azure-storage-blob: put, get, delete and count by prefix, and a read-only download link
that expires (a service SAS signed with the account key for a connection string; a user-delegation
SAS for a managed identity, which holds no key).
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from .blob import BlobAccount


def _conn_parts(connection_string: str) -> dict[str, str]:
    return dict(p.split("=", 1) for p in connection_string.split(";") if "=" in p)


class BlobStore:
    def __init__(self, account: BlobAccount, container: str):
        self.account, self.container = account, container
        self._service: Any = None
        self._client: Any = None

    @classmethod
    def from_settings(cls, settings: Any) -> "BlobStore | None":
        account = BlobAccount.from_settings(settings)
        return cls(account, getattr(settings, "blob_container", "memory")) if account else None

    async def start(self) -> "BlobStore":
        await self.account.ensure_container(self.container)
        self._service = self.account.service_client()
        self._client = self._service.get_container_client(self.container)
        return self

    async def close(self) -> None:
        if self._service is not None:
            await self._service.close()

    async def put(self, name: str, data: bytes, content_type: str = "application/octet-stream") -> None:
        from azure.storage.blob import ContentSettings

        await self._client.upload_blob(name, data, overwrite=True,
                                       content_settings=ContentSettings(content_type=content_type))

    async def get(self, name: str) -> bytes | None:
        from azure.core.exceptions import ResourceNotFoundError

        try:
            stream = await self._client.download_blob(name)
        except ResourceNotFoundError:
            return None
        return await stream.readall()

    async def count_prefix(self, prefix: str) -> int:
        return len([b async for b in self._client.list_blobs(name_starts_with=prefix)])

    async def delete_prefix(self, prefix: str) -> int:
        names = [b.name async for b in self._client.list_blobs(name_starts_with=prefix)]
        for name in names:
            await self._client.delete_blob(name, delete_snapshots="include")
        return len(names)

    async def download_url(self, name: str, ttl_s: int) -> tuple[str, datetime]:
        """A link that reads `name` until it expires (no other permission), and its expiry."""
        from azure.storage.blob import BlobSasPermissions, generate_blob_sas

        expires = datetime.now(timezone.utc) + timedelta(seconds=ttl_s)
        blob = self._client.get_blob_client(name)
        if self.account.connection_string:
            parts = _conn_parts(self.account.connection_string)
            sas = generate_blob_sas(parts["AccountName"], self.container, name, account_key=parts["AccountKey"],
                                    permission=BlobSasPermissions(read=True), expiry=expires)
        else:
            key = await self._service.get_user_delegation_key(datetime.now(timezone.utc) - timedelta(minutes=5),
                                                              expires)
            sas = generate_blob_sas(blob.account_name, self.container, name, user_delegation_key=key,
                                    permission=BlobSasPermissions(read=True), expiry=expires)
        return f"{blob.url}?{sas}", expires
