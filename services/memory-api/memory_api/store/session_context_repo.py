"""SQL for what a new turn is read with (session_context): its session's last records, its turn
number, the owner's name and organisation.

Each function takes a connection already inside `Database.tenant_tx`, so row-level security scopes
every statement."""
from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

import asyncpg


@dataclass(frozen=True)
class SessionContext:
    previous: list[str]  # the indexed text of the session's last turns, oldest first
    next_seq: int  # the next turn's number in the session
    owner_name: str | None  # the owner's display name: whom facts about the owner are said of
    organisation: str | None  # the organisation the owner said they work at or run (a team's "we")
    account_org: str | None = None  # an organisation account's own name: a team's "we" before a turn names it


# The session's last records, its next turn number, the owner's name and organisation (the latter
# served by the partial index of migration 0026, and read only in an organisation's account: in a
# household's, "we" is the family, not the employer an earlier turn named)
SESSION_CONTEXT_SQL = """WITH me AS (SELECT display_name FROM users WHERE user_id = $1),
     acct AS (SELECT name FROM tenants WHERE tenant_id = (SELECT tenant_id FROM users WHERE user_id = $1)
                AND kind = 'organisation')
       SELECT (SELECT display_name FROM me) AS name,
              (SELECT coalesce(array_agg(search_text ORDER BY session_seq NULLS FIRST, created_at), '{}')
                 FROM (SELECT search_text, session_seq, created_at FROM memory_items
                       WHERE owner_id = $1 AND session_id = $2 AND layer = 'record'
                       ORDER BY session_seq DESC NULLS LAST, created_at DESC LIMIT $3) last) AS previous,
              (SELECT max(session_seq) FROM memory_items
                 WHERE owner_id = $1 AND session_id = $2 AND layer = 'record') AS last_seq,
              (SELECT max((a->>'q')::int) FROM memory_items m, jsonb_array_elements(m.said_again) a
                 WHERE m.owner_id = $1 AND m.said_again @> jsonb_build_array(jsonb_build_object('s', $2::text))
                   AND a->>'s' = $2::text) AS repeated,
              (SELECT CASE WHEN predicate = 'business_kind' THEN subject ELSE value END FROM memory_items
                 WHERE EXISTS (SELECT 1 FROM acct) AND owner_id = $1 AND layer = 'knowledge' AND valid_to IS NULL
                   AND (predicate IN ('organisation', 'works_for', 'runs')
                        AND subject = (SELECT display_name FROM me) OR predicate = 'business_kind')
                 ORDER BY observed_at DESC LIMIT 1) AS organisation,
              (SELECT name FROM acct) AS account_org"""


async def session_context(conn: asyncpg.Connection, owner_id: UUID, session_id: str, turns: int) -> SessionContext:
    """What a new turn of `session_id` is read with, in one round trip: its session's last `turns`
    records, the next turn number (an exact repeat said in this session takes its number too:
    said_again, migration 0021), the owner's name and, for an organisation account, the organisation
    of their latest knowledge and the account's name."""
    row = await conn.fetchrow(SESSION_CONTEXT_SQL, owner_id, session_id, turns)
    return SessionContext(list(row["previous"]), max(row["last_seq"] or 0, row["repeated"] or 0) + 1,
                          row["name"], row["organisation"], row["account_org"])
