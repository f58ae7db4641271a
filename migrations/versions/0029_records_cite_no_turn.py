"""A turn record cites no turn: the ones that came to cite themselves stop.

Until the write path kept dedupe within a layer, a fact written in its turn's own words reinforced
the turn's record instead of being a knowledge row, and a repeat then added the record's own id to
its `source_turns`. A record whose `source_turns` is not empty is no promotion candidate
(consolidator/promotion.py), so repeating such a turn kept it out of promotion instead of promoting
it. This clears a record's own id from its `source_turns`. (The inflated mention counts of those
records cannot be told apart from real repeats, so they stay.) Downgrading changes nothing.

Revision ID: 0029
Revises: 0028
"""
from alembic import op

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("UPDATE memory_items SET source_turns = array_remove(source_turns, memory_id) "
               "WHERE layer = 'record' AND source_turns @> ARRAY[memory_id]")


def downgrade() -> None:
    pass
