"""An approved review item keeps no words once the fact it became is forgotten.

The review queue keeps a parent's approval as a decision: the held candidate (its text and slots)
stays on the item, and `memory_id` names the memory it became. When that memory is deleted (forgotten
by itself, with the turn it was drawn from, or by retention), the queue would still hold its words.
A trigger on every delete of a memory strips the approved items that became it down to their type,
as rejecting an item does (review_repo.reject_held): one layer every deleting path passes. The queue
is hidden from a child by row-level security, so the function is SECURITY DEFINER; it touches only
the items of the deleted rows' tenants and memories and reads nothing back to the caller.

Revision ID: 0028
Revises: 0027
"""
from alembic import op

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("CREATE INDEX review_queue_memory ON review_queue (tenant_id, memory_id) WHERE memory_id IS NOT NULL")
    op.execute(
        """CREATE FUNCTION app_review_forgets_with_memory() RETURNS trigger LANGUAGE plpgsql
           SECURITY DEFINER SET search_path = public AS $$
           BEGIN
             UPDATE review_queue q SET candidate = jsonb_build_object('type', q.candidate->'type')
             FROM gone WHERE q.tenant_id = gone.tenant_id AND q.memory_id = gone.memory_id
               AND q.status = 'approved' AND q.candidate <> jsonb_build_object('type', q.candidate->'type');
             RETURN NULL;
           END $$""")
    op.execute(
        """CREATE TRIGGER memory_items_forget_approved_review AFTER DELETE ON memory_items
           REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION app_review_forgets_with_memory()""")


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS memory_items_forget_approved_review ON memory_items")
    op.execute("DROP FUNCTION IF EXISTS app_review_forgets_with_memory()")
    op.execute("DROP INDEX IF EXISTS review_queue_memory")
