"""A household that holds together (issue 33): every child has an age band, a household keeps a
parent, and a household that has not opted in stores no document.

- `give_children_the_strictest_band()`: a child whose policy names no child band (no policy, no
  band, or 'adult', as the admin API and role changes used to leave it) gets the strictest band,
  under_8: `age_band` is set in its policy and what the adult default put there (a `pii_rules` of
  nothing but 'redact', an empty `review_new_types`) is taken out, so the band's defaults apply;
  anything else the parent set is kept. `users.age_band_defaulted_at` marks the child, the audit log
  gets a `member.age_band.defaulted` row (system), and GET /v1/household/members shows the parents
  an `age_band_notice` until a parent sets the band. The upgrade runs it once; it is a function so
  that a restored backup can be put right the same way. Returns how many children it changed.
- `household_keeps_a_parent`: a deferred constraint trigger on users. When a parent stops being one
  (role change or deletion, forgetting included), at commit it locks the household's tenant row
  (FOR NO KEY UPDATE: membership changes of one household queue behind each other, inserts of
  users are not blocked) and, with a fresh snapshot that sees what committed before it, refuses
  (SQLSTATE MPAR1) a household left with children or adult users and no parent. Two parents
  demoting each other at once: the second commit finds the first and is refused. SECURITY DEFINER:
  it counts every member whatever the writer may see.
- `household_opt_in` on documents: as on memory_items (migration 0020), a caller's document row for
  a household that has not opted in is refused with SQLSTATE MOPT1.

Revision ID: 0022
Revises: 0021
"""
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None

CHILD_BANDS = "('under_8', '8_12', '13_17')"


def upgrade() -> None:
    op.execute("ALTER TABLE users ADD COLUMN age_band_defaulted_at timestamptz")
    op.execute(
        f"""
        CREATE FUNCTION give_children_the_strictest_band() RETURNS integer
        LANGUAGE plpgsql SET search_path = public AS $$
        DECLARE changed integer;
        BEGIN
            WITH bare AS (
                SELECT u.tenant_id, u.user_id FROM users u
                LEFT JOIN consent_settings c ON c.tenant_id = u.tenant_id AND c.user_id = u.user_id
                WHERE u.role = 'child' AND COALESCE(c.policy->>'age_band', 'adult') NOT IN {CHILD_BANDS}
            ), banded AS (
                INSERT INTO consent_settings AS c (tenant_id, user_id, policy)
                SELECT tenant_id, user_id, '{{"age_band": "under_8"}}'::jsonb FROM bare
                ON CONFLICT (tenant_id, user_id) DO UPDATE SET updated_at = now(), policy =
                    CASE WHEN c.policy->'review_new_types' = '[]'::jsonb
                         THEN c.policy - 'review_new_types' ELSE c.policy END
                    - CASE WHEN NOT EXISTS (SELECT 1 FROM jsonb_each_text(COALESCE(c.policy->'pii_rules', '{{}}'))
                                            WHERE value <> 'redact') THEN 'pii_rules' ELSE '' END
                    || '{{"age_band": "under_8"}}'::jsonb
                RETURNING tenant_id, user_id
            ), marked AS (
                UPDATE users u SET age_band_defaulted_at = now() FROM banded b
                WHERE u.tenant_id = b.tenant_id AND u.user_id = b.user_id
                RETURNING u.tenant_id, u.user_id
            )
            INSERT INTO audit_log (tenant_id, actor_role, action, target_type, target_id, details)
            SELECT tenant_id, 'system', 'member.age_band.defaulted', 'user', user_id::text,
                   '{{"age_band": "under_8"}}'::jsonb
            FROM marked;
            GET DIAGNOSTICS changed = ROW_COUNT;
            RETURN changed;
        END $$
        """
    )
    op.execute("REVOKE ALL ON FUNCTION give_children_the_strictest_band() FROM PUBLIC")
    op.execute("SELECT give_children_the_strictest_band()")
    op.execute(
        """
        CREATE FUNCTION household_keeps_a_parent() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
        BEGIN
            IF TG_OP = 'UPDATE' AND NEW.role = 'parent' THEN
                RETURN NULL;
            END IF;
            PERFORM 1 FROM tenants WHERE tenant_id = OLD.tenant_id AND kind = 'household' FOR NO KEY UPDATE;
            IF NOT FOUND THEN  -- an organisation, or the tenant is gone with its users
                RETURN NULL;
            END IF;
            IF NOT EXISTS (SELECT 1 FROM users WHERE tenant_id = OLD.tenant_id AND role = 'parent')
               AND EXISTS (SELECT 1 FROM users WHERE tenant_id = OLD.tenant_id AND role IN ('child', 'user')) THEN
                RAISE EXCEPTION 'the household would be left without a parent'
                    USING ERRCODE = 'MPAR1',
                          HINT = 'make another member a parent first';
            END IF;
            RETURN NULL;
        END $$
        """
    )
    op.execute(
        "CREATE CONSTRAINT TRIGGER household_keeps_a_parent AFTER UPDATE OF role OR DELETE ON users "
        "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.role = 'parent') "
        "EXECUTE FUNCTION household_keeps_a_parent()"
    )
    op.execute(
        """
        CREATE FUNCTION require_household_opt_in_for_documents() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            IF COALESCE(NULLIF(current_setting('app.role', true), ''), 'system')
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
        "CREATE TRIGGER household_opt_in BEFORE INSERT ON documents "
        "FOR EACH ROW EXECUTE FUNCTION require_household_opt_in_for_documents()"
    )


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS household_opt_in ON documents")
    op.execute("DROP FUNCTION IF EXISTS require_household_opt_in_for_documents()")
    op.execute("DROP TRIGGER IF EXISTS household_keeps_a_parent ON users")
    op.execute("DROP FUNCTION IF EXISTS household_keeps_a_parent()")
    op.execute("DROP FUNCTION IF EXISTS give_children_the_strictest_band()")
    op.execute("ALTER TABLE users DROP COLUMN IF EXISTS age_band_defaulted_at")
