"""A document's original in blob storage (issue 16): kept as uploaded where the household's policy
allows it, sealed where the household keeps PII encrypted, not kept (and said so) where it keeps
only redacted text; gone when a chunk of it is deleted."""
from azure.storage.blob import BlobServiceClient

NOTES = ("Plant the tomatoes in April after the last frost.\n\nWater them every morning, "
         "and feed them with seaweed once a week.")
PHONE = "07911 123456"


def _blobs(stack_env, tenant_id: str) -> dict[str, bytes]:
    service = BlobServiceClient.from_connection_string(stack_env["MEMORY_BLOB_CONNECTION_STRING"])
    container = service.get_container_client("memory")
    return {b.name: container.download_blob(b.name).readall()
            for b in container.list_blobs(name_starts_with=f"{tenant_id}/")
            if "/documents/" in b.name}


def test_an_original_without_pii_is_kept_as_uploaded_and_goes_with_a_deleted_chunk(new_tenant, stack_env):
    t = new_tenant("user")
    c = t["clients"][0]
    r = c.post("/v1/documents", json={"title": "Garden", "text": NOTES})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["original_kept"] is True and body["original_reason"] is None
    got = c.get(f"/v1/documents/{body['document_id']}/original")
    assert got.status_code == 200 and got.text == NOTES
    assert list(_blobs(stack_env, t["tenant_id"]).values()) == [NOTES.encode()]

    chunk = body["chunks"][0]["memory"]["id"]
    assert c.delete(f"/v1/memory/{chunk}").status_code == 204
    gone = c.get(f"/v1/documents/{body['document_id']}/original")
    assert gone.status_code == 404 and "not kept" in gone.json()["error"]["message"]
    assert _blobs(stack_env, t["tenant_id"]) == {}


def test_pii_the_household_redacts_means_no_original(new_tenant, stack_env):
    t = new_tenant("user")
    c = t["clients"][0]
    body = c.post("/v1/documents", json={"title": "Contacts", "text": f"Call the plumber on {PHONE} on Monday."}).json()
    assert body["original_kept"] is False and "PHONE" in body["original_reason"]
    assert c.get(f"/v1/documents/{body['document_id']}/original").status_code == 404
    assert _blobs(stack_env, t["tenant_id"]) == {}


def test_a_household_that_keeps_pii_encrypted_keeps_the_original_sealed(new_tenant, stack_env):
    """A sealed original holds the PII the chunks show as <PHONE>: it goes to a parent or admin, and to
    an adult owner for its own, never to a child (its owner included) or an orchestrator (issue 33)."""
    t = new_tenant("parent", "child", "orchestrator", "user", "admin")
    parent, child, orchestrator, user, admin = t["clients"]
    child_id, user_id = t["users"][1]["user_id"], t["users"][3]["user_id"]
    parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "8_12",
                                                     "pii_rules": {"PHONE": "encrypt"}}).raise_for_status()
    text = f"Grandma's number is {PHONE}, call her on Sundays."
    body = parent.post("/v1/documents", json={"owner_id": child_id, "title": "Numbers", "text": text}).json()
    assert body["original_kept"] is True, body
    stored = _blobs(stack_env, t["tenant_id"])
    assert len(stored) == 1 and PHONE.encode() not in next(iter(stored.values()))
    assert parent.get(f"/v1/documents/{body['document_id']}/original").text == text
    assert admin.get(f"/v1/documents/{body['document_id']}/original").text == text
    for reader in (child, orchestrator):  # the child owns it, but its chunks say <PHONE> to it
        r = reader.get(f"/v1/documents/{body['document_id']}/original")
        assert r.status_code == 403 and PHONE not in r.text, r.text
    assert "<PHONE>" in child.get("/v1/memory/list").text
    other = new_tenant("parent")["clients"][0]
    assert other.get(f"/v1/documents/{body['document_id']}/original").status_code == 404

    parent.put(f"/v1/users/{user_id}/policy", json={"pii_rules": {"PHONE": "encrypt"}}).raise_for_status()
    mine = user.post("/v1/documents", json={"title": "Mine", "text": text}).json()
    assert mine["original_kept"] is True, mine
    assert user.get(f"/v1/documents/{mine['document_id']}/original").text == text  # an adult's own
    assert orchestrator.get(f"/v1/documents/{mine['document_id']}/original").status_code == 403
