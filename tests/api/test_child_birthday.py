"""A child's birthday and age through the API (docs/knowledge.md, "Birthdays and ages"): the policy
treats a birthday as a date of birth (PII) and the household's rule for it applies; the knowledge
layer keeps one clean identity card in slot form, never the date in clear, and never a half-redacted
clause as a value."""


def _turn(client, session, text):
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "child", "text": text})
    assert r.status_code == 200, r.text
    return r.json()


def _facts(body):
    return [i["memory"] for i in body["items"] if i.get("memory") and i["memory"]["layer"] == "knowledge"]


def test_a_childs_birthday_is_one_card_with_the_date_redacted(new_tenant):
    child = new_tenant("parent", "child")["clients"][1]
    body = _turn(child, "bd-1", "My birthday is on the 3rd of March")
    [record] = [i["memory"] for i in body["items"] if i["memory"]["layer"] == "record"]
    assert "March" not in record["text"] and record["pii_types"] == ["DOB"], record
    [fact] = _facts(body)
    assert (fact["type"], fact["predicate"], fact["value"]) == ("identity", "birthday", "<DOB>"), fact
    assert fact["text"] == f"{fact['subject']}'s birthday is on <DOB>" and fact["pii_types"] == ["DOB"], fact
    born = _facts(_turn(child, "bd-2", "I was born on 3 March 2018."))
    assert [(f["predicate"], f["value"]) for f in born] == [("birthday", "<DOB>")], born


def test_an_age_to_come_is_kept_as_the_age_without_the_date(new_tenant):
    child = new_tenant("parent", "child")["clients"][1]
    [fact] = _facts(_turn(child, "bd-3", "I turn eight next week."))
    assert (fact["type"], fact["predicate"], fact["value"]) == ("identity", "turns", "8"), fact
    assert "next week" not in fact["text"], fact


def test_under_eight_a_birthday_is_not_stored_at_all(new_tenant):
    child = new_tenant("parent", "child", child_band="under_8")["clients"][1]
    body = _turn(child, "bd-4", "My birthday is on the 3rd of March")
    assert body["stored"] is False and not _facts(body), body
    assert not any("birthday" in m["text"] for m in child.get("/v1/memory/list").json()["items"])
