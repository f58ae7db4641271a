"""Row-level security on every table, grants for the service roles, token lookup.

The services connect as `memory_app` (not the owner, NOBYPASSRLS) and set `app.tenant_id` at the
start of each transaction (`SELECT set_config('app.tenant_id', $1, true)`). A query without a
tenant filter sees only that tenant's rows; writing another tenant's row fails the WITH CHECK.
With no tenant set, nothing is visible.

Revision ID: 0002
Revises: 0001
"""
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TENANT_TABLES = (
    "tenants", "users", "api_tokens", "consent_settings", "documents", "memory_items",
    "bm25_owner_stats", "bm25_term_stats", "memory_versions", "entities", "memory_entities",
    "entity_edges", "audit_log", "decision_logs", "outbox", "processed_events",
    "idempotency_keys", "review_queue", "tombstones",
)

CURRENT_TENANT = "NULLIF(current_setting('app.tenant_id', true), '')::uuid"


def upgrade() -> None:
    for table in TENANT_TABLES:
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        op.execute(
            f"CREATE POLICY tenant_isolation ON {table} "
            f"USING (tenant_id = {CURRENT_TENANT}) WITH CHECK (tenant_id = {CURRENT_TENANT})"
        )
    op.execute("GRANT USAGE ON SCHEMA public TO memory_app, memory_relay")
    op.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO memory_app")
    op.execute("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO memory_app")
    op.execute("REVOKE UPDATE, DELETE ON audit_log FROM memory_app")  # append-only
    op.execute("GRANT SELECT, UPDATE (sent_at) ON outbox TO memory_relay")
    # Token lookup happens before the tenant is known: a narrow SECURITY DEFINER function
    # returns only the (tenant, user, role) of one unrevoked token hash.
    op.execute(
        """
        CREATE FUNCTION auth_token(p_hash bytea)
        RETURNS TABLE (tenant_id uuid, user_id uuid, role text)
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
            SELECT t.tenant_id, t.user_id, u.role
            FROM api_tokens t JOIN users u USING (tenant_id, user_id)
            WHERE t.token_hash = p_hash AND t.revoked_at IS NULL
        $$
        """
    )
    op.execute("REVOKE ALL ON FUNCTION auth_token(bytea) FROM PUBLIC")
    op.execute("GRANT EXECUTE ON FUNCTION auth_token(bytea) TO memory_app")


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS auth_token(bytea)")
    for table in TENANT_TABLES:
        op.execute(f"DROP POLICY IF EXISTS tenant_isolation ON {table}")
        op.execute(f"ALTER TABLE {table} DISABLE ROW LEVEL SECURITY")
