"""Promotion counts what people actually say (issue 16).

- `memory_items.said_in`: the sessions an exact repeat was said in besides the row's own
  `session_id` (the write path appends a reinforcing turn's session), so "the same sentence again
  in a later session" counts as a second session instead of one reinforced row in one session.
- `memory_items.content_embedding`: the embedding of the stored text alone, without the speaker
  and caption the write path embeds a turn with ("Lena: I love swimming."), so that promotion
  compares what was said, not who said it. The consolidator fills it (promotion consumer).

Revision ID: 0019
Revises: 0018
"""
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE memory_items ADD COLUMN said_in text[] NOT NULL DEFAULT '{}'")
    op.execute("ALTER TABLE memory_items ADD COLUMN content_embedding vector(384)")


def downgrade() -> None:
    op.execute("ALTER TABLE memory_items DROP COLUMN IF EXISTS content_embedding")
    op.execute("ALTER TABLE memory_items DROP COLUMN IF EXISTS said_in")
