"""An entity's profile keeps the statements it was composed from, and the database clears them when
a linked memory changes.

`profile_statements` (jsonb: a list of text, type, salience, observed_at) is written with the profile
(memcore.entities.profile_statements): a write that only links new memories to the entity merges
them into it instead of reading every linked memory again. NULL means "read them from the
database": profiles composed before this revision, and every profile one of whose memories changed
since in a way that can change what it holds. Three triggers make that one layer every path passes
(forgetting, retention, feedback, edits, supersession, merges and splits):
- a link deleted (a memory forgotten or expired cascades here) or moved to another entity;
- a linked memory's kind, text, salience, time, layer, validity, tier or sources changed, and the
  records a changed fact was drawn from (a record leaves a profile when its fact is closed).
The list is the profile's own words, no more than its summary holds; clearing it leaves none behind.
Entities are hidden from some roles by row-level security, so the functions are SECURITY DEFINER;
they clear one column of the rows of the changed rows' tenants and read nothing back to the caller.

Revision ID: 0030
Revises: 0029
"""
from alembic import op

revision = "0030"
down_revision = "0029"
branch_labels = None
depends_on = None

_CLEAR = """UPDATE entities e SET profile_statements = NULL
            WHERE e.profile_statements IS NOT NULL AND (e.tenant_id, e.entity_id) IN ({which})"""


def upgrade() -> None:
    op.execute("ALTER TABLE entities ADD COLUMN profile_statements jsonb")
    op.execute(f"""CREATE FUNCTION app_profile_links_gone() RETURNS trigger LANGUAGE plpgsql
           SECURITY DEFINER SET search_path = public AS $$
           BEGIN
             {_CLEAR.format(which="SELECT tenant_id, entity_id FROM gone_links")};
             RETURN NULL;
           END $$""")
    op.execute("""CREATE TRIGGER memory_entities_profile_gone AFTER DELETE ON memory_entities
           REFERENCING OLD TABLE AS gone_links FOR EACH STATEMENT EXECUTE FUNCTION app_profile_links_gone()""")
    op.execute("""CREATE TRIGGER memory_entities_profile_moved AFTER UPDATE ON memory_entities
           REFERENCING OLD TABLE AS gone_links FOR EACH STATEMENT EXECUTE FUNCTION app_profile_links_gone()""")
    changed = """SELECT n.tenant_id, n.memory_id, n.source_turns, o.source_turns AS old_turns
                 FROM changed_new n JOIN changed_old o ON o.tenant_id = n.tenant_id AND o.memory_id = n.memory_id
                 WHERE (n.type, n.text, n.text_hash, n.salience, n.observed_at, n.layer, n.valid_to, n.tier, n.source_turns)
                       IS DISTINCT FROM
                       (o.type, o.text, o.text_hash, o.salience, o.observed_at, o.layer, o.valid_to, o.tier, o.source_turns)"""
    which = """SELECT l.tenant_id, l.entity_id FROM memory_entities l JOIN (
                  SELECT c.tenant_id, c.memory_id FROM c
                  UNION SELECT c.tenant_id, unnest(c.source_turns || c.old_turns) FROM c) m
                ON l.tenant_id = m.tenant_id AND l.memory_id = m.memory_id"""
    op.execute(f"""CREATE FUNCTION app_profile_memory_changed() RETURNS trigger LANGUAGE plpgsql
           SECURITY DEFINER SET search_path = public AS $$
           BEGIN
             WITH c AS ({changed})
             {_CLEAR.format(which=which)};
             RETURN NULL;
           END $$""")
    op.execute("""CREATE TRIGGER memory_items_profile_changed AFTER UPDATE ON memory_items
           REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
           FOR EACH STATEMENT EXECUTE FUNCTION app_profile_memory_changed()""")


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS memory_items_profile_changed ON memory_items")
    op.execute("DROP TRIGGER IF EXISTS memory_entities_profile_moved ON memory_entities")
    op.execute("DROP TRIGGER IF EXISTS memory_entities_profile_gone ON memory_entities")
    op.execute("DROP FUNCTION IF EXISTS app_profile_memory_changed()")
    op.execute("DROP FUNCTION IF EXISTS app_profile_links_gone()")
    op.execute("ALTER TABLE entities DROP COLUMN IF EXISTS profile_statements")
