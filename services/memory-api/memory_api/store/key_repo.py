"""Whether the database holds anything sealed under a key-encryption key: the memories' encrypted
originals and the documents' sealed originals (blobs the documents table names). Asked at start when
the local key file is missing (memory_api.app.open_cipher): a new key could open none of them."""
from __future__ import annotations

from memcore.adapters.postgres import Database


async def holds_sealed_envelopes(db: Database, sealed_suffix: str) -> bool:
    """`sealed_suffix`: how a sealed document original's blob name ends (memory_api.document_originals).
    Tenant by tenant (row-level security hides every tenant's rows from a connection without one)."""
    async with db.raw() as conn:
        tenants = [r[0] for r in await conn.fetch("SELECT consolidation_tenants()")]
    for tenant in tenants:
        async with db.as_system(tenant) as conn:
            if await conn.fetchval(
                    """SELECT EXISTS (SELECT 1 FROM memory_items WHERE encrypted_original IS NOT NULL)
                           OR EXISTS (SELECT 1 FROM documents WHERE blob_path LIKE '%' || $1)""", sealed_suffix):
                return True
    return False
