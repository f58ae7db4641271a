import os

import pytest
from cryptography.exceptions import InvalidTag

from memcore.crypto import EnvelopeCipher, LocalKeyFile, MissingKeyFile


@pytest.fixture
def cipher(tmp_path):
    return EnvelopeCipher(LocalKeyFile(tmp_path / "keys.json"))


def test_round_trip_and_no_plaintext_in_envelope(cipher):
    env, kid = cipher.encrypt("my phone number is 212-555-0143", "t:o")
    assert b"212-555-0143" not in env and kid == "k1"
    assert cipher.decrypt(env, "t:o") == "my phone number is 212-555-0143"


def test_envelope_is_bound_to_its_owner(cipher):
    env, _ = cipher.encrypt("12 Oak Street", "tenant-a:owner-1")
    with pytest.raises(InvalidTag):
        cipher.decrypt(env, "tenant-b:owner-1")


def test_rotation_rewraps_without_losing_data(tmp_path):
    keys = LocalKeyFile(tmp_path / "keys.json")
    cipher = EnvelopeCipher(keys)
    env, kid = cipher.encrypt("secret", "c")
    assert keys.rotate() == "k2"
    new_env, new_kid = cipher.rewrap(env)
    assert (kid, new_kid) == ("k1", "k2") and new_env != env
    assert cipher.decrypt(new_env, "c") == "secret"
    assert cipher.decrypt(env, "c") == "secret"  # old key still available until retired


def test_key_file_is_private(tmp_path):
    LocalKeyFile(tmp_path / "keys.json")
    assert oct(os.stat(tmp_path / "keys.json").st_mode & 0o777) == "0o600"


def test_key_file_is_created_private_not_made_private_afterwards(tmp_path, monkeypatch):
    """Issue 36: the keys were written with the default mode and chmod-ed after (readable by all in
    between). With chmod doing nothing, the file must still be 0600 from its creation."""
    monkeypatch.setattr(os, "chmod", lambda *a, **k: None)
    old = os.umask(0o022)
    try:
        LocalKeyFile(tmp_path / "keys.json")
    finally:
        os.umask(old)
    assert oct(os.stat(tmp_path / "keys.json").st_mode & 0o777) == "0o600"


def test_a_key_file_that_may_not_be_created_is_not(tmp_path):
    """Issue 36, fail closed on the key: memory-api opens its key file with create=False once the
    database holds sealed envelopes; a missing file then raises and no new key is written."""
    with pytest.raises(MissingKeyFile):
        LocalKeyFile(tmp_path / "keys.json", create=False)
    assert not (tmp_path / "keys.json").exists()
    made = LocalKeyFile(tmp_path / "keys.json")  # a new deployment: created
    assert LocalKeyFile(tmp_path / "keys.json", create=False).active_key_id() == made.active_key_id()


def test_tampering_is_detected(cipher):
    env, _ = cipher.encrypt("secret", "c")
    with pytest.raises(InvalidTag):
        cipher.decrypt(env[:-1] + bytes([env[-1] ^ 1]), "c")


@pytest.mark.skipif(not os.environ.get("AZURE_KEYVAULT_URL"), reason="needs AZURE_KEYVAULT_URL and a key")
def test_key_vault_round_trip():
    from memcore.crypto.keyvault_keys import KeyVaultKeys

    keys = KeyVaultKeys(os.environ["AZURE_KEYVAULT_URL"], os.environ.get("AZURE_KEYVAULT_KEY", "memory-kek"))
    cipher = EnvelopeCipher(keys)
    env, _ = cipher.encrypt("secret", "c")
    assert cipher.decrypt(env, "c") == "secret"
