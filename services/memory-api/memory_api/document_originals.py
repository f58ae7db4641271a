"""A document's original, as uploaded, kept in blob storage where the household's policy allows it
(issue 16: "document originals" in blobs).

The original holds what the chunks hold before the write gate redacted them, so it is kept only
where keeping it promises nothing the chunks do not:

- no chunk had PII: the original is kept as text;
- PII was found and the household keeps every type of it encrypted: the original is kept sealed
  (AES-GCM envelope to the owner, as the chunks' encrypted originals) and read back only by a parent
  or admin, or by its adult owner (never a child or an orchestrator: their chunks say `<PHONE>`);
- PII the household redacts or drops, or a chunk dropped or held by the policy: not kept, and the
  response says why.

Names sit under the owner's prefix (`{tenant}/{owner}/documents/...`), so forgetting the owner
deletes them with the rest; deleting any chunk of the document deletes its original, since the
original still says what was deleted.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from uuid import UUID

from memcore.policy.contract import WriteDecision

from .errors import unavailable

if TYPE_CHECKING:
    from .deps import Resources

SEALED_SUFFIX, PLAIN_SUFFIX = ".sealed", ".txt"


@dataclass(frozen=True)
class Keeping:
    sealed: bool | None  # None: not kept
    reason: str | None = None


def keeping(decisions: list[WriteDecision]) -> Keeping:
    """Whether (and how) the original may be kept, from the gate's decisions on its chunks. Pure."""
    if any(d.decision in ("drop", "hold") for d in decisions):
        return Keeping(None, "part of the document was dropped or held by the household's policy, so its "
                             "original is not kept")
    with_pii = [d for d in decisions if d.pii]
    if not with_pii:
        return Keeping(False)
    if all(d.keep_encrypted_original for d in with_pii):
        return Keeping(True)
    types = sorted({p.type for d in with_pii for p in d.pii})
    return Keeping(None, f"the household keeps only redacted text of {', '.join(types)}, so the original "
                         "is not kept")


def blob_name(tenant_id: UUID, owner_id: UUID, document_id: UUID, sealed: bool) -> str:
    return f"{tenant_id}/{owner_id}/documents/{document_id}{SEALED_SUFFIX if sealed else PLAIN_SUFFIX}"


def is_sealed(name: str) -> bool:
    """Whether a kept original is sealed (it holds PII the household keeps encrypted)."""
    return name.endswith(SEALED_SUFFIX)


def cipher_context(tenant_id: UUID, owner_id: UUID) -> str:
    return f"{tenant_id}:{owner_id}"


async def store(res: Resources, tenant_id: UUID, owner_id: UUID, document_id: UUID, text: str, how: Keeping) -> str | None:
    """Puts the original in the blob store; its name, or None when it is not kept."""
    if how.sealed is None or res.blob is None:
        return None
    name = blob_name(tenant_id, owner_id, document_id, how.sealed)
    if how.sealed:
        if res.cipher is None:  # the app always opens one (app.open_cipher fails closed): never kept unsealed
            raise unavailable("the key that seals originals")
        envelope, _ = res.cipher.encrypt(text, cipher_context(tenant_id, owner_id))
        await res.blob.put(name, envelope)
    else:
        await res.blob.put(name, text.encode("utf-8"), "text/plain; charset=utf-8")
    return name


async def load(res: Resources, tenant_id: UUID, owner_id: UUID, name: str) -> str | None:
    data = await res.blob.get(name) if res.blob is not None else None
    if data is None:
        return None
    if is_sealed(name):
        if res.cipher is None:
            raise unavailable("the key that seals originals", "the original cannot be read")
        return res.cipher.decrypt(data, cipher_context(tenant_id, owner_id))
    return data.decode("utf-8")
