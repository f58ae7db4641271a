"""Household invitations (issue 13): a parent invites a new member with a one-time code.

- household_invitations: the invited role, display name and age band, the SHA-256 of the code (the
  code itself is shown once, to the inviting parent), its expiry, and what came of it (accepted as
  user_id, or revoked). Tenant isolation (as 0002) plus a restrictive reader scope: guardians only
  (parents, admins, the system); no one else reads or writes invitations.
- invitation_tenant(hash): whose household a code belongs to, before any tenant is known (accepting
  carries no bearer token: the code is the credential). SECURITY DEFINER and narrow like
  auth_token(): one tenant id for the hash of an open, unexpired invitation, nothing else.

Revision ID: 0016
Revises: 0015
"""
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

CURRENT_TENANT = "NULLIF(current_setting('app.tenant_id', true), '')::uuid"


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE household_invitations (
            tenant_id      uuid NOT NULL REFERENCES tenants (tenant_id) ON DELETE CASCADE,
            invitation_id  uuid NOT NULL,
            code_hash      bytea NOT NULL,
            role           text NOT NULL CHECK (role IN ('child', 'user', 'parent')),
            display_name   text NOT NULL,
            age_band       text,
            created_by     uuid,
            created_at     timestamptz NOT NULL DEFAULT now(),
            expires_at     timestamptz NOT NULL,
            accepted_at    timestamptz,
            user_id        uuid,
            revoked_at     timestamptz,
            revoked_by     uuid,
            PRIMARY KEY (tenant_id, invitation_id)
        )
        """
    )
    op.execute("CREATE UNIQUE INDEX household_invitations_code ON household_invitations (code_hash)")
    op.execute("CREATE INDEX household_invitations_list ON household_invitations "
               "(tenant_id, created_at DESC, invitation_id DESC)")
    op.execute("ALTER TABLE household_invitations ENABLE ROW LEVEL SECURITY")
    op.execute(f"CREATE POLICY tenant_isolation ON household_invitations "
               f"USING (tenant_id = {CURRENT_TENANT}) WITH CHECK (tenant_id = {CURRENT_TENANT})")
    op.execute("CREATE POLICY reader_scope ON household_invitations AS RESTRICTIVE FOR ALL TO memory_app "
               "USING (app_is_guardian()) WITH CHECK (app_is_guardian())")
    op.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON household_invitations TO memory_app")
    op.execute(
        """
        CREATE FUNCTION invitation_tenant(p_hash bytea) RETURNS uuid
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
            SELECT tenant_id FROM household_invitations
            WHERE code_hash = p_hash AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        $$
        """
    )
    op.execute("REVOKE ALL ON FUNCTION invitation_tenant(bytea) FROM PUBLIC")
    op.execute("GRANT EXECUTE ON FUNCTION invitation_tenant(bytea) TO memory_app")


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS invitation_tenant(bytea)")
    op.execute("DROP TABLE IF EXISTS household_invitations")
