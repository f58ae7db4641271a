"""S4, consolidation: a preference repeated over three sessions becomes one semantic memory,
more confident than the episodes and linked to them — through the running services."""
import time


def test_repeated_preference_is_promoted(new_tenant, consolidator):
    t = new_tenant("parent", "child")
    child = t["clients"][1]
    said = [("2026-04-06", "I love triceratops!"), ("2026-04-08", "Stegosaurus is my favourite, I love it"),
            ("2026-04-10", "I really love dinosaurs like triceratops")]
    for day, text in said:
        r = child.post(f"/v1/conversations/week-{day}/turns", json={"speaker": "child", "text": text,
                                                                     "at": f"{day}T18:30:00Z"})
        assert r.status_code == 200, r.text
    # the turns as said (records): what the promoted fact stands on (the facts drawn from them are knowledge)
    episodes = {m["id"]: m for m in child.get("/v1/memory/list", params={"layer": "record"}).json()["items"]}
    promoted = None
    deadline = time.monotonic() + 60
    while promoted is None and time.monotonic() < deadline:
        items = child.get("/v1/memory/list", params={"type": "semantic"}).json()["items"]
        promoted = next((m for m in items if "promoted" in m["tags"]), None)
        time.sleep(0.5)
    assert promoted is not None, "no promoted memory within 60 s"
    text = promoted["text"].lower()
    assert "dinosaur" in text and "triceratops" in text and "stegosaurus" in text, promoted["text"]
    assert set(promoted["links"]) >= set(episodes), "linked to every episode"
    assert promoted["confidence"] > max(e["confidence"] for e in episodes.values())
