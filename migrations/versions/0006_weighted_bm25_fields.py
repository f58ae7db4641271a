"""Field-weighted BM25: the turn itself (weight A) and its write-time context (weight B).

A memory's tsvector now holds its primary text with weight A and the previous turns of its
session with weight B; BM25 counts a B occurrence as half an occurrence (in tf and in document
length), so a short answer can be found through the question it answers without the question's
words counting as much as its own. `session_seq` orders turns within a session (neighbour
smoothing on the read path).

Revision ID: 0006
Revises: 0005
"""
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE memory_items ADD COLUMN context_text text NOT NULL DEFAULT ''")
    op.execute("ALTER TABLE memory_items ADD COLUMN session_seq integer")
    op.execute("ALTER TABLE memory_items ALTER COLUMN doc_len TYPE real")
    op.execute("ALTER TABLE bm25_owner_stats ALTER COLUMN total_len TYPE double precision")
    op.execute("CREATE INDEX memory_items_session_seq ON memory_items (tenant_id, owner_id, session_id, session_seq) "
               "WHERE session_id IS NOT NULL")
    # Weighted length of a tsvector: A (and unweighted D) positions count 1, B and C count 0.5.
    op.execute(
        """CREATE FUNCTION bm25_weighted_len(v tsvector) RETURNS real LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
               SELECT coalesce(sum(CASE w WHEN 'B' THEN 0.5 WHEN 'C' THEN 0.5 ELSE 1.0 END), 0)::real
               FROM unnest(v) u, unnest(u.weights) w
           $$""")
    op.execute("GRANT EXECUTE ON FUNCTION bm25_weighted_len(tsvector) TO memory_app")


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS bm25_weighted_len(tsvector)")
    op.execute("DROP INDEX IF EXISTS memory_items_session_seq")
    op.execute("ALTER TABLE memory_items DROP COLUMN IF EXISTS session_seq")
    op.execute("ALTER TABLE memory_items DROP COLUMN IF EXISTS context_text")
