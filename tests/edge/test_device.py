"""The edge client against the real API (issue 15): safety rules offline, a network cut, a device
restart mid-queue, exactly-once in-order delivery, forgetting that reaches the device, encryption at rest."""
from __future__ import annotations

import os
import sqlite3
import stat

import pytest
from cryptography.exceptions import InvalidTag

from memedge.crypto import KeyFileError
from memedge.protocol import id_hash

from tests.edge.kit import commit

SESSION = "bedroom-2026-11-25"
TURNS = ["I built a red lego castle with a drawbridge today.",
         "My friend Tomasz came over and we played pirates.",
         "We baked banana bread with grandma this afternoon."]


def _session_turns(parent, child_id: str) -> list[dict]:
    r = parent.get("/v1/memory/list", params={"owner_id": child_id, "session_id": SESSION, "limit": 200})
    assert r.status_code == 200, r.text
    return sorted(r.json()["items"], key=lambda m: m["session_seq"] or 0)


def _seed(household) -> dict[str, str]:
    rule, pref, fact = commit(household["parent"], household["child_id"], [
        {"text": "No scary stories, ever: no monsters, ghosts or witches.", "type": "safety", "source": "parent"},
        {"text": "Mia loves triceratops and asks for dinosaur stories.", "type": "preference"},
        {"text": "Mia's little brother is called Leo.", "type": "relationship"},
    ])
    return {"rule": rule, "pref": pref, "fact": fact}


def test_safety_rules_and_context_offline_after_a_cut(household, device, proxy):
    ids = _seed(household)
    client = device()
    _, pulled = client.sync_now()
    assert pulled.upserts == 3 and client.status()["safety_rules"] == 1
    proxy.stop()  # the network is gone
    ctx = client.contextify("Can you tell me a story about dinosaurs?", token_budget=200)
    assert ctx.offline and ctx.parts == {"device": len(ctx.lines)}
    assert ctx.lines[0].path == "safety" and ctx.lines[0].memory_id == ids["rule"]
    assert ids["pref"] in [x.memory_id for x in ctx.lines[1:3]]  # BM25 + vectors found the preference
    late = client.contextify("Can you tell me a story about dinosaurs?", token_budget=200, deadline_ms=300)
    assert late.offline and late.cloud == "unreachable" and late.lines[0].memory_id == ids["rule"]
    assert client.sync_now() == (None, None)  # offline: nothing applied, nothing lost
    assert client.status()["cached"] == 3
    proxy.start()  # back online: the cloud's block, marked as such
    online = client.contextify("Can you tell me a story about dinosaurs?", token_budget=200, deadline_ms=5000)
    assert online.cloud == "ok" and online.mode in ("online", "online+device")
    assert online.parts.get("cloud", 0) >= 1
    assert any(x.memory_id == ids["rule"] for x in online.lines)  # the rule, from the cloud or the device


def test_the_clouds_int8_vectors_are_used_as_they_are(household, device, embedder, monkeypatch):
    """A batch write is stored with the int8 weights' vector (MEMORY_BATCH_EMBEDDER): the device,
    whose float model shares their space, takes that vector instead of embedding the text again."""
    from memcore.embedding.model_files import INT8_MODEL_NAME

    r = household["parent"].post("/v1/memory/candidates", json={"owner_id": household["child_id"], "items": [
        {"text": "Mia's favourite colour is sea green.", "type": "preference"}]})
    assert r.status_code == 200, r.text
    assert r.json()["items"][0]["memory"]["embedding_model"] == INT8_MODEL_NAME
    embedded: list[str] = []
    real = embedder.embed
    monkeypatch.setattr(embedder, "embed", lambda texts: embedded.extend(texts) or real(texts))
    client = device()
    _, pulled = client.sync_now()
    assert pulled.upserts == 1 and not any("sea green" in t for t in embedded)
    ctx = client.contextify("What colour does Mia like?", token_budget=100, deadline_ms=0.5)
    assert ctx.offline and "sea green" in " ".join(x.text for x in ctx.lines)  # found with the cloud's vector


def test_a_slow_cloud_is_filled_in_by_the_device(household, device):
    ids = _seed(household)
    client = device()
    client.sync_now()
    ctx = client.contextify("Tell me about Leo", token_budget=200, deadline_ms=0.5)  # the cloud cannot make it
    assert ctx.cloud == "timeout" and ctx.offline
    assert ctx.lines[0].memory_id == ids["rule"] and ids["fact"] in {x.memory_id for x in ctx.lines}


