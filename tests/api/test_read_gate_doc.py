"""docs/read-gate.md is the row-level-security policies in force on the migrated database (issue 36):
regenerate it with `python -m memclient.read_gate_doc --database-url URL` when a migration changes them."""
import asyncio

from memclient import read_gate_doc


def test_the_read_gate_page_is_the_policies_in_force(stack_env):
    page = asyncio.run(read_gate_doc.fetch(stack_env["DATABASE_URL"]))
    assert "### tenant_isolation" in page and "app_sees_owner" in page  # it read the policies
    checked_in = read_gate_doc.DEFAULT_OUT.read_text()
    assert checked_in == page, ("docs/read-gate.md is stale: regenerate it with "
                                "`python -m memclient.read_gate_doc --database-url <a migrated database>`")


def test_a_changed_policy_makes_the_page_differ():
    """The comparison can fail: one policy's expression changed gives another page."""
    tables = [{"relname": "t", "relrowsecurity": True, "relforcerowsecurity": False}]
    policy = {"tablename": "t", "policyname": "p", "permissive": "PERMISSIVE", "roles": ["public"], "cmd": "ALL",
              "qual": "(owner_id = app_user())", "with_check": None}
    before = read_gate_doc.render(tables, [policy], [])
    after = read_gate_doc.render(tables, [{**policy, "qual": "true"}], [])
    assert before != after and "(owner_id = app_user())" in before
