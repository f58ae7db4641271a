"""S9. The device goes offline (seed 001): the child's edge device (memedge) against the running API,
the network cut by a TCP proxy between them (tests/edge/kit.py).

Each sentence of the scenario, and where it is asserted (all in the one test below):
- the child's device syncs: the first sync_now pulls the parent's three memories, one safety rule;
- loses the network, keeps answering from its local cache (safety rules first): with the proxy
  stopped, contextify answers offline from the device, the safety rule first, the preference found;
- and records new turns: three turns recorded offline are queued (a flush delivers none);
- when the network returns the turns arrive once and in order: after the proxy restarts, the next
  sync delivers all three, and the API holds each once in the order said (a second sync sends none);
- a parent's forget made meanwhile reaches the device at its next sync: the parent deletes the
  preference while the device is offline; the device still holds it until the network returns,
  and after the next sync it is gone from the device's store and its context.
The restart mid-queue and a lost answer are in tests/edge/test_device.py.
"""
from tests.edge.kit import commit

SESSION = "s9-evening-2026-11-25"
TURNS = ["I built a red lego castle with a drawbridge today.",
         "My friend Tomasz came over and we played pirates.",
         "We baked banana bread with grandma this afternoon."]
STORY = "Can you tell me a story about dinosaurs?"


def test_the_device_answers_offline_and_catches_up_once_in_order(household, device, proxy):
    parent, child_id = household["parent"], household["child_id"]
    rule, pref, _ = commit(parent, child_id, [
        {"text": "No scary stories, ever: no monsters, ghosts or witches.", "type": "safety", "source": "parent"},
        {"text": "Mia loves triceratops and asks for dinosaur stories.", "type": "preference"},
        {"text": "Mia's little brother is called Leo.", "type": "relationship"}])
    client = device()
    _, pulled = client.sync_now()
    assert pulled.upserts == 3 and client.status()["safety_rules"] == 1

    proxy.stop()  # the network is gone
    ctx = client.contextify(STORY, token_budget=200)
    assert ctx.offline and ctx.parts == {"device": len(ctx.lines)}
    assert ctx.lines[0].path == "safety" and ctx.lines[0].memory_id == rule
    assert pref in [x.memory_id for x in ctx.lines[1:]]
    for text in TURNS:
        client.record_turn(SESSION, "child", text)
    assert client.sync_now() == (None, None)  # offline: nothing sent, nothing lost
    offline = client.flush()
    assert offline.offline and offline.delivered == 0 and offline.left == 3

    # Meanwhile a parent forgets the preference (the parent's own connection is up).
    assert parent.delete(f"/v1/memory/{pref}").status_code == 204
    assert client.store.count("memory_id = ?", (pref,)) == 1  # the device cannot know yet
    assert client.contextify(STORY, token_budget=200).lines[0].memory_id == rule

    proxy.start()  # the network returns
    delivered, pulled = client.sync_now()
    assert pulled.removed == 1 and pulled.receipt_id  # the forget reached the device at this sync
    assert client.store.count("memory_id = ?", (pref,)) == 0
    assert "triceratops" not in client.contextify(STORY, 300).context
    assert delivered.delivered == 3 and delivered.left == 0
    r = parent.get("/v1/memory/list", params={"owner_id": child_id, "session_id": SESSION, "limit": 200})
    assert r.status_code == 200, r.text
    stored = sorted(r.json()["items"], key=lambda m: m["session_seq"] or 0)
    said = [next(t for t in TURNS if t.split()[3] in m["text"]) for m in stored]
    assert said == TURNS  # each turn once, in the order it was said
    again, _ = client.sync_now()
    assert again.delivered == 0 and client.status()["queue"] == {}
    r = parent.get("/v1/memory/list", params={"owner_id": child_id, "session_id": SESSION, "limit": 200})
    assert len(r.json()["items"]) == len(TURNS)  # still once each
