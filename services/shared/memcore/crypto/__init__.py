"""Field-level encryption of sensitive originals: AES-GCM envelopes with rotatable key-encryption keys."""
from .envelope import EnvelopeCipher, KeyProvider
from .local_keys import LocalKeyFile, MissingKeyFile

__all__ = ["EnvelopeCipher", "KeyProvider", "LocalKeyFile", "MissingKeyFile"]
