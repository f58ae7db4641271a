"""Knowledge, not transcripts (issue 35; issue 33 item 2): a turn is kept whole as a record, what it
teaches as typed atomic facts naming the person; the assistant's lines and small talk teach nothing;
forgetting a turn takes the knowledge drawn only from it."""
import pytest


@pytest.fixture(scope="module")
def adult(new_tenant):
    t = new_tenant("user")
    return {"client": t["clients"][0], "user_id": t["users"][0]["user_id"]}


def _turn(client, session, text, speaker="user", **extra):
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": speaker, "text": text, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def _layer(body, layer):
    return [i["memory"] for i in body["items"] if i.get("memory") and i["memory"]["layer"] == layer]


def test_one_turn_gives_a_record_and_several_typed_facts(adult):
    body = _turn(adult["client"], "kl-1", "I hate olives but I love sweetcorn. My sister Ella lives in Bristol.",
                 speaker="Dana")
    [record] = _layer(body, "record")
    assert record["type"] == "episodic" and record["text"].startswith("I hate olives")
    facts = {(m["type"], m["predicate"], m["value"]): m for m in _layer(body, "knowledge")}
    assert ("preference", "dislikes", "olives") in facts and ("preference", "likes", "sweetcorn") in facts
    assert ("relationship", "sister", "Ella") in facts
    likes = facts[("preference", "likes", "sweetcorn")]
    assert likes["text"] == "Dana loves sweetcorn" and likes["source_turns"] == [record["id"]]
    listed = adult["client"].get("/v1/memory/list", params={"layer": "knowledge", "limit": 200}).json()["items"]
    assert {m["id"] for m in listed} >= {m["id"] for m in facts.values()}
    assert all(m["layer"] == "knowledge" for m in listed)


@pytest.mark.parametrize("speaker,text", [
    ("assistant", "What a great idea! Ponies are very friendly animals and I love them."),
    ("companion", "Cats are wonderful pets. Does Pepper like to play with string?"),
    ("user", "yeah"), ("user", "thank you!"), ("user", "Can you sing me a song?"),
    ("user", "How far away is the moon?"),
])
def test_the_assistant_small_talk_and_questions_teach_nothing(adult, speaker, text):
    body = _turn(adult["client"], "kl-2", text, speaker=speaker)
    assert _layer(body, "knowledge") == [], body


def test_a_declared_other_speaker_teaches_nothing_about_the_owner(adult):
    body = _turn(adult["client"], "kl-3", "I love skiing in Austria.", speaker="Sam", speaker_role="other")
    assert _layer(body, "knowledge") == [] and len(_layer(body, "record")) == 1


def test_forgetting_a_turn_takes_the_knowledge_drawn_only_from_it(adult):
    client = adult["client"]
    first = _turn(client, "kl-4", "I really enjoy bouldering. I am scared of heights though.", speaker="Dana")
    again = _turn(client, "kl-5", "I really enjoy bouldering.", speaker="Dana")
    [rec1], [rec2] = _layer(first, "record"), _layer(again, "record")
    facts = {m["value"]: m for m in _layer(first, "knowledge")}
    climbing, fear = facts["bouldering"], facts["heights though"] if "heights though" in facts else facts["heights"]
    assert client.delete(f"/v1/memory/{rec1['id']}").status_code == 204
    assert client.get(f"/v1/memory/{fear['id']}").status_code == 404  # drawn only from the forgotten turn
    kept = client.get(f"/v1/memory/{climbing['id']}")  # also taught by the second turn
    assert kept.status_code == 200 and kept.json()["source_turns"] == [rec2["id"]]


def test_a_parents_first_person_is_not_the_childs(new_tenant):
    """A parent writing a turn into a child's memory: "my" is the parent's, so it teaches nothing
    about the child; a rule and what is said about the child's world still teach."""
    t = new_tenant("parent", "child")
    parent, child_id = t["clients"][0], t["users"][1]["user_id"]

    def facts(text):
        r = parent.post("/v1/conversations/kl-g/turns", json={"speaker": "parent", "text": text, "owner_id": child_id})
        assert r.status_code == 200, r.text
        return [i for i in r.json()["items"] if i.get("memory") is None or i["memory"]["layer"] == "knowledge"]

    assert facts("My dad lives in Leeds and I love jazz.") == []
    assert [i["memory"]["type"] for i in facts("No horror films for the kids.")] == ["safety"]
    assert any("Grandpa Joe" in i["memory"]["text"] for i in facts("Grandpa Joe takes them fishing at the lake.")
               if i.get("memory"))
