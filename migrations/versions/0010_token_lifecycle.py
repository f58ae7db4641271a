"""Token lifecycle: every token has an id (to list, rotate and revoke it through the API), an optional
expiry, and who issued / last rotated it. auth_token() no longer answers for an expired token.

Revision ID: 0010
Revises: 0009
"""
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

AUTH_TOKEN = """
CREATE OR REPLACE FUNCTION auth_token(p_hash bytea)
RETURNS TABLE (tenant_id uuid, user_id uuid, role text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT t.tenant_id, t.user_id, u.role
    FROM api_tokens t JOIN users u USING (tenant_id, user_id)
    WHERE t.token_hash = p_hash AND t.revoked_at IS NULL
      AND (t.expires_at IS NULL OR t.expires_at > now())
$$
"""

AUTH_TOKEN_0002 = """
CREATE OR REPLACE FUNCTION auth_token(p_hash bytea)
RETURNS TABLE (tenant_id uuid, user_id uuid, role text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT t.tenant_id, t.user_id, u.role
    FROM api_tokens t JOIN users u USING (tenant_id, user_id)
    WHERE t.token_hash = p_hash AND t.revoked_at IS NULL
$$
"""


def upgrade() -> None:
    op.execute("""
        ALTER TABLE api_tokens
            ADD COLUMN token_id   uuid NOT NULL DEFAULT gen_random_uuid(),
            ADD COLUMN expires_at timestamptz,
            ADD COLUMN created_by uuid,
            ADD COLUMN rotated_at timestamptz,
            ADD COLUMN rotated_by uuid,
            ADD COLUMN revoked_by uuid
    """)
    op.execute("CREATE UNIQUE INDEX api_tokens_token_id ON api_tokens (tenant_id, token_id)")
    op.execute("CREATE INDEX api_tokens_listing ON api_tokens (tenant_id, created_at DESC, token_id DESC)")
    op.execute(AUTH_TOKEN)


def downgrade() -> None:
    op.execute(AUTH_TOKEN_0002)
    op.execute("DROP INDEX IF EXISTS api_tokens_listing")
    op.execute("DROP INDEX IF EXISTS api_tokens_token_id")
    op.execute("""
        ALTER TABLE api_tokens DROP COLUMN token_id, DROP COLUMN expires_at, DROP COLUMN created_by,
            DROP COLUMN rotated_at, DROP COLUMN rotated_by, DROP COLUMN revoked_by
    """)
