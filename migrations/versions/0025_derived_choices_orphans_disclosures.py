"""Forgetting and derived data as a parent sees them (issue 33).

1. A parent's audience choice on a derived memory survives its rebuilds. The trigger of 0012 set a
   derived memory's audience flags to exactly those of its sources, so a summary a parent hid from
   the child ("Hide from the child": tag and flag `restricted`) became visible again when an edit or
   a forget of one of its turns rebuilt it. Now the audience named in its own tags (`restricted`,
   `parent_only`: only a guardian, or the child hiding more, sets them) is kept, and the flags are
   recomputed when the tags change as well, so lifting a hide still hides what its sources hide.

2. No entity outlives the memories that named it. A deferred constraint trigger on memory_entities
   and entity_edges runs at the commit of whichever transaction removed a link or an edge (a memory's
   delete cascades to both, whatever path deleted it: a DELETE of one memory, a forget request,
   retention, the consolidator's derived deletes, a document's delete, a member's forget) and
   deletes each entity left with no memory link, no edge and no member entity; then its parent
   organisation, by the same rule. Its names, aliases, profile and facets go with the row, its
   links and edges by cascade, and the merge proposals that name it are deleted too. Checked at
   commit, so a link removed and written again in one transaction (a re-link) keeps the entity; the
   entity row is locked before the check, so a link another transaction is adding is seen.
   Entities that are orphans already are removed by this migration.

3. What was used, as it was. disclosed_lines keeps each line contextify gave, as it was given
   (the read gate's redacted text), by position in its decision log. Its memory reference is SET
   NULL when that memory is deleted, and a trigger then blanks the text: a forgotten line shows as
   forgotten, never its words. The question is kept, redacted by the household policy, in the
   decision log's own jsonb, and who asked it in decision_logs.asked_by (cleared when that person
   is forgotten): a child is shown only the questions it asked itself.

Revision ID: 0025
Revises: 0023
"""
from alembic import op

revision = "0025"
down_revision = "0023"
branch_labels = None
depends_on = None

AUDIENCE_FLAGS = "'{restricted,parent_only,profanity,age_sensitive,consent_hidden}'::text[]"
CHOSEN_AUDIENCE = "'{restricted,parent_only}'::text[]"
CURRENT_TENANT = "NULLIF(current_setting('app.tenant_id', true), '')::uuid"


def _derived_audience(keep_chosen: bool) -> str:
    chosen = f"""
                UNION
                SELECT t FROM unnest(NEW.tags) t WHERE t = ANY ({CHOSEN_AUDIENCE})""" if keep_chosen else ""
    return f"""
        CREATE OR REPLACE FUNCTION derived_inherits_audience() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
        BEGIN
            -- its own flags that are not about the audience, the audience chosen for it in its
            -- tags, and the audience flags of what it is derived from
            NEW.safety_flags := ARRAY(
                SELECT f FROM unnest(NEW.safety_flags) f WHERE NOT f = ANY ({AUDIENCE_FLAGS}){chosen}
                UNION
                SELECT f FROM memory_items s, unnest(s.safety_flags) f
                WHERE s.tenant_id = NEW.tenant_id AND s.memory_id = ANY (NEW.links)
                  AND f = ANY ({AUDIENCE_FLAGS})
                ORDER BY 1);
            RETURN NEW;
        END $fn$"""


def _audience_trigger(columns: str) -> str:
    return f"""
        CREATE TRIGGER memory_items_derived_audience
        BEFORE INSERT OR UPDATE OF {columns} ON memory_items
        FOR EACH ROW WHEN (NEW.source = 'system' AND cardinality(NEW.links) > 0)
        EXECUTE FUNCTION derived_inherits_audience()"""


PRUNE_FUNCTION = """
    CREATE FUNCTION prune_orphan_entity(p_tenant uuid, p_entity uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
    DECLARE
        next_id uuid := p_entity;
        parent uuid;
    BEGIN
        WHILE next_id IS NOT NULL LOOP
            SELECT parent_entity_id INTO parent FROM entities
            WHERE tenant_id = p_tenant AND entity_id = next_id FOR UPDATE;
            IF NOT FOUND
               OR EXISTS (SELECT 1 FROM memory_entities WHERE tenant_id = p_tenant AND entity_id = next_id)
               OR EXISTS (SELECT 1 FROM entity_edges WHERE tenant_id = p_tenant
                          AND (src_entity_id = next_id OR dst_entity_id = next_id))
               OR EXISTS (SELECT 1 FROM entities WHERE tenant_id = p_tenant AND parent_entity_id = next_id) THEN
                RETURN;
            END IF;
            DELETE FROM entity_merge_proposals WHERE tenant_id = p_tenant
              AND (keep_id = next_id OR merge_id = next_id);
            DELETE FROM entities WHERE tenant_id = p_tenant AND entity_id = next_id;
            next_id := parent;
        END LOOP;
    END $fn$"""

LINK_TRIGGER_FUNCTION = """
    CREATE FUNCTION memory_entities_prune() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
    BEGIN
        PERFORM prune_orphan_entity(OLD.tenant_id, OLD.entity_id);
        RETURN NULL;
    END $fn$"""