def test_turns_queued_through_a_cut_and_a_restart_arrive_once_in_order(household, device, proxy):
    parent, child_id = household["parent"], household["child_id"]
    client = device()
    proxy.stop()
    keys = [client.record_turn(SESSION, "child", t) for t in TURNS]
    offline = client.flush()
    assert offline.offline and offline.delivered == 0 and offline.left == 3
    # The newest turn is usable offline at once, as a recent note.
    ctx = client.contextify("what did we bake?", token_budget=200)
    assert any("banana bread" in x.text for x in ctx.lines)
    proxy.start()
    first = client.flush(max_turns=1)
    assert first.delivered == 1 and first.left == 2
    client.close()  # the device restarts mid-queue
    client = device()
    assert client.status()["queue"] == {"delivered": 1, "queued": 2}
    # The second turn's answer is lost: the API stored it, the device never heard back (we send it
    # by hand with its key, as the device would have), so the device sends it again after restart.
    with client.store._lock:
        turn2 = client.store.db.execute("SELECT idem_key FROM outbox WHERE status = 'queued' ORDER BY seq").fetchone()[0]
    assert turn2 == keys[1]
    queued = client.store.next_queued()
    r = client.http.post(f"/v1/conversations/{SESSION}/turns", content=queued.body,
                         headers={"Idempotency-Key": queued.idem_key, "Content-Type": "application/json"})
    assert r.status_code == 200, r.text
    rest = client.flush()
    assert rest.delivered == 2 and rest.left == 0 and not rest.offline
    stored = _session_turns(parent, child_id)
    said = [next(t for t in TURNS if t.split()[3] in m["text"]) for m in stored]
    assert said == TURNS  # each turn once, in the order it was said
    # The next pull brings the cloud's memories of the turns and retires the local notes.
    _, pulled = client.sync_now()
    assert pulled.settled_turns == 3 and client.status()["queue"] == {}
    assert client.store.count("memory_id LIKE 'turn:%'") == 0
    assert all(client.store.count("memory_id = ?", (m["id"],)) == 1 for m in stored)


def test_forgetting_reaches_the_device_with_a_receipt(household, device, proxy):
    parent, child_id = household["parent"], household["child_id"]
    ids = _seed(household)
    client = device()
    client.sync_now()
    # A parent deletes one memory: gone from the device at the next sync, receipt recorded.
    assert parent.delete(f"/v1/memory/{ids['pref']}").status_code == 204
    _, pulled = client.sync_now()
    assert pulled.removed == 1 and pulled.receipt_id
    assert client.store.count("memory_id = ?", (ids["pref"],)) == 0
    assert "triceratops" not in client.contextify("dinosaur story", 300).context
    receipts = parent.get("/v1/sync/receipts", params={"user_id": child_id}).json()
    assert receipts[0]["id_hashes"] == [id_hash(ids["pref"])] and receipts[0]["purged_memories"] == 1
    # The child asks to be forgotten while the device is offline with a turn in its queue; a parent approves.
    proxy.stop()
    client.record_turn(SESSION, "child", "My secret hiding place is under the stairs.")
    proxy.start()
    req = client.http.post(f"/v1/users/{child_id}/forget")
    assert req.status_code == 202, req.text
    r = parent.post(f"/v1/users/{child_id}/forget-requests/{req.json()['request_id']}/approve")
    assert r.status_code == 200 and r.json()["verified"], r.text
    delivered, pulled = client.sync_now()
    assert pulled.forgets == 1 and pulled.purged_turns == 1 and delivered.delivered == 0
    st = client.status()
    assert st["queue"] == {} and st["cached"] == 1 and st["safety_rules"] == 1  # the parent's rule stays
    hidden = parent.get("/v1/memory/list", params={"owner_id": child_id, "limit": 200}).json()["items"]
    assert not any("hiding place" in m["text"] for m in hidden)  # the queued turn never reached the cloud
    receipt = parent.get("/v1/sync/receipts", params={"user_id": child_id}).json()[0]
    assert receipt["forgets_applied"] == 1 and receipt["purged_turns"] == 1
    assert set(receipt["id_hashes"]) >= {id_hash(ids["fact"])}


def test_the_store_is_encrypted_at_rest(household, device):
    _seed(household)
    client = device()
    client.record_turn(SESSION, "child", "Grandpa Zbigniew gave me a telescope.")
    client.sync_now()
    client.close()
    data = device.data_dir
    assert stat.S_IMODE(os.stat(data / "device.key").st_mode) == 0o600
    assert stat.S_IMODE(os.stat(data / "device.json").st_mode) == 0o600
    raw = b"".join(p.read_bytes() for p in data.iterdir() if p.name.startswith("memedge"))
    for word in (b"triceratops", b"scary", b"Leo", b"Zbigniew", b"telescope"):
        assert word not in raw, word
    # Another key opens nothing.
    from memedge.crypto import FieldCipher
    from memedge.store import LocalStore
    stranger = LocalStore(data / "memedge.sqlite3", FieldCipher(os.urandom(32)))
    with pytest.raises(InvalidTag):  # AES-GCM: the field does not authenticate under another key
        stranger.memories()
    stranger.close()
    os.chmod(data / "device.key", 0o644)
    with pytest.raises(KeyFileError):
        device()
    with sqlite3.connect(data / "memedge.sqlite3") as db:  # the FTS index holds term hashes only
        terms = " ".join(r[0] for r in db.execute("SELECT terms FROM memory_terms"))
    assert terms and all(t.startswith("t") and len(t) == 17 for t in terms.split())


def test_a_revoked_device_stops_syncing_and_keeps_its_queue(household, device):
    _seed(household)
    client = device()
    client.sync_now()
    client.record_turn(SESSION, "child", "I lost my blue mitten at the park.")
    r = household["parent"].delete(f"/v1/tokens/{client.config.token_id}")
    assert r.status_code == 200, r.text
    import time
    time.sleep(1.2)  # revocation reaches every replica's token cache within a second (auth.TOKEN_CACHE_TTL_S)
    assert client.sync_now() == (None, None)
    st = client.status()
    assert st["unauthorized"] and st["queue"] == {"queued": 1} and st["safety_rules"] == 1
