"""Edge sync (issue 15): a change log that devices pull by cursor, and the receipts they send back.

- sync_changes: one row per memory (the latest change of it) and one per user-level forget. Kept by
  statement-level triggers on memory_items (insert; update of a column a device caches; delete) and
  by a trigger on tombstones (a forget of a user whose account stays: a child's own request). Ids, an
  op code and the cursor only, never content: a device reads the memory itself through the read gate
  at sync time, so a memory hidden from the reader since it was cached comes back as a removal.
  The cursor is (xid, seq) of the writing transaction: a reader only takes rows whose transaction
  ended before its snapshot began (`xid < pg_snapshot_xmin(pg_current_snapshot())`), so a change
  committed late never falls behind a cursor that already moved past it.
  Triggers write it as the table owner (SECURITY DEFINER); memory_app may read it (reader scope as
  memory_items' owner scope) and delete it (the forget registry).
- sync_receipts: a device proves it applied removals and forgets: hashes of the memory ids it purged,
  a digest over them, counts, and the cursor it reached. No text. Read by its writer and guardians.

Revision ID: 0017
Revises: 0016
"""
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

CURRENT_TENANT = "NULLIF(current_setting('app.tenant_id', true), '')::uuid"
# Columns a device caches or decides on: an update touching none of them (salience, mention counts,
# last_seen_at, BM25 bookkeeping) does not reach the change log.
CACHED = ("owner_id", "type", "text", "subject", "predicate", "value", "pinned", "source", "tier", "tags",
          "safety_flags", "valid_to", "expires_at", "version", "embedding_model", "confidence", "observed_at")

UPSERT = """
    INSERT INTO sync_changes (tenant_id, target_id, owner_id, op)
    SELECT tenant_id, memory_id, owner_id, '{op}' FROM {source}
    ON CONFLICT (tenant_id, target_id) DO UPDATE
        SET owner_id = EXCLUDED.owner_id, op = EXCLUDED.op, seq = nextval('sync_changes_seq'),
            xid = pg_current_xact_id(), changed_at = now()
"""


def _changed() -> str:
    return " OR ".join(f"o.{c} IS DISTINCT FROM n.{c}" for c in CACHED)


FUNCTIONS = [
    f"""CREATE FUNCTION sync_log_insert() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
        SET search_path = public AS $$
        BEGIN {UPSERT.format(op='upsert', source='new_rows')}; RETURN NULL; END $$""",
    f"""CREATE FUNCTION sync_log_update() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
        SET search_path = public AS $$
        BEGIN {UPSERT.format(op='upsert', source=f'''(SELECT n.* FROM new_rows n JOIN old_rows o
               ON o.tenant_id = n.tenant_id AND o.memory_id = n.memory_id WHERE {_changed()}) changed''')};
        RETURN NULL; END $$""",
    f"""CREATE FUNCTION sync_log_delete() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
        SET search_path = public AS $$
        BEGIN {UPSERT.format(op='delete', source='old_rows')}; RETURN NULL; END $$""",
    # A forget of a user whose account stays (a child's own request): devices wipe and sync again.
    # After a full forget the account is gone (and with it the device's token): nothing to log.
    """CREATE FUNCTION sync_log_forget() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
        SET search_path = public AS $$
        BEGIN
            IF NEW.target_type = 'user' AND EXISTS (
                SELECT 1 FROM users WHERE tenant_id = NEW.tenant_id AND user_id::text = NEW.target_id) THEN
                INSERT INTO sync_changes (tenant_id, target_id, owner_id, op)
                VALUES (NEW.tenant_id, NEW.tombstone_id, NEW.target_id::uuid, 'forget');
            END IF;
            RETURN NULL;
        END $$""",
]


