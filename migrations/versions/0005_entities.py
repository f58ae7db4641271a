"""Entities: identity facets and a stale flag for the living profile.

- facets (jsonb): what identifies an entity, gathered from the statements linked to it:
  {"roles": [...], "orgs": [...], "nicknames": [...]}; write-time resolution compares a new
  mention's facets with these (a "Peter" who is a CTO is not the "Peter" who is a writer).
- profile_stale: set when linked memories change and the summary was recomposed; the embedding of
  the summary (profile_embedding) is recomputed lazily by the reader that needs it, or in batch.

Revision ID: 0005
Revises: 0004
"""
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE entities ADD COLUMN facets jsonb NOT NULL DEFAULT '{}'::jsonb")
    op.execute("ALTER TABLE entities ADD COLUMN profile_stale boolean NOT NULL DEFAULT true")
    op.execute("CREATE INDEX entities_stale ON entities (tenant_id, owner_id) WHERE profile_stale")


def downgrade() -> None:
    op.execute("DROP INDEX IF EXISTS entities_stale")
    op.execute("ALTER TABLE entities DROP COLUMN IF EXISTS profile_stale")
    op.execute("ALTER TABLE entities DROP COLUMN IF EXISTS facets")
