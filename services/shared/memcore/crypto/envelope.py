"""AES-256-GCM envelope encryption.

Each value gets a fresh data key (DEK). The DEK encrypts the value (AES-GCM, with the owner as
associated data, so a ciphertext cannot be moved to another owner); a key-encryption key (KEK)
from a KeyProvider wraps the DEK. Rotation adds a new active KEK; `rewrap` moves a stored value to
it without touching the data ciphertext. Format (bytes):
    b"E1" | len(key_id) (1 byte) | key_id | len(wrapped) (2 bytes) | wrapped DEK | nonce (12) | ciphertext
"""
from __future__ import annotations

import os
import struct
from typing import Protocol

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

MAGIC = b"E1"


class KeyProvider(Protocol):
    """Wraps and unwraps data keys. Local: a key file. Azure: Key Vault (wrapKey/unwrapKey)."""

    def active_key_id(self) -> str: ...

    def wrap(self, key_id: str, dek: bytes) -> bytes: ...

    def unwrap(self, key_id: str, wrapped: bytes) -> bytes: ...


class EnvelopeCipher:
    def __init__(self, keys: KeyProvider):
        self.keys = keys

    def encrypt(self, plaintext: str, context: str) -> tuple[bytes, str]:
        """Returns (envelope, key_id). `context` (e.g. "tenant:owner") is bound as associated data."""
        dek = AESGCM.generate_key(bit_length=256)
        nonce = os.urandom(12)
        ct = AESGCM(dek).encrypt(nonce, plaintext.encode(), context.encode())
        key_id = self.keys.active_key_id()
        wrapped = self.keys.wrap(key_id, dek)
        kid = key_id.encode()
        return MAGIC + bytes([len(kid)]) + kid + struct.pack(">H", len(wrapped)) + wrapped + nonce + ct, key_id

    def decrypt(self, envelope: bytes, context: str) -> str:
        key_id, wrapped, nonce, ct = _parse(envelope)
        dek = self.keys.unwrap(key_id, wrapped)
        return AESGCM(dek).decrypt(nonce, ct, context.encode()).decode()

    def rewrap(self, envelope: bytes) -> tuple[bytes, str]:
        """Re-wrap the data key under the active KEK (key rotation); the data ciphertext is unchanged."""
        key_id, wrapped, nonce, ct = _parse(envelope)
        new_id = self.keys.active_key_id()
        if new_id == key_id:
            return envelope, key_id
        dek = self.keys.unwrap(key_id, wrapped)
        new_wrapped = self.keys.wrap(new_id, dek)
        kid = new_id.encode()
        return MAGIC + bytes([len(kid)]) + kid + struct.pack(">H", len(new_wrapped)) + new_wrapped + nonce + ct, new_id


def _parse(envelope: bytes) -> tuple[str, bytes, bytes, bytes]:
    if envelope[:2] != MAGIC:
        raise ValueError("not an envelope of this format")
    n = envelope[2]
    key_id = envelope[3:3 + n].decode()
    (wn,) = struct.unpack(">H", envelope[3 + n:5 + n])
    wrapped = envelope[5 + n:5 + n + wn]
    rest = envelope[5 + n + wn:]
    return key_id, wrapped, rest[:12], rest[12:]
