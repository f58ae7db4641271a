"""The read path's candidate rows come with their similarity to the query and, for consecutive
turns of one session among them, how alike the two turns are (whether they are one exchange)."""
from uuid import UUID

import numpy as np
import pytest

from app_role import in_tenant
from memcore.entities.disambiguation import as_array
from memory_api.store import memory_repo

TURNS = [
    "Are you still going to the pottery class on Thursday?",
    "Yes, at six, I finally get to use the wheel!",
    "My brother is flying in from Lisbon next month.",
    "The quarterly report is due before the board meeting.",
]


def test_candidate_rows_link_consecutive_turns_only(stack_env, new_tenant):
    tenant = new_tenant("user")
    c = tenant["clients"][0]
    for text in TURNS:
        assert c.post("/v1/conversations/rows-s1/turns", json={"speaker": "user", "text": text}).status_code == 200
    owner_id = UUID(tenant["users"][0]["user_id"])

    async def work(conn):
        rows = await conn.fetch("SELECT memory_id, session_seq, embedding FROM memory_items WHERE owner_id = $1 "
                                "AND session_id = 'rows-s1' ORDER BY session_seq", owner_id)
        by_seq = {r["session_seq"]: r for r in rows}
        first, second, fourth = by_seq[min(by_seq)], by_seq[min(by_seq) + 1], by_seq[min(by_seq) + 3]
        query = as_array(first["embedding"])
        found = await memory_repo.get_many_near(conn, [fourth["memory_id"], second["memory_id"], first["memory_id"]],
                                                query)
        return first, second, fourth, found

    first, second, fourth, (found, near, links) = in_tenant(stack_env, tenant["tenant_id"], owner_id, work)
    assert set(found) == {first["memory_id"], second["memory_id"], fourth["memory_id"]}
    assert near[first["memory_id"]] == pytest.approx(1.0, abs=1e-5)
    a, b = as_array(first["embedding"]), as_array(second["embedding"])
    expected = float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
    # the first two turns are consecutive; the fourth has no candidate right before it (the third is not one)
    assert links == {(first["memory_id"], second["memory_id"]): pytest.approx(expected, abs=1e-5)}
