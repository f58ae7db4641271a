"""Forgetting from a registry: forget requests, fingerprints in tombstones, reason codes only.

- forget_requests: a child's request to be forgotten waits for a parent (or admin) to approve it.
  Tenant isolation (as 0002) plus a restrictive reader scope (as 0009): the requester itself, or a
  guardian (parent, admin, system).
- tombstones.fingerprints: hashes of word n-grams of the erased texts (memcore/personal_data.py),
  so the verification can search every store for copies without the text being kept anywhere.
- audit_log and tombstones keep a fixed reason code, never a caller's free text: reasons written
  by earlier versions (PATCH / DELETE / forget reasons) are replaced by 'other'.

Revision ID: 0011
Revises: 0010
"""
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

CURRENT_TENANT = "NULLIF(current_setting('app.tenant_id', true), '')::uuid"
CODES = ("'unspecified', 'user_request', 'child_request', 'parent_request', 'admin_request', "
         "'correction', 'privacy', 'retention', 'other'")


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE forget_requests (
            tenant_id   uuid NOT NULL,
            request_id  uuid NOT NULL,
            user_id     uuid NOT NULL,
            status      text NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'approved', 'rejected')),
            created_at  timestamptz NOT NULL DEFAULT now(),
            decided_at  timestamptz,
            decided_by  uuid,
            PRIMARY KEY (tenant_id, request_id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        )
        """
    )
    op.execute("CREATE UNIQUE INDEX forget_requests_one_pending ON forget_requests (tenant_id, user_id) "
               "WHERE status = 'pending'")
    op.execute("ALTER TABLE forget_requests ENABLE ROW LEVEL SECURITY")
    op.execute(f"CREATE POLICY tenant_isolation ON forget_requests "
               f"USING (tenant_id = {CURRENT_TENANT}) WITH CHECK (tenant_id = {CURRENT_TENANT})")
    op.execute("CREATE POLICY reader_scope ON forget_requests AS RESTRICTIVE FOR ALL TO memory_app "
               "USING (user_id = app_user() OR app_is_guardian()) "
               "WITH CHECK (user_id = app_user() OR app_is_guardian())")
    op.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON forget_requests TO memory_app")

    op.execute("ALTER TABLE tombstones ADD COLUMN fingerprints bytea[] NOT NULL DEFAULT '{}'")
    op.execute(f"UPDATE tombstones SET reason = 'other' WHERE target_type IN ('memory', 'user') "
               f"AND reason IS NOT NULL AND reason NOT IN ({CODES})")
    op.execute(f"UPDATE audit_log SET reason = 'other' "
               f"WHERE action IN ('memory.update', 'memory.delete', 'user.forget', 'policy.set') "
               f"AND reason IS NOT NULL AND reason NOT IN ({CODES})")


def downgrade() -> None:
    op.execute("ALTER TABLE tombstones DROP COLUMN IF EXISTS fingerprints")
    op.execute("DROP TABLE IF EXISTS forget_requests")
