"""The read gate: who may see which rows is decided by row-level security, per transaction.

Every transaction sets `app.tenant_id`, `app.role` and `app.user_id` (Database.tenant_tx). On top
of tenant isolation (0002), restrictive policies (ANDed with it) decide:

- owner scope: `child` and `user` see only their own rows; `parent`, `orchestrator` and `admin`
  see their tenant's; `system` (jobs, consumers, forget after authorisation) sees the tenant's.
  With no role set nothing is visible (fail closed).
- audience: a reader in a child's audience (a child, or an orchestrator reading a child's memory,
  whose context reaches the child) never sees memories flagged `restricted` or `parent_only`, nor
  `profanity` / `age_sensitive` ones that someone else wrote. Safety rules are always visible.
  `consent_hidden` (memory or a category turned off, a do-not-learn topic; set when the household
  policy changes) hides a memory from everyone but a parent, an admin and the system.
- derived rows follow their memory: history (memory_versions) is visible when its memory is;
  entities are owner scoped, and an entity linked to a memory hidden from a child is hidden from
  that child too (its profile is composed from that memory's text).
- internal rows (idempotency records, audit log, tombstones, review queue) are visible to their
  writer or to parents/admins only.

A new route therefore cannot forget the check: it reads through the same policies.

Revision ID: 0009
Revises: 0008
"""
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

CHILD_HIDDEN = "'{restricted,parent_only}'::text[]"
CHILD_HIDDEN_UNLESS_OWN_WORDS = "'{profanity,age_sensitive}'::text[]"

FUNCTIONS = [
    """CREATE FUNCTION app_tenant() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE AS
       $$ SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid $$""",
    """CREATE FUNCTION app_role() RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS
       $$ SELECT NULLIF(current_setting('app.role', true), '') $$""",
    """CREATE FUNCTION app_user() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE AS
       $$ SELECT NULLIF(current_setting('app.user_id', true), '')::uuid $$""",
    # The reader sees every owner of the tenant, or only itself.
    """CREATE FUNCTION app_sees_owner(owner uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS
       $$ SELECT COALESCE(app_role() IN ('parent', 'orchestrator', 'admin', 'system'), false)
                 OR (app_role() IN ('child', 'user') AND owner = app_user()) $$""",
    """CREATE FUNCTION app_is_guardian() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS
       $$ SELECT COALESCE(app_role() IN ('parent', 'admin', 'system'), false) $$""",
    # Whether what the reader gets reaches a child: the child itself, or an orchestrator reading a
    # child's memory. SECURITY DEFINER: answers from the users table whatever the reader's scope.
    """CREATE FUNCTION app_child_audience(owner uuid) RETURNS boolean LANGUAGE sql STABLE
       SECURITY DEFINER SET search_path = public AS
       $$ SELECT app_role() = 'child'
                 OR (app_role() = 'orchestrator' AND EXISTS (
                     SELECT 1 FROM users u WHERE u.tenant_id = app_tenant() AND u.user_id = owner
                                            AND u.role = 'child')) $$""",
    # Flags decide only when there are some (most rows have none: the function is not called).
    f"""CREATE FUNCTION app_flags_visible(owner uuid, flags text[], created_by uuid) RETURNS boolean
        LANGUAGE sql STABLE AS
       $$ SELECT NOT ('consent_hidden' = ANY (flags) AND NOT app_is_guardian())
                 AND NOT ((flags && {CHILD_HIDDEN}
                           OR (flags && {CHILD_HIDDEN_UNLESS_OWN_WORDS} AND created_by IS DISTINCT FROM app_user()))
                          AND app_child_audience(owner)) $$""",
    # An entity is hidden from a child's audience when one of its memories is: its profile and
    # aliases come from those memories. Reads the links whatever the reader's scope.
    """CREATE FUNCTION entity_hidden_from_child(p_tenant uuid, p_entity uuid) RETURNS boolean
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS
       $$ SELECT EXISTS (
              SELECT 1 FROM memory_entities l
              JOIN memory_items m ON m.tenant_id = l.tenant_id AND m.memory_id = l.memory_id
              WHERE l.tenant_id = p_tenant AND l.entity_id = p_entity AND m.type <> 'safety'
                AND m.safety_flags && '{restricted,parent_only,profanity,age_sensitive,consent_hidden}'::text[]) $$""",
]

MEMORY_VISIBLE = ("app_sees_owner(owner_id) AND (type = 'safety' OR cardinality(safety_flags) = 0 "
                  "OR app_flags_visible(owner_id, safety_flags, created_by))")

# table -> (USING for reads, updates and deletes; WITH CHECK for new rows), restrictive.
POLICIES = {
    "memory_items": (MEMORY_VISIBLE, "app_sees_owner(owner_id)"),
    "memory_versions": ("EXISTS (SELECT 1 FROM memory_items m WHERE m.tenant_id = memory_versions.tenant_id "
                        "AND m.memory_id = memory_versions.memory_id)", None),
    "entities": ("app_sees_owner(owner_id) AND (NOT app_child_audience(owner_id) "
                 "OR NOT entity_hidden_from_child(tenant_id, entity_id))", "app_sees_owner(owner_id)"),
    "documents": ("app_sees_owner(owner_id)", None),
    "decision_logs": ("app_sees_owner(owner_id)", None),
    "consent_settings": ("app_sees_owner(user_id)", "app_is_guardian() OR app_role() = 'orchestrator' "
                         "OR user_id = app_user()"),
    "api_tokens": ("app_is_guardian() OR user_id = app_user()", None),
    "idempotency_keys": ("app_role() = 'system' OR user_id = app_user()", None),
    "review_queue": ("app_sees_owner(owner_id) AND app_role() IS DISTINCT FROM 'child'", "app_sees_owner(owner_id)"),
}
# Read by guardians and the system only; anyone may append (every write is audited).
GUARDIAN_READ = ("audit_log", "tombstones")


def upgrade() -> None:
    for fn in FUNCTIONS:
        op.execute(fn)
    for name in ("app_child_audience(uuid)", "entity_hidden_from_child(uuid, uuid)"):
        op.execute(f"REVOKE ALL ON FUNCTION {name} FROM PUBLIC")
        op.execute(f"GRANT EXECUTE ON FUNCTION {name} TO memory_app")
    for table, (using, check) in POLICIES.items():
        op.execute(f"CREATE POLICY reader_scope ON {table} AS RESTRICTIVE FOR ALL TO memory_app "
                   f"USING ({using}) WITH CHECK ({check or using})")
    for table in GUARDIAN_READ:
        op.execute(f"CREATE POLICY reader_scope ON {table} AS RESTRICTIVE FOR SELECT TO memory_app "
                   "USING (app_is_guardian())")


def downgrade() -> None:
    for table in [*POLICIES, *GUARDIAN_READ]:
        op.execute(f"DROP POLICY IF EXISTS reader_scope ON {table}")
    for fn in ("entity_hidden_from_child(uuid, uuid)", "app_flags_visible(uuid, text[], uuid)",
               "app_child_audience(uuid)", "app_is_guardian()", "app_sees_owner(uuid)", "app_user()",
               "app_role()", "app_tenant()"):
        op.execute(f"DROP FUNCTION IF EXISTS {fn}")