def upgrade() -> None:
    op.execute("CREATE SEQUENCE sync_changes_seq")
    op.execute(
        """
        CREATE TABLE sync_changes (
            tenant_id   uuid NOT NULL,
            target_id   uuid NOT NULL,
            owner_id    uuid NOT NULL,
            op          text NOT NULL CHECK (op IN ('upsert', 'delete', 'forget')),
            seq         bigint NOT NULL DEFAULT nextval('sync_changes_seq'),
            xid         xid8 NOT NULL DEFAULT pg_current_xact_id(),
            changed_at  timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (tenant_id, target_id)
        )
        """
    )
    op.execute("CREATE INDEX sync_changes_cursor ON sync_changes (tenant_id, owner_id, xid, seq)")
    op.execute(
        """
        CREATE TABLE sync_receipts (
            tenant_id        uuid NOT NULL,
            receipt_id       uuid NOT NULL,
            user_id          uuid NOT NULL,
            cursor_reached   text NOT NULL,
            id_hashes        text[] NOT NULL DEFAULT '{}',
            digest           text NOT NULL,
            purged_memories  integer NOT NULL DEFAULT 0,
            purged_turns     integer NOT NULL DEFAULT 0,
            forgets_applied  integer NOT NULL DEFAULT 0,
            received_at      timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (tenant_id, receipt_id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        )
        """
    )
    op.execute("CREATE INDEX sync_receipts_user ON sync_receipts (tenant_id, user_id, received_at DESC)")
    for table in ("sync_changes", "sync_receipts"):
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        op.execute(f"CREATE POLICY tenant_isolation ON {table} "
                   f"USING (tenant_id = {CURRENT_TENANT}) WITH CHECK (tenant_id = {CURRENT_TENANT})")
    op.execute("CREATE POLICY reader_scope ON sync_changes AS RESTRICTIVE FOR ALL TO memory_app "
               "USING (app_sees_owner(owner_id)) WITH CHECK (app_sees_owner(owner_id))")
    op.execute("CREATE POLICY reader_scope ON sync_receipts AS RESTRICTIVE FOR ALL TO memory_app "
               "USING (user_id = app_user() OR app_is_guardian()) "
               "WITH CHECK (user_id = app_user() OR app_is_guardian())")
    op.execute("GRANT SELECT, DELETE ON sync_changes TO memory_app")
    op.execute("GRANT SELECT, INSERT, DELETE ON sync_receipts TO memory_app")
    for fn in FUNCTIONS:
        op.execute(fn)
    for fn in ("sync_log_insert()", "sync_log_update()", "sync_log_delete()", "sync_log_forget()"):
        op.execute(f"REVOKE ALL ON FUNCTION {fn} FROM PUBLIC")
    op.execute("CREATE TRIGGER sync_log_insert AFTER INSERT ON memory_items REFERENCING NEW TABLE AS new_rows "
               "FOR EACH STATEMENT EXECUTE FUNCTION sync_log_insert()")
    op.execute("CREATE TRIGGER sync_log_update AFTER UPDATE ON memory_items "
               "REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows "
               "FOR EACH STATEMENT EXECUTE FUNCTION sync_log_update()")
    op.execute("CREATE TRIGGER sync_log_delete AFTER DELETE ON memory_items REFERENCING OLD TABLE AS old_rows "
               "FOR EACH STATEMENT EXECUTE FUNCTION sync_log_delete()")
    op.execute("CREATE TRIGGER sync_log_forget AFTER INSERT ON tombstones "
               "FOR EACH ROW WHEN (NEW.target_type = 'user') EXECUTE FUNCTION sync_log_forget()")
    # Memories written before this revision: one change each, so a first sync gets them all.
    op.execute("INSERT INTO sync_changes (tenant_id, target_id, owner_id, op) "
               "SELECT tenant_id, memory_id, owner_id, 'upsert' FROM memory_items")


def downgrade() -> None:
    for trig, table in (("sync_log_forget", "tombstones"), ("sync_log_delete", "memory_items"),
                        ("sync_log_update", "memory_items"), ("sync_log_insert", "memory_items")):
        op.execute(f"DROP TRIGGER IF EXISTS {trig} ON {table}")
    for fn in ("sync_log_forget()", "sync_log_delete()", "sync_log_update()", "sync_log_insert()"):
        op.execute(f"DROP FUNCTION IF EXISTS {fn}")
    op.execute("DROP TABLE IF EXISTS sync_receipts")
    op.execute("DROP TABLE IF EXISTS sync_changes")
    op.execute("DROP SEQUENCE IF EXISTS sync_changes_seq")
