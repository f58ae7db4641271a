"""The sync protocol's pure parts, shared with memory-api's routers/sync.py by definition (tests check
that both sides agree): how a removal names a memory, a receipt's digest, the first cursor."""
from __future__ import annotations

import hashlib
from uuid import UUID

START_CURSOR = "0.0"


def id_hash(memory_id: UUID | str) -> str:
    """First 16 bytes of SHA-256 of the memory id (as text), hex: what a `remove` change carries."""
    return hashlib.sha256(str(memory_id).encode()).hexdigest()[:32]


def receipt_digest(id_hashes: list[str]) -> str:
    """SHA-256 (hex) of the sorted id hashes joined by newlines: what POST /v1/sync/receipts checks."""
    return hashlib.sha256("\n".join(sorted(id_hashes)).encode()).hexdigest()
