"""The rows of a chaos run's derived data, read from its database as the benchmark's superuser once
every consumer has caught up (keyed and compared by `derived_compare`)."""
from __future__ import annotations

import psycopg
from psycopg.rows import dict_row

_WHO = "JOIN users u ON u.tenant_id = m.tenant_id AND u.user_id = m.owner_id JOIN tenants t ON t.tenant_id = m.tenant_id"

QUERIES = {
    "turns": f"""SELECT m.memory_id, t.name AS household, u.display_name AS "user", m.session_id, m.session_seq,
                        m.text, m.said_again
                 FROM memory_items m {_WHO} WHERE m.layer = 'record'""",
    "session_summaries": f"""SELECT t.name AS household, u.display_name AS "user", m.session_id, m.text
                             FROM memory_items m {_WHO}
                             WHERE m.type = 'summary' AND 'session_summary' = ANY(m.tags) AND m.valid_to IS NULL""",
    "promoted_facts": f"""SELECT t.name AS household, u.display_name AS "user", m.text, m.value, m.links
                          FROM memory_items m {_WHO} WHERE 'promoted' = ANY(m.tags) AND m.valid_to IS NULL""",
    "knowledge_facts": f"""SELECT t.name AS household, u.display_name AS "user", m.subject, m.predicate, m.value,
                                  m.type, m.valid_to IS NULL AS current, m.source_turns
                           FROM memory_items m {_WHO} WHERE m.layer = 'knowledge' AND m.source_turns <> '{{}}'""",
    "entity_profiles": """SELECT t.name AS household, u.display_name AS "user", e.type, e.canonical_name,
                                 e.profile_summary
                          FROM entities e JOIN users u ON u.tenant_id = e.tenant_id AND u.user_id = e.owner_id
                          JOIN tenants t ON t.tenant_id = e.tenant_id""",
    "others": "SELECT memory_id, type, text FROM memory_items WHERE layer <> 'record'",
}


def derived_rows(database_url: str) -> dict[str, list[dict]]:
    with psycopg.connect(database_url, autocommit=True, row_factory=dict_row) as conn:
        return {name: conn.execute(sql).fetchall() for name, sql in QUERIES.items()}
