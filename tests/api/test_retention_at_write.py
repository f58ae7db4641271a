"""Retention is set when a memory is written, shown by the API, and follows the household policy."""
from __future__ import annotations

from datetime import datetime, timedelta


def _at(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


def test_expiry_by_type_scope_pin_and_policy(new_tenant):
    t = new_tenant("parent", "user")
    parent, user = t["clients"]
    r = user.post("/v1/memory/candidates", json={"items": [
        {"text": "We walked along the canal after lunch.", "type": "episodic"},
        {"text": "Temporary note for this chat only.", "type": "semantic", "scope": "session", "session_id": "s1"},
        {"text": "Works as a nurse in Leeds.", "type": "identity"},
        {"text": "Met an old friend at the market.", "type": "episodic", "pinned": True}]})
    assert r.status_code == 200, r.text
    walked, chat, nurse, friend = [i["memory"] for i in r.json()["items"]]
    observed = _at(walked["observed_at"])
    assert _at(walked["expires_at"]) == observed + timedelta(days=90)
    assert _at(chat["expires_at"]) == _at(chat["observed_at"]) + timedelta(days=1)
    assert nurse["expires_at"] is None and friend["expires_at"] is None
    assert user.get(f"/v1/memory/{walked['id']}").json()["expires_at"] == walked["expires_at"]

    uid = t["users"][1]["user_id"]
    assert parent.put(f"/v1/users/{uid}/policy", json={"retention_days": {"episodic": 7}}).status_code == 200
    r = user.post("/v1/memory/candidates", json={"items": [{"text": "Fed the ducks by the river.", "type": "episodic"}]})
    ducks = r.json()["items"][0]["memory"]
    assert _at(ducks["expires_at"]) == _at(ducks["observed_at"]) + timedelta(days=7)
    bad = parent.put(f"/v1/users/{uid}/policy", json={"retention_days": {"episodic": 0}})
    assert bad.status_code == 422


def test_an_imported_old_conversation_is_kept_from_when_it_was_written(new_tenant):
    user = new_tenant("user")["clients"][0]
    r = user.post("/v1/conversations/old-chat/turns", json={"speaker": "user", "at": "2023-05-07T10:00:00Z",
                                                            "text": "We went camping by the lake last weekend."})
    m = r.json()["items"][0]["memory"]
    assert m["observed_at"].startswith("2023-05-07")
    assert _at(m["expires_at"]) - _at(m["created_at"]) > timedelta(days=89)
