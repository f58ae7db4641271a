"""A household opts in before anything is learned (issue 16, seed 001: consent is opt-in).

- `tenants.opted_in_at` / `opted_in_by`: when an adult member of the household (or the service, at
  sign-up) opted the household in; NULL: not opted in. Organisations are not asked (their
  agreement is contractual). Households that existed before this migration were created under
  the earlier opt-out rule and are recorded as opted in at their creation (opted_in_by NULL), so
  no running household stops learning without warning.
- `require_household_opt_in`: a trigger on memory_items that refuses any memory a caller writes
  (app.role child, user, parent, orchestrator or admin) for a household that has not opted in,
  with SQLSTATE MOPT1. A parent's safety rule is a guardrail, not learning, and stays allowed; the
  service's own derivations (app.role system) come only from memories already stored. The API
  says so before it gets here (the write gate drops the item with a reason); this is the floor
  that a route forgetting the gate cannot go through.

Revision ID: 0020
Revises: 0019
"""
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE tenants ADD COLUMN opted_in_at timestamptz, ADD COLUMN opted_in_by uuid")
    op.execute("UPDATE tenants SET opted_in_at = created_at")
    op.execute(
        """
        CREATE FUNCTION require_household_opt_in() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            IF NEW.type <> 'safety'
               AND COALESCE(NULLIF(current_setting('app.role', true), ''), 'system')
                   IN ('child', 'user', 'parent', 'orchestrator', 'admin')
               AND EXISTS (SELECT 1 FROM tenants t WHERE t.tenant_id = NEW.tenant_id
                           AND t.kind = 'household' AND t.opted_in_at IS NULL) THEN
                RAISE EXCEPTION 'the household has not opted in to memory'
                    USING ERRCODE = 'MOPT1';
            END IF;
            RETURN NEW;
        END $$
        """
    )
    op.execute(
        "CREATE TRIGGER household_opt_in BEFORE INSERT ON memory_items "
        "FOR EACH ROW EXECUTE FUNCTION require_household_opt_in()"
    )


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS household_opt_in ON memory_items")
    op.execute("DROP FUNCTION IF EXISTS require_household_opt_in()")
    op.execute("ALTER TABLE tenants DROP COLUMN IF EXISTS opted_in_by, DROP COLUMN IF EXISTS opted_in_at")
