"""Forgetting a turn reaches what waits for review from it.

A fact drawn from a child's turn may be held for a parent's review (the review queue keeps it as
the knowledge it was, with the turn it came from in `source_turns`). When the child forgets that
turn, the fact must go with it, at once and in the same transaction as the turn: the queue is hidden
from a child by row-level security, so the child's own delete cannot reach it. This narrow SECURITY
DEFINER function can: it deletes the pending items of the caller's tenant, of owners the caller may
see, drawn only from that turn, and makes the ones also drawn from other turns stop citing it. It
returns how many items it deleted and reads nothing back to the caller.

Revision ID: 0027
Revises: 0026
"""
from alembic import op

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """CREATE FUNCTION app_forget_held_of_turn(turn uuid) RETURNS integer LANGUAGE sql VOLATILE
           SECURITY DEFINER SET search_path = public AS $$
             WITH mine AS (
                 SELECT review_id, candidate->'source_turns' AS turns FROM review_queue
                 WHERE tenant_id = app_tenant() AND app_sees_owner(owner_id) AND status = 'pending'
                   AND candidate->'source_turns' ? turn::text),
             gone AS (
                 DELETE FROM review_queue q USING mine
                 WHERE q.review_id = mine.review_id AND mine.turns = jsonb_build_array(turn::text)
                 RETURNING 1),
             kept AS (
                 UPDATE review_queue q SET candidate = jsonb_set(q.candidate, '{source_turns}', mine.turns - turn::text)
                 FROM mine WHERE q.review_id = mine.review_id AND mine.turns <> jsonb_build_array(turn::text)
                 RETURNING 1)
             SELECT (SELECT count(*) FROM gone)::integer $$""")


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS app_forget_held_of_turn(uuid)")
