"""Knowledge, not transcripts (issue 35): a turn is kept as a record, what it teaches as knowledge.

`memory_items.layer` says which: 'record' (the verbatim turn, episodic, what conversation
retrieval finds) or 'knowledge' (an atomic fact in slot form, or anything written directly as a
memory). `source_turns` links a fact to the record(s) it was drawn from, so that forgetting a turn
reaches the knowledge drawn only from it. Turns stored before this migration (one row per turn,
typed by its first rule) become records. The type 'routine' joins the taxonomy (recurring things:
"every Saturday", "every night").

Revision ID: 0023
Revises: 0022
"""
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None

TYPES = ("episodic", "semantic", "preference", "identity", "relationship", "safety", "skill", "device",
         "process", "document", "summary", "routine")


def upgrade() -> None:
    op.execute("ALTER TABLE memory_items ADD COLUMN layer text NOT NULL DEFAULT 'knowledge' "
               "CHECK (layer IN ('record', 'knowledge'))")
    op.execute("ALTER TABLE memory_items ADD COLUMN source_turns uuid[] NOT NULL DEFAULT '{}'")
    op.execute("CREATE INDEX memory_items_source_turns ON memory_items USING gin (source_turns)")
    # A turn was stored with its session position; documents and direct writes were not.
    op.execute("UPDATE memory_items SET layer = 'record' WHERE session_seq IS NOT NULL AND document_id IS NULL "
               "AND type <> 'summary'")
    op.execute("ALTER TABLE memory_items DROP CONSTRAINT IF EXISTS memory_items_type_check")
    op.execute("ALTER TABLE memory_items ADD CONSTRAINT memory_items_type_check CHECK (type IN ("
               + ", ".join(f"'{t}'" for t in TYPES) + "))")


def downgrade() -> None:
    op.execute("DELETE FROM memory_items WHERE type = 'routine'")
    op.execute("ALTER TABLE memory_items DROP CONSTRAINT IF EXISTS memory_items_type_check")
    op.execute("ALTER TABLE memory_items ADD CONSTRAINT memory_items_type_check CHECK (type IN ("
               + ", ".join(f"'{t}'" for t in TYPES[:-1]) + "))")
    op.execute("DROP INDEX IF EXISTS memory_items_source_turns")
    op.execute("ALTER TABLE memory_items DROP COLUMN IF EXISTS source_turns")
    op.execute("ALTER TABLE memory_items DROP COLUMN IF EXISTS layer")
