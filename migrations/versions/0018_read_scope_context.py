"""Scopes enforced at read time, in the read gate (seed 004: user, workspace, project, session).

A memory's `scope` says how far it reaches: `user` and `workspace` memories reach every context of
their owner; a `project` memory reaches only reads for its project (or reads that name no project);
a `session` memory reaches only reads in its session. A read that is for a context (retrieve and
contextify) sets `app.read_scope` with `app.read_project` / `app.read_session` in its transaction
(Database.tenant_tx, from the caller's Principal.reading); a restrictive policy then hides the rest
from every query of that read, whichever retrieval path runs it. Other reads (get, list, export)
set no context and see every scope, as before.

Turns were stored with scope `session` although they are the user's memory: they become `user`
(new turns say their scope; the default is `user`), and so do session summaries.

Revision ID: 0018
Revises: 0017
"""
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("""
        CREATE FUNCTION app_scope_visible(scope text, project text, session text) RETURNS boolean
        LANGUAGE sql STABLE PARALLEL SAFE AS
        $$ SELECT CASE
             WHEN COALESCE(current_setting('app.read_scope', true), '') = '' THEN true
             WHEN scope = 'project' THEN COALESCE(current_setting('app.read_project', true), '') = ''
                                         OR project = current_setting('app.read_project', true)
             WHEN scope = 'session' THEN session = NULLIF(current_setting('app.read_session', true), '')
             ELSE true END $$""")
    op.execute("""
        CREATE POLICY memory_items_read_scope ON memory_items AS RESTRICTIVE FOR SELECT
        USING (scope IN ('user', 'workspace') OR app_scope_visible(scope, project_id, session_id))""")
    op.execute("UPDATE memory_items SET scope = 'user' WHERE scope = 'session'")


def downgrade() -> None:
    op.execute("DROP POLICY IF EXISTS memory_items_read_scope ON memory_items")
    op.execute("DROP FUNCTION IF EXISTS app_scope_visible(text, text, text)")