EDGE_TRIGGER_FUNCTION = """
    CREATE FUNCTION entity_edges_prune() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
    BEGIN
        PERFORM prune_orphan_entity(OLD.tenant_id, OLD.src_entity_id);
        PERFORM prune_orphan_entity(OLD.tenant_id, OLD.dst_entity_id);
        RETURN NULL;
    END $fn$"""

FORGOTTEN_LINE_FUNCTION = """
    CREATE FUNCTION disclosed_line_forgotten() RETURNS trigger
    LANGUAGE plpgsql AS $fn$
    BEGIN
        IF NEW.memory_id IS NULL THEN
            NEW.line := NULL;
        END IF;
        RETURN NEW;
    END $fn$"""


def upgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS memory_items_derived_audience ON memory_items")
    op.execute(_derived_audience(keep_chosen=True))
    op.execute(_audience_trigger("links, text, tags"))

    op.execute(PRUNE_FUNCTION)
    op.execute(LINK_TRIGGER_FUNCTION)
    op.execute(EDGE_TRIGGER_FUNCTION)
    op.execute("REVOKE ALL ON FUNCTION prune_orphan_entity(uuid, uuid) FROM PUBLIC")
    op.execute("""CREATE CONSTRAINT TRIGGER memory_entities_prune_orphans
                  AFTER DELETE OR UPDATE OF entity_id ON memory_entities
                  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION memory_entities_prune()""")
    op.execute("""CREATE CONSTRAINT TRIGGER entity_edges_prune_orphans
                  AFTER DELETE OR UPDATE OF src_entity_id, dst_entity_id ON entity_edges
                  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION entity_edges_prune()""")
    # the orphans left so far (leaves first: a member's organisation follows its last member)
    op.execute("""DO $$
        DECLARE e record;
        BEGIN
            FOR e IN SELECT tenant_id, entity_id FROM entities x
                     WHERE NOT EXISTS (SELECT 1 FROM memory_entities l
                                       WHERE l.tenant_id = x.tenant_id AND l.entity_id = x.entity_id)
                     ORDER BY (parent_entity_id IS NULL) LOOP
                PERFORM prune_orphan_entity(e.tenant_id, e.entity_id);
            END LOOP;
        END $$""")

    op.execute("ALTER TABLE decision_logs ADD COLUMN asked_by uuid")
    op.execute("""
        CREATE TABLE disclosed_lines (
            tenant_id    uuid NOT NULL,
            decision_id  uuid NOT NULL,
            position     integer NOT NULL,
            owner_id     uuid NOT NULL,
            memory_id    uuid,
            line         text,
            PRIMARY KEY (tenant_id, decision_id, position),
            FOREIGN KEY (tenant_id, decision_id) REFERENCES decision_logs (tenant_id, decision_id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, memory_id) REFERENCES memory_items (tenant_id, memory_id)
                ON DELETE SET NULL (memory_id)
        )""")
    op.execute("CREATE INDEX disclosed_lines_memory ON disclosed_lines (tenant_id, memory_id)")
    op.execute("CREATE INDEX disclosed_lines_owner ON disclosed_lines (tenant_id, owner_id)")
    op.execute(FORGOTTEN_LINE_FUNCTION)
    op.execute("""CREATE TRIGGER disclosed_lines_forgotten BEFORE INSERT OR UPDATE ON disclosed_lines
                  FOR EACH ROW EXECUTE FUNCTION disclosed_line_forgotten()""")
    op.execute("ALTER TABLE disclosed_lines ENABLE ROW LEVEL SECURITY")
    op.execute(f"CREATE POLICY tenant_isolation ON disclosed_lines "
               f"USING (tenant_id = {CURRENT_TENANT}) WITH CHECK (tenant_id = {CURRENT_TENANT})")
    op.execute("CREATE POLICY reader_scope ON disclosed_lines AS RESTRICTIVE FOR ALL TO memory_app "
               "USING (app_sees_owner(owner_id)) WITH CHECK (app_sees_owner(owner_id))")
    op.execute("GRANT SELECT, INSERT, DELETE ON disclosed_lines TO memory_app")


def downgrade() -> None:
    op.execute("DROP TABLE IF EXISTS disclosed_lines")
    op.execute("ALTER TABLE decision_logs DROP COLUMN IF EXISTS asked_by")
    op.execute("DROP FUNCTION IF EXISTS disclosed_line_forgotten()")
    op.execute("DROP TRIGGER IF EXISTS entity_edges_prune_orphans ON entity_edges")
    op.execute("DROP TRIGGER IF EXISTS memory_entities_prune_orphans ON memory_entities")
    op.execute("DROP FUNCTION IF EXISTS entity_edges_prune()")
    op.execute("DROP FUNCTION IF EXISTS memory_entities_prune()")
    op.execute("DROP FUNCTION IF EXISTS prune_orphan_entity(uuid, uuid)")
    op.execute("DROP TRIGGER IF EXISTS memory_items_derived_audience ON memory_items")
    op.execute(_derived_audience(keep_chosen=False))
    op.execute(_audience_trigger("links, text"))
