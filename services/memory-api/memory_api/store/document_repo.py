"""Documents (POST /v1/documents): one row per upload, its chunks are memory items naming it, its
original (when kept) is a blob whose path the row holds."""
from __future__ import annotations

from uuid import UUID

import asyncpg


async def add(conn: asyncpg.Connection, document_id: UUID, owner_id: UUID, title: str | None, source_uri: str | None,
              token_count: int, blob_path: str | None) -> None:
    await conn.execute(
        """INSERT INTO documents (tenant_id, document_id, owner_id, title, source_uri, token_count, blob_path)
           VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, $5, $6)""",
        document_id, owner_id, title, source_uri, token_count, blob_path)


async def get(conn: asyncpg.Connection, document_id: UUID) -> asyncpg.Record | None:
    """(owner_id, blob_path) of a document the caller sees."""
    return await conn.fetchrow("SELECT owner_id, blob_path FROM documents WHERE document_id = $1", document_id)


async def chunk_count(conn: asyncpg.Connection, document_id: UUID) -> int:
    """The document's chunks the transaction sees (all of them as system, the readable ones as a caller)."""
    found: int = await conn.fetchval("SELECT count(*) FROM memory_items WHERE document_id = $1", document_id)
    return found


async def original_of_memory(conn: asyncpg.Connection, memory_id: UUID) -> asyncpg.Record | None:
    """(document_id, blob_path) of the kept original of the document a chunk comes from."""
    return await conn.fetchrow(
        """SELECT d.document_id, d.blob_path FROM memory_items m
           JOIN documents d ON d.tenant_id = m.tenant_id AND d.document_id = m.document_id
           WHERE m.memory_id = $1 AND d.blob_path IS NOT NULL""", memory_id)


async def forget_original(conn: asyncpg.Connection, document_id: UUID) -> None:
    """The document no longer names an original (its blob was deleted)."""
    await conn.execute("UPDATE documents SET blob_path = NULL WHERE document_id = $1", document_id)
