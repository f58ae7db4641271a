"""Consolidation: per-consumer progress counters, tenant enumeration for jobs, relay/sweeper indexes.

- consumer_progress: per (tenant, consumer, owner) count of applied events, written in the same
  transaction as each effect (with processed_events), so "applied exactly once" is observable.
- consolidation_tenants(): the scheduled jobs connect as memory_app (RLS applies) and must visit
  every tenant; this SECURITY DEFINER function returns tenant ids only (no content).
- Indexes: the relay's per-owner "earliest unsent" check, the outbox / processed_events sweepers,
  stale-episode and expiry scans.

Revision ID: 0004
Revises: 0003
"""
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

CURRENT_TENANT = "NULLIF(current_setting('app.tenant_id', true), '')::uuid"


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE consumer_progress (
            tenant_id      uuid NOT NULL,
            consumer       text NOT NULL,
            owner_id       uuid NOT NULL,
            applied        bigint NOT NULL DEFAULT 0,
            last_event_id  text,
            updated_at     timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (tenant_id, consumer, owner_id)
        )
        """
    )
    op.execute("ALTER TABLE consumer_progress ENABLE ROW LEVEL SECURITY")
    op.execute(
        f"CREATE POLICY tenant_isolation ON consumer_progress "
        f"USING (tenant_id = {CURRENT_TENANT}) WITH CHECK (tenant_id = {CURRENT_TENANT})"
    )
    op.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON consumer_progress TO memory_app")

    op.execute("CREATE INDEX outbox_owner_unsent ON outbox (tenant_id, owner_id, event_id) WHERE sent_at IS NULL")
    op.execute("CREATE INDEX outbox_sent_at ON outbox (tenant_id, sent_at) WHERE sent_at IS NOT NULL")
    op.execute("CREATE INDEX processed_events_at ON processed_events (tenant_id, processed_at)")
    op.execute("CREATE INDEX memory_items_expiry ON memory_items (tenant_id, expires_at) WHERE expires_at IS NOT NULL")

    op.execute(
        """
        CREATE FUNCTION consolidation_tenants()
        RETURNS SETOF uuid
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
            SELECT tenant_id FROM tenants ORDER BY tenant_id
        $$
        """
    )
    op.execute("REVOKE ALL ON FUNCTION consolidation_tenants() FROM PUBLIC")
    op.execute("GRANT EXECUTE ON FUNCTION consolidation_tenants() TO memory_app")


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS consolidation_tenants()")
    for idx in ("outbox_owner_unsent", "outbox_sent_at", "processed_events_at", "memory_items_expiry"):
        op.execute(f"DROP INDEX IF EXISTS {idx}")
    op.execute("DROP TABLE IF EXISTS consumer_progress")
