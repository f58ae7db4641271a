"""Merge proposals: a background job proposes, a person decides, and a merge can be undone.

entity_merge_proposals holds pairs of one owner's entities that may be one person (the same full
name, or the same first name and a shared role, organisation or relation to the speaker), with the
rule that proposed them. Nothing is merged until a parent (or the adult owner) accepts; an accepted
merge keeps a snapshot of what it changed (the merged-away entity, its links and edges, the kept
entity's names) so that undo puts both back exactly. Tenant isolation as 0002, reader scope as the
entities' own (0009): whoever may see the owner's entities, never a child.

Revision ID: 0013
Revises: 0012
"""
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

CURRENT_TENANT = "NULLIF(current_setting('app.tenant_id', true), '')::uuid"


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE entity_merge_proposals (
            tenant_id    uuid NOT NULL,
            proposal_id  uuid NOT NULL,
            owner_id     uuid NOT NULL,
            keep_id      uuid NOT NULL,
            merge_id     uuid NOT NULL,
            rule         text NOT NULL CHECK (rule IN ('same_full_name', 'first_name_and_facet')),
            evidence     jsonb NOT NULL DEFAULT '{}'::jsonb,
            status       text NOT NULL DEFAULT 'open'
                         CHECK (status IN ('open', 'accepted', 'dismissed', 'undone')),
            snapshot     jsonb,
            created_at   timestamptz NOT NULL DEFAULT now(),
            decided_at   timestamptz,
            decided_by   uuid,
            PRIMARY KEY (tenant_id, proposal_id),
            FOREIGN KEY (tenant_id, owner_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        )
        """
    )
    # one proposal per pair, whichever way round: a dismissed pair is not proposed again
    op.execute("CREATE UNIQUE INDEX entity_merge_proposals_pair ON entity_merge_proposals "
               "(tenant_id, owner_id, LEAST(keep_id, merge_id), GREATEST(keep_id, merge_id))")
    op.execute("CREATE INDEX entity_merge_proposals_list ON entity_merge_proposals "
               "(tenant_id, owner_id, status, created_at, proposal_id)")
    op.execute("ALTER TABLE entity_merge_proposals ENABLE ROW LEVEL SECURITY")
    op.execute(f"CREATE POLICY tenant_isolation ON entity_merge_proposals "
               f"USING (tenant_id = {CURRENT_TENANT}) WITH CHECK (tenant_id = {CURRENT_TENANT})")
    op.execute("CREATE POLICY reader_scope ON entity_merge_proposals AS RESTRICTIVE FOR ALL TO memory_app "
               "USING (app_sees_owner(owner_id) AND app_role() IS DISTINCT FROM 'child') "
               "WITH CHECK (app_sees_owner(owner_id) AND app_role() IS DISTINCT FROM 'child')")
    op.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON entity_merge_proposals TO memory_app")


def downgrade() -> None:
    op.execute("DROP TABLE IF EXISTS entity_merge_proposals")
