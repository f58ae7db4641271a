"""Dedupe stays within a layer (docs/knowledge.md): a turn record reinforces only a record (an exact
repeat of the turn), a knowledge fact only a fact, for the exact key, the repeat within one batch
and the near-duplicate lookup. A fact with the same text and type as its turn is still a row of its
own, so one saying counts once and a turn said again keeps citing no turn (promotion candidates)."""
import pytest


@pytest.fixture(scope="module")
def adult(new_tenant):
    t = new_tenant("user")
    return {"client": t["clients"][0], "user_id": t["users"][0]["user_id"]}


def _turn(client, session, text, speaker="Alice"):
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": speaker, "text": text})
    assert r.status_code == 200, r.text
    return r.json()["items"]


def _memories(items, layer):
    return [i["memory"] for i in items if i.get("memory") and i["memory"]["layer"] == layer]


def _same_text_fact(items):
    """The turn's record and its one fact, which says it in the turn's words (two rows, not one)."""
    assert len(items) == 2 and len({i["memory"]["id"] for i in items}) == 2, items
    [record], [fact] = _memories(items, "record"), _memories(items, "knowledge")
    assert (fact["text"].rstrip("."), fact["type"]) == (record["text"].rstrip("."), record["type"])
    return record, fact


TEXT = "Alice wrote a piano lesson last week."


def test_a_fact_in_the_turns_own_words_is_a_row_of_its_own_and_each_saying_counts_once(adult):
    client = adult["client"]
    record, fact = _same_text_fact(_turn(client, "ld-1", TEXT))
    assert record["mention_count"] == 1 and fact["mention_count"] == 1
    assert fact["source_turns"] == [record["id"]] and record["source_turns"] == []

    items = _turn(client, "ld-2", TEXT)  # said again, in another session
    record2, fact2 = _same_text_fact(items)
    assert (record2["id"], fact2["id"]) == (record["id"], fact["id"])
    assert [i["status"] for i in items] == ["reinforced", "reinforced"]
    stored_record = client.get(f"/v1/memory/{record['id']}").json()
    stored_fact = client.get(f"/v1/memory/{fact['id']}").json()
    assert stored_record["mention_count"] == 2 and stored_fact["mention_count"] == 2
    assert stored_record["source_turns"] == []  # still a promotion candidate: it cites no turn
    assert stored_fact["source_turns"] == [record["id"]]


def test_a_fact_does_not_reinforce_an_earlier_record_with_its_text(new_tenant):
    client = new_tenant("user")["clients"][0]
    [said] = _memories(_turn(client, "ld-3", TEXT, speaker="assistant"), "record")  # a record only
    items = _turn(client, "ld-4", "I wrote a piano lesson last week.")
    [fact] = _memories(items, "knowledge")
    assert fact["id"] != said["id"] and fact["mention_count"] == 1 and [i["status"] for i in items] == ["created"] * 2
    assert client.get(f"/v1/memory/{said['id']}").json()["mention_count"] == 1


def test_a_fact_is_never_a_near_duplicate_of_a_record(new_tenant):
    client = new_tenant("user")["clients"][0]
    [said] = _memories(_turn(client, "ld-5", "Alice baked a lemon cake for the fair at school.", speaker="assistant"),
                       "record")
    items = _turn(client, "ld-6", "I baked a lemon cake for the school fair.")
    [fact] = [i for i in items if i["memory"]["layer"] == "knowledge"]
    assert fact["memory"]["text"].startswith("Alice baked a lemon cake") and fact["near_duplicate_of"] is None
    [record] = [i for i in items if i["memory"]["layer"] == "record"]
    assert record["near_duplicate_of"] in (None, said["id"])  # a record may be one of a record

    again = _turn(client, "ld-7", "I baked a lemon cake for the fair at school.")  # the fact's own kind
    [fact2] = [i for i in again if i["memory"]["layer"] == "knowledge"]
    assert fact2["near_duplicate_of"] == fact["memory"]["id"], again
