"""Encryption at rest on the device: one 256-bit device key, made at pairing, kept in a 0600 file.

Two keys are derived from it (HKDF-SHA256): one for AES-GCM over the text columns, embeddings and
queued turns (each value with a fresh 96-bit nonce, bound by associated data to its row, so a ciphertext
moved to another row does not decrypt), and one for the keyed hashes of the full-text index
(textindex.py).
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

KEY_BYTES = 32
NONCE_BYTES = 12


class KeyFileError(RuntimeError):
    pass


def create_key_file(path: Path) -> bytes:
    """A new random device key, written with owner-only permissions (refuses to overwrite one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    key = os.urandom(KEY_BYTES)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key)
    return key


def load_key_file(path: Path) -> bytes:
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        raise KeyFileError(f"{path} is readable by others (mode {mode:o}); it must be 0600")
    key = path.read_bytes()
    if len(key) != KEY_BYTES:
        raise KeyFileError(f"{path} does not hold a {KEY_BYTES}-byte key")
    return key


def _derive(key: bytes, purpose: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"memedge " + purpose).derive(key)


class FieldCipher:
    def __init__(self, device_key: bytes):
        self._aead = AESGCM(_derive(device_key, b"fields"))
        self.index_key = _derive(device_key, b"fts-terms")

    def seal(self, plaintext: bytes, row: str) -> bytes:
        nonce = os.urandom(NONCE_BYTES)
        return nonce + self._aead.encrypt(nonce, plaintext, row.encode())

    def open(self, sealed: bytes, row: str) -> bytes:
        return self._aead.decrypt(sealed[:NONCE_BYTES], sealed[NONCE_BYTES:], row.encode())

    def seal_text(self, text: str, row: str) -> bytes:
        return self.seal(text.encode(), row)

    def open_text(self, sealed: bytes, row: str) -> str:
        return self.open(sealed, row).decode()
