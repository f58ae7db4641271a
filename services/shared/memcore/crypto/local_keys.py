"""Key-encryption keys in a local file (development). Azure uses Key Vault (keyvault_keys.py)."""
from __future__ import annotations

import base64
import json
import os
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM


class MissingKeyFile(FileNotFoundError):
    """The key file is not there and may not be created (envelopes sealed under it would be lost)."""


class LocalKeyFile:
    """{"active": id, "keys": {id: base64 key}}; created with mode 0600 when missing, unless `create`
    is False: then a missing file raises MissingKeyFile and nothing is written."""

    def __init__(self, path: str | Path, *, create: bool = True):
        self.path = Path(path)
        if not self.path.exists():
            if not create:
                raise MissingKeyFile(f"no key file at {self.path}")
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._save({"active": "k1", "keys": {"k1": self._new()}})
        self._data = json.loads(self.path.read_text())

    @staticmethod
    def _new() -> str:
        return base64.b64encode(AESGCM.generate_key(bit_length=256)).decode()

    def _save(self, data: dict) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.unlink(missing_ok=True)  # a leftover could have another mode: O_EXCL creates it anew
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # private from its first byte
        with os.fdopen(fd, "w") as f:
            f.write(json.dumps(data))
        os.chmod(tmp, 0o600)  # whatever the umask
        tmp.replace(self.path)

    def _key(self, key_id: str) -> bytes:
        try:
            return base64.b64decode(self._data["keys"][key_id])
        except KeyError as exc:
            raise KeyError(f"unknown key-encryption key {key_id!r}") from exc

    def active_key_id(self) -> str:
        return self._data["active"]

    def rotate(self) -> str:
        """Add a new active key; old keys stay for unwrapping until every value is re-wrapped."""
        new_id = f"k{len(self._data['keys']) + 1}"
        self._data["keys"][new_id] = self._new()
        self._data["active"] = new_id
        self._save(self._data)
        return new_id

    def wrap(self, key_id: str, dek: bytes) -> bytes:
        nonce = os.urandom(12)
        return nonce + AESGCM(self._key(key_id)).encrypt(nonce, dek, key_id.encode())

    def unwrap(self, key_id: str, wrapped: bytes) -> bytes:
        return AESGCM(self._key(key_id)).decrypt(wrapped[:12], wrapped[12:], key_id.encode())
