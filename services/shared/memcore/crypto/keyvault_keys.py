"""Key-encryption keys in Azure Key Vault: the DEK is wrapped/unwrapped by the vault (RSA-OAEP-256),
the key never leaves it. Same interface as LocalKeyFile; rotation is a new key version in the vault.

Auth: Microsoft Entra only (the managed identity, role Key Vault Crypto User on the key: get,
wrapKey, unwrapKey); a vault has no connection string or access key to hold."""
from __future__ import annotations


class KeyVaultKeys:
    def __init__(self, vault_url: str, key_name: str, credential=None):
        from azure.keyvault.keys import KeyClient

        from memcore.adapters.azure_credential import default_credential

        self.credential = credential or default_credential()
        self.client = KeyClient(vault_url, self.credential)
        self.key_name = key_name

    def active_key_id(self) -> str:
        return self.client.get_key(self.key_name).id  # the full versioned key id

    def _crypto(self, key_id: str):
        from azure.keyvault.keys.crypto import CryptographyClient

        return CryptographyClient(key_id, self.credential)

    def wrap(self, key_id: str, dek: bytes) -> bytes:
        from azure.keyvault.keys.crypto import KeyWrapAlgorithm

        return self._crypto(key_id).wrap_key(KeyWrapAlgorithm.rsa_oaep_256, dek).encrypted_key

    def unwrap(self, key_id: str, wrapped: bytes) -> bytes:
        from azure.keyvault.keys.crypto import KeyWrapAlgorithm

        return self._crypto(key_id).unwrap_key(KeyWrapAlgorithm.rsa_oaep_256, wrapped).key
