"""The owner's organisation, read on every turn, from an index of its own.

session_context_repo.session_context reads with each turn the organisation of the owner's latest knowledge
(predicate organisation / works_for / runs said of the owner, or business_kind). Without an index
that serves it, Postgres walks every open knowledge row of the owner (thousands for an owner who
talks a lot) to keep the latest. This partial index holds only those rows, by owner and newest
first, so the lookup reads the owner's few rows of the kind and stops at the first that matches.

Revision ID: 0026
Revises: 0025
"""
from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None

INDEX = "memory_items_owner_organisation"


def upgrade() -> None:
    op.execute(f"""CREATE INDEX IF NOT EXISTS {INDEX} ON memory_items (owner_id, observed_at DESC)
                   WHERE layer = 'knowledge' AND valid_to IS NULL
                     AND predicate IN ('organisation', 'works_for', 'runs', 'business_kind')""")


def downgrade() -> None:
    op.execute(f"DROP INDEX IF EXISTS {INDEX}")
