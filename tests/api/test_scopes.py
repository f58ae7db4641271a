"""Scopes (seed 004) set at write and enforced at read by the read gate: a project's memory never
reaches another project's context, a session's never another session's; user-wide memory reaches all."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def ana(new_tenant):
    t = new_tenant("user")
    c = t["clients"][0]
    turns = [("apollo", "project", "The Apollo launch date moved to March 14."),
             ("borealis", "project", "The Borealis launch date is June 2."),
             (None, "user", "I prefer launch updates by email."),
             (None, "session", "For this chat only: the launch codename is Falcon.")]
    for project, scope, text in turns:
        body = {"speaker": "user", "text": text, "scope": scope}
        if project:
            body["project_id"] = project
        r = c.post(f"/v1/conversations/{project or 'general'}-s1/turns", json=body)
        assert r.status_code == 200 and r.json()["stored"], r.text
        assert r.json()["items"][0]["memory"]["scope"] == scope
    return c


def _context(c, **body) -> str:
    r = c.post("/v1/memory/contextify", json={"query": "When is the launch date?", "token_budget": 1000, **body})
    assert r.status_code == 200, r.text
    return r.json()["context"]


def test_a_projects_context_holds_its_own_and_user_wide_memory_only(ana):
    apollo = _context(ana, project_id="apollo", session_id="apollo-s2")
    assert "March 14" in apollo and "by email" in apollo
    assert "June 2" not in apollo and "Falcon" not in apollo
    borealis = _context(ana, project_id="borealis")
    assert "June 2" in borealis and "March 14" not in borealis


def test_a_session_memory_reaches_only_its_session(ana):
    assert "Falcon" in _context(ana, session_id="general-s1")
    assert "Falcon" not in _context(ana, session_id="general-s2")
    assert "Falcon" not in _context(ana)


def test_retrieve_follows_the_same_rule_and_filters_by_scope(ana):
    def texts(**body):
        r = ana.post("/v1/memory/retrieve", json={"query": "launch date", "k": 20, **body})
        assert r.status_code == 200, r.text
        return " ".join(i["memory"]["text"] for i in r.json()["items"])
    apollo = texts(project_id="apollo")
    assert "March 14" in apollo and "June 2" not in apollo and "Falcon" not in apollo
    assert "Falcon" in texts(session_id="general-s1")
    only_projects = texts(scope="project")
    assert "March 14" in only_projects and "June 2" in only_projects and "by email" not in only_projects


def test_listing_is_not_a_context_read_and_shows_every_scope(ana):
    items = ana.get("/v1/memory/list", params={"limit": 200}).json()["items"]
    assert {"project", "user", "session"} <= {m["scope"] for m in items}


def test_a_project_id_holding_personal_data_is_refused(new_tenant):
    c = new_tenant("user")["clients"][0]
    r = c.post("/v1/conversations/p-s1/turns", json={"speaker": "user", "text": "Kick-off notes are ready.",
                                                     "scope": "project", "project_id": "call 415-555-0117"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "pii_in_identifier", r.text
    assert c.get("/v1/memory/list").json()["items"] == []
