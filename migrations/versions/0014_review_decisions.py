"""The review queue's decisions: which memory an approved item became.

A parent (or admin) approves, edits and approves, or rejects what the policy held for review
(`/v1/review`). An approved item is stored through the write path as a memory of the child; its id
is kept here so that a retried approval answers with the same memory instead of storing twice. A
rejected item keeps no text (the candidate is reduced to its type).

Revision ID: 0014
Revises: 0013
"""
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE review_queue ADD COLUMN memory_id uuid")
    op.execute("CREATE INDEX review_queue_list ON review_queue (tenant_id, status, created_at, review_id)")


def downgrade() -> None:
    op.execute("DROP INDEX IF EXISTS review_queue_list")
    op.execute("ALTER TABLE review_queue DROP COLUMN IF EXISTS memory_id")
