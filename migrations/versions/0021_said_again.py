"""Where an exact repeat was said (issue 12).

An exact repeat only reinforces the stored memory, which keeps its first session and turn number;
the next turn's coreference window (the session's previous turns) therefore did not see whom the
repeat named, and "Fyi Dan goes bouldering" after a repeated "Had coffee with my sister's partner
Dan" stayed unlinked. `memory_items.said_again` keeps the (session, turn) positions of the last
repeats ([{"s": session_id, "q": turn}], at most 50), read by the window and by the next turn
number; GIN-indexed for the session lookup. Personal data as session_id is (memcore.personal_data).

Revision ID: 0021
Revises: 0020
"""
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE memory_items ADD COLUMN said_again jsonb NOT NULL DEFAULT '[]'")
    op.execute("CREATE INDEX memory_items_said_again ON memory_items USING gin (said_again jsonb_path_ops)")


def downgrade() -> None:
    op.execute("DROP INDEX IF EXISTS memory_items_said_again")
    op.execute("ALTER TABLE memory_items DROP COLUMN IF EXISTS said_again")
