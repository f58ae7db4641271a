"""A title written with its point ("Mrs. Okoro") and without ("Mrs Okoro") is one person (migration 0031).

The knowledge readers read a title's point away so the name stays whole (the card was "Mrs is Mia's
teacher"), while the turn's record keeps the words as typed: both must key the same entity, and the
names stored before the change are re-keyed by the migration."""
import uuid

import psycopg
from alembic import command
from alembic.config import Config

from memcore.devstack.stack import REPO_ROOT


def _config() -> Config:
    cfg = Config(str(REPO_ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(REPO_ROOT / "migrations"))
    return cfg


def _turn(client, text: str) -> dict:
    r = client.post("/v1/conversations/titles-s1/turns", json={"speaker": "user", "text": text})
    assert r.status_code == 200, r.text
    return r.json()


def _people(client, word: str) -> list[dict]:
    r = client.get("/v1/entities", params={"q": word, "limit": 50})
    assert r.status_code == 200, r.text
    return [e for e in r.json()["items"] if e["type"] == "person" and word in e["name"]]


def test_a_title_with_and_without_its_point_is_one_person_and_the_card_names_them(new_tenant):
    t = new_tenant("user")
    c = t["clients"][0]
    said = [_turn(c, "My violin teacher is Mrs. Vasquez-Obi."), _turn(c, "Mrs Vasquez-Obi gave me a gold star today."),
            _turn(c, "Dr. Lindqvist checked my ears, and Dr Lindqvist said they are fine.")]
    assert len(_people(c, "Vasquez-Obi")) == 1, _people(c, "Vasquez-Obi")
    assert len(_people(c, "Lindqvist")) == 1, _people(c, "Lindqvist")
    ties = [i["memory"]["text"] for r in said for i in r["items"] if i["memory"]["type"] == "relationship"]
    assert any("Vasquez-Obi" in text for text in ties), ties
    assert not any(text.startswith("Mrs is") for text in ties), ties


def test_names_stored_with_a_title_point_are_rekeyed(stack_env, new_tenant, monkeypatch):
    dsn = stack_env["DATABASE_URL"]
    t = new_tenant("user")
    c = t["clients"][0]
    owner = uuid.UUID(t["users"][0]["user_id"])
    _turn(c, "Prof. Adeyemi-Clarke marked my essay.")
    monkeypatch.setenv("DATABASE_URL", dsn)
    command.downgrade(_config(), "0030")
    try:
        with psycopg.connect(dsn, autocommit=True) as conn:
            rows = conn.execute("SELECT entity_id, norm_names FROM entities WHERE owner_id = %s AND "
                                "'prof adeyemi-clarke' = ANY(norm_names)", (owner,)).fetchall()
            assert len(rows) == 1, rows
            # the key the code before this revision wrote, beside the bare surname
            conn.execute("UPDATE entities SET norm_names = ARRAY['prof. adeyemi-clarke', 'adeyemi-clarke'] "
                         "WHERE entity_id = %s", (rows[0][0],))
    finally:
        command.upgrade(_config(), "head")
    with psycopg.connect(dsn, autocommit=True) as conn:
        names = conn.execute("SELECT norm_names FROM entities WHERE entity_id = %s", (rows[0][0],)).fetchone()[0]
    assert sorted(names) == ["adeyemi-clarke", "prof adeyemi-clarke"], names
    assert len(_people(c, "Adeyemi-Clarke")) == 1
