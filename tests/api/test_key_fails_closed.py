"""Issue 36, fail closed on the key: with no Key Vault, a container restarted without its local key
file used to make a new key silently, and could no longer open the originals it had sealed. It now
refuses to start, naming the setting, when the database already holds sealed envelopes."""
import asyncio

import pytest

from memcore.adapters.postgres import Database
from memory_api.app import ApiSettings, ConfigurationError, create_app, open_cipher


def _settings(stack_env, policy_server, key_file) -> ApiSettings:
    return ApiSettings(database_url=stack_env["DATABASE_URL"], app_database_url=stack_env.get(
        "MEMORY_APP_DATABASE_URL"), redis_url=stack_env["REDIS_URL"], admin_token="x",
        policy_url=policy_server.url, log_level="WARNING", encryption_key_file=str(key_file))


@pytest.fixture(scope="module")
def sealed_envelope(new_tenant):
    """A child's phone number kept as an encrypted original (the parent's policy says encrypt)."""
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    child_id = t["users"][1]["user_id"]
    parent.put(f"/v1/users/{child_id}/policy", json={
        "age_band": "under_8", "pii_rules": {"PHONE": "encrypt"}}).raise_for_status()
    r = child.post("/v1/conversations/s-key/turns", json={
        "speaker": "child", "text": "grandma's phone number is 212-555-0143", "at": "2026-03-08T17:00:00Z"})
    assert r.status_code == 200 and r.json()["stored"], r.text


def test_a_missing_key_file_with_sealed_envelopes_refuses_to_start(sealed_envelope, stack_env, policy_server,
                                                                   embedder, tmp_path):
    missing = tmp_path / "keys" / "local.keys"
    app = create_app(_settings(stack_env, policy_server, missing), embedder=embedder)

    async def start() -> None:
        async with app.router.lifespan_context(app):
            pass

    with pytest.raises(ConfigurationError, match="MEMORY_ENCRYPTION_KEY_FILE") as err:
        asyncio.run(start())
    assert "MEMORY_KEYVAULT_URL" in str(err.value)
    assert not missing.exists()  # no new key was made beside the envelopes it cannot open


def test_an_existing_key_file_opens(sealed_envelope, stack_env, policy_server, tmp_path):
    """Positive control: the same database and a key file that exists."""
    from memcore.crypto import LocalKeyFile

    present = tmp_path / "local.keys"
    LocalKeyFile(present)
    settings = _settings(stack_env, policy_server, present)

    async def open_it():
        db = await Database(settings.app_dsn, 1, 2).connect()
        try:
            return await open_cipher(settings, db)
        finally:
            await db.close()

    cipher = asyncio.run(open_it())
    envelope, key_id = cipher.encrypt("secret", "c")
    assert key_id == "k1" and cipher.decrypt(envelope, "c") == "secret"
