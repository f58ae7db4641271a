"""Derived memories inherit the audience of what they come from.

A summary or a promoted fact is written by the consolidator (source 'system') from other memories
(its `links`). If one of those is hidden from a child (restricted, parent-only, someone else's
profanity, age-sensitive, consent-hidden), the derived text may repeat it, so the derived memory
carries the same flags and the read gate (0009) hides it from the same readers. Done by a trigger,
the one place that sets these flags on derived rows, so no consolidator code path can forget it.

Revision ID: 0012
Revises: 0011
"""
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

AUDIENCE_FLAGS = "'{restricted,parent_only,profanity,age_sensitive,consent_hidden}'::text[]"


def upgrade() -> None:
    op.execute(f"""
        CREATE FUNCTION derived_inherits_audience() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
        BEGIN
            -- its own flags that are not about the audience, and exactly the audience flags of
            -- what it is derived from (a rewrite after a member lost a flag no longer hides it)
            NEW.safety_flags := ARRAY(
                SELECT f FROM unnest(NEW.safety_flags) f WHERE NOT f = ANY ({AUDIENCE_FLAGS})
                UNION
                SELECT f FROM memory_items s, unnest(s.safety_flags) f
                WHERE s.tenant_id = NEW.tenant_id AND s.memory_id = ANY (NEW.links)
                  AND f = ANY ({AUDIENCE_FLAGS})
                ORDER BY 1);
            RETURN NEW;
        END $fn$""")
    op.execute("""
        CREATE TRIGGER memory_items_derived_audience
        BEFORE INSERT OR UPDATE OF links, text ON memory_items
        FOR EACH ROW WHEN (NEW.source = 'system' AND cardinality(NEW.links) > 0)
        EXECUTE FUNCTION derived_inherits_audience()""")


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS memory_items_derived_audience ON memory_items")
    op.execute("DROP FUNCTION IF EXISTS derived_inherits_audience()")
