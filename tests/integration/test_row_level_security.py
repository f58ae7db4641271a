"""The database, not the application, keeps tenants apart (MISSION decision 10)."""
import uuid

import psycopg
import pytest


def _seed(conn, tenant):
    user = uuid.uuid4()
    conn.execute("SELECT set_config('app.tenant_id', %s, true), set_config('app.role', 'system', true)", (str(tenant),))
    conn.execute("INSERT INTO tenants (tenant_id, name) VALUES (%s, 'h')", (tenant,))
    conn.execute("INSERT INTO users (tenant_id, user_id, display_name, role) VALUES (%s, %s, 'u', 'user')",
                 (tenant, user))
    conn.execute(
        """INSERT INTO memory_items (tenant_id, memory_id, owner_id, type, text, text_hash, search_text, tsv, doc_len)
           VALUES (%s, %s, %s, 'semantic', 'secret of ' || %s, 'h', 'secret', to_tsvector('english', 'secret'), 1)""",
        (tenant, uuid.uuid4(), user, str(tenant)))
    return user


@pytest.fixture
def app_conn(stack_env):
    url = stack_env.get("MEMORY_APP_DATABASE_URL")
    with psycopg.connect(url, autocommit=True) as conn:
        role = conn.execute("SELECT current_user, rolbypassrls FROM pg_roles WHERE rolname = current_user").fetchone()
        assert role == ("memory_app", False), "the services must connect as a role that RLS applies to"
        yield conn


def test_unfiltered_query_sees_only_own_tenant(app_conn):
    a, b = uuid.uuid4(), uuid.uuid4()
    with app_conn.transaction():
        _seed(app_conn, a)
    with app_conn.transaction():
        _seed(app_conn, b)
    with app_conn.transaction():
        app_conn.execute("SELECT set_config('app.tenant_id', %s, true), set_config('app.role', 'system', true)", (str(a),))
        tenants = {r[0] for r in app_conn.execute("SELECT tenant_id FROM memory_items").fetchall()}
        texts = [r[0] for r in app_conn.execute("SELECT text FROM memory_items").fetchall()]
        users = app_conn.execute("SELECT count(*) FROM users").fetchone()[0]
    assert tenants == {a}
    assert all(str(b) not in t for t in texts)
    assert users == 1


def test_no_tenant_set_sees_nothing(app_conn):
    with app_conn.transaction():
        _seed(app_conn, uuid.uuid4())
    with app_conn.transaction():
        assert app_conn.execute("SELECT count(*) FROM memory_items").fetchone()[0] == 0
        assert app_conn.execute("SELECT count(*) FROM tenants").fetchone()[0] == 0


def test_writing_another_tenants_row_is_refused(app_conn):
    a, b = uuid.uuid4(), uuid.uuid4()
    with app_conn.transaction():
        _seed(app_conn, a)
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
        with app_conn.transaction():
            app_conn.execute("SELECT set_config('app.tenant_id', %s, true), set_config('app.role', 'system', true)", (str(a),))
            app_conn.execute("INSERT INTO tenants (tenant_id, name) VALUES (%s, 'intruder')", (b,))


def test_updating_rows_into_another_tenant_is_refused(app_conn):
    a, b = uuid.uuid4(), uuid.uuid4()
    with app_conn.transaction():
        _seed(app_conn, a)
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        with app_conn.transaction():
            app_conn.execute("SELECT set_config('app.tenant_id', %s, true), set_config('app.role', 'system', true)", (str(a),))
            app_conn.execute("UPDATE memory_items SET tenant_id = %s", (b,))


def test_audit_log_is_append_only_for_the_service_role(app_conn):
    a = uuid.uuid4()
    with app_conn.transaction():
        _seed(app_conn, a)
        app_conn.execute("INSERT INTO audit_log (tenant_id, action, target_type) VALUES (%s, 'x', 'memory')", (a,))
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        with app_conn.transaction():
            app_conn.execute("SELECT set_config('app.tenant_id', %s, true), set_config('app.role', 'system', true)", (str(a),))
            app_conn.execute("DELETE FROM audit_log")


def test_a_transaction_that_does_not_say_who_reads_sees_nothing(app_conn):
    """The read gate fails closed: a tenant without a role (a code path that forgot to say who is
    reading) sees no memory; a child sees only its own."""
    a = uuid.uuid4()
    with app_conn.transaction():
        owner = _seed(app_conn, a)
    with app_conn.transaction():
        app_conn.execute("SELECT set_config('app.tenant_id', %s, true)", (str(a),))
        assert app_conn.execute("SELECT count(*) FROM memory_items").fetchone()[0] == 0
    with app_conn.transaction():
        app_conn.execute("SELECT set_config('app.tenant_id', %s, true), set_config('app.role', 'child', true), "
                         "set_config('app.user_id', %s, true)", (str(a), str(uuid.uuid4())))
        assert app_conn.execute("SELECT count(*) FROM memory_items").fetchone()[0] == 0
        app_conn.execute("SELECT set_config('app.user_id', %s, true)", (str(owner),))
        assert app_conn.execute("SELECT count(*) FROM memory_items").fetchone()[0] == 1
