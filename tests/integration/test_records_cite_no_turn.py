"""Migration 0029: a turn record that came to cite itself (before dedupe kept to its layer) stops,
so repeating that turn can promote it again; a fact's citations are left alone."""
import uuid

import psycopg
from alembic import command
from alembic.config import Config

from memcore.devstack.stack import REPO_ROOT


def _config() -> Config:
    cfg = Config(str(REPO_ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(REPO_ROOT / "migrations"))
    return cfg


def test_a_record_citing_itself_stops_and_facts_keep_their_turns(stack_env, new_tenant, monkeypatch):
    dsn = stack_env["DATABASE_URL"]
    home = new_tenant("user")
    owner = uuid.UUID(home["users"][0]["user_id"])
    r = home["clients"][0].post("/v1/conversations/cite-s1/turns", json={"speaker": "user", "text": "I love sailing."})
    assert r.status_code == 200, r.text
    monkeypatch.setenv("DATABASE_URL", dsn)
    command.downgrade(_config(), "0028")
    try:
        with psycopg.connect(dsn, autocommit=True) as conn:
            record = conn.execute("SELECT memory_id FROM memory_items WHERE owner_id = %s AND layer = 'record'",
                                  (owner,)).fetchone()[0]
            facts = conn.execute("SELECT memory_id, source_turns FROM memory_items WHERE owner_id = %s "
                                 "AND layer = 'knowledge'", (owner,)).fetchall()
            assert facts and all(f[1] == [record] for f in facts)
            # what the old write path left: the record reinforced by its own fact, citing itself
            conn.execute("UPDATE memory_items SET source_turns = ARRAY[memory_id] WHERE memory_id = %s", (record,))
    finally:
        command.upgrade(_config(), "head")
    with psycopg.connect(dsn, autocommit=True) as conn:
        assert conn.execute("SELECT source_turns FROM memory_items WHERE memory_id = %s",
                            (record,)).fetchone()[0] == []
        assert all(conn.execute("SELECT source_turns FROM memory_items WHERE memory_id = %s",
                                (f[0],)).fetchone()[0] == [record] for f in facts)
