"""Migration 0026: the owner's organisation, read with every turn (session_context_repo.session_context),
comes from a partial index of its own, not from a walk over all the owner's knowledge; the
migration applies and downgrades. It is read in an organisation's account only: in a household's,
"we" is the family, not the employer an earlier turn named."""
import uuid

import psycopg
from alembic import command
from alembic.config import Config

from app_role import in_tenant
from memcore.devstack.stack import REPO_ROOT
from memory_api.store import session_context_repo

INDEX = "memory_items_owner_organisation"
OTHER_KNOWLEDGE = 4000  # an owner who has talked a lot

# copies of the owner's organisation row as other knowledge, older than it
COPIES_SQL = """INSERT INTO memory_items (tenant_id, memory_id, owner_id, type, scope, text, text_hash, search_text,
                    tsv, doc_len, layer, subject, predicate, value, observed_at, valid_from, source_turns)
                SELECT tenant_id, gen_random_uuid(), owner_id, 'semantic', scope, text || ' ' || g, md5(text || g),
                       text, tsv, doc_len, 'knowledge', subject, 'likes', 'thing ' || g,
                       observed_at - make_interval(secs => g), valid_from, source_turns
                FROM memory_items, generate_series(1, %s) g WHERE memory_id = %s"""


def _config() -> Config:
    cfg = Config(str(REPO_ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(REPO_ROOT / "migrations"))
    return cfg


def _has_index(dsn: str) -> bool:
    with psycopg.connect(dsn, autocommit=True) as conn:
        return conn.execute("SELECT 1 FROM pg_indexes WHERE indexname = %s", (INDEX,)).fetchone() is not None


def test_session_context_reads_the_organisation_from_its_index_and_the_migration_downgrades(
        stack_env, new_tenant, monkeypatch):
    dsn = stack_env["DATABASE_URL"]
    home = new_tenant("user", kind="organisation")
    owner, tenant = uuid.UUID(home["users"][0]["user_id"]), uuid.UUID(home["tenant_id"])
    r = home["clients"][0].post("/v1/conversations/org-s1/turns", json={"speaker": "user", "text": "I work at Acme Labs."})
    assert r.status_code == 200, r.text
    with psycopg.connect(dsn, autocommit=True) as conn:
        org = conn.execute("SELECT memory_id FROM memory_items WHERE owner_id = %s AND layer = 'knowledge' "
                           "AND predicate IN ('organisation', 'works_for', 'runs')", (owner,)).fetchone()
        assert org is not None  # the turn taught where the owner works
        conn.execute(COPIES_SQL, (OTHER_KNOWLEDGE, org[0]))
        conn.execute("ANALYZE memory_items")

    async def work(conn):
        plan = "\n".join(r[0] for r in await conn.fetch("EXPLAIN " + session_context_repo.SESSION_CONTEXT_SQL,
                                                         owner, "org-s1", 8))
        return plan, await session_context_repo.session_context(conn, owner, "org-s1", 8)

    plan, context = in_tenant(stack_env, tenant, owner, work)
    assert context.organisation == "Acme Labs"
    assert INDEX in plan, plan

    monkeypatch.setenv("DATABASE_URL", dsn)
    command.downgrade(_config(), "0025")
    try:
        assert not _has_index(dsn)
    finally:
        command.upgrade(_config(), "head")
    assert _has_index(dsn)


def test_a_households_session_context_names_no_organisation(stack_env, new_tenant):
    home = new_tenant("user")
    owner, tenant = uuid.UUID(home["users"][0]["user_id"]), uuid.UUID(home["tenant_id"])
    r = home["clients"][0].post("/v1/conversations/org-s2/turns", json={"speaker": "user", "text": "I work at Acme Labs."})
    assert r.status_code == 200, r.text
    assert any(i["memory"]["value"] == "Acme Labs" for i in r.json()["items"] if i.get("memory"))  # the fact is kept

    async def work(conn):
        return await session_context_repo.session_context(conn, owner, "org-s2", 8)

    context = in_tenant(stack_env, tenant, owner, work)
    assert (context.organisation, context.account_org) == (None, None)
