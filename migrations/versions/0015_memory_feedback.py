"""Feedback on memories (issue 13, seed 001's POST /v1/memory/feedback): wrong, outdated, sensitive,
forget_request.

- memory_items.tier may be 'disputed': a memory marked wrong stays listed (and in its history) but
  no read path ranks it (search filters, contextify's safety and recent-turn paths, consolidation).
- memory_feedback: who said what kind of thing about which memory, and what came of it. Ids and
  codes only, never free text. Tenant isolation (as 0002) plus a restrictive reader scope (as 0009):
  the owner's rows (a child or adult its own, parents, orchestrators and admins the tenant's), and a
  non-guardian only for memories it may still see (a child never learns the id of a memory hidden
  from it). One pending feedback per memory and kind.
- review_queue.kind: 'memory' (what the policy held, as before) or 'feedback' (a child's feedback,
  a parent approves or rejects it); feedback_id names the feedback row.

Revision ID: 0015
Revises: 0014
"""
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

CURRENT_TENANT = "NULLIF(current_setting('app.tenant_id', true), '')::uuid"
FEEDBACK_VISIBLE = ("app_sees_owner(owner_id) AND (app_is_guardian() OR EXISTS (SELECT 1 FROM memory_items m "
                    "WHERE m.tenant_id = memory_feedback.tenant_id AND m.memory_id = memory_feedback.memory_id))")


def upgrade() -> None:
    op.execute("ALTER TABLE memory_items DROP CONSTRAINT memory_items_tier_check")
    op.execute("ALTER TABLE memory_items ADD CONSTRAINT memory_items_tier_check "
               "CHECK (tier IN ('hypothesis', 'solid', 'disputed'))")
    op.execute(
        """
        CREATE TABLE memory_feedback (
            tenant_id    uuid NOT NULL,
            feedback_id  uuid NOT NULL,
            owner_id     uuid NOT NULL,
            memory_id    uuid NOT NULL,
            kind         text NOT NULL CHECK (kind IN ('wrong', 'outdated', 'sensitive', 'forget_request')),
            status       text NOT NULL CHECK (status IN ('applied', 'pending', 'approved', 'rejected')),
            effect       text NOT NULL DEFAULT 'none'
                         CHECK (effect IN ('none', 'disputed', 'superseded', 'restricted', 'deleted')),
            given_by     uuid,
            given_role   text NOT NULL,
            review_id    uuid,
            created_at   timestamptz NOT NULL DEFAULT now(),
            decided_at   timestamptz,
            decided_by   uuid,
            PRIMARY KEY (tenant_id, feedback_id),
            FOREIGN KEY (tenant_id, owner_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        )
        """
    )
    op.execute("CREATE UNIQUE INDEX memory_feedback_one_pending ON memory_feedback (tenant_id, memory_id, kind) "
               "WHERE status = 'pending'")
    op.execute("CREATE INDEX memory_feedback_list ON memory_feedback (tenant_id, created_at, feedback_id)")
    op.execute("CREATE INDEX memory_feedback_memory ON memory_feedback (tenant_id, memory_id)")
    op.execute("ALTER TABLE memory_feedback ENABLE ROW LEVEL SECURITY")
    op.execute(f"CREATE POLICY tenant_isolation ON memory_feedback "
               f"USING (tenant_id = {CURRENT_TENANT}) WITH CHECK (tenant_id = {CURRENT_TENANT})")
    op.execute(f"CREATE POLICY reader_scope ON memory_feedback AS RESTRICTIVE FOR ALL TO memory_app "
               f"USING ({FEEDBACK_VISIBLE}) WITH CHECK (app_sees_owner(owner_id))")
    op.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON memory_feedback TO memory_app")

    op.execute("ALTER TABLE review_queue ADD COLUMN kind text NOT NULL DEFAULT 'memory' "
               "CHECK (kind IN ('memory', 'feedback'))")
    op.execute("ALTER TABLE review_queue ADD COLUMN feedback_id uuid")


def downgrade() -> None:
    op.execute("DELETE FROM review_queue WHERE kind = 'feedback'")
    op.execute("ALTER TABLE review_queue DROP COLUMN IF EXISTS feedback_id")
    op.execute("ALTER TABLE review_queue DROP COLUMN IF EXISTS kind")
    op.execute("DROP TABLE IF EXISTS memory_feedback")
    op.execute("UPDATE memory_items SET tier = 'hypothesis' WHERE tier = 'disputed'")
    op.execute("ALTER TABLE memory_items DROP CONSTRAINT memory_items_tier_check")
    op.execute("ALTER TABLE memory_items ADD CONSTRAINT memory_items_tier_check "
               "CHECK (tier IN ('hypothesis', 'solid'))")
