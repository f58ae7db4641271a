"""A document that ranks first for a question brings its answer into the context block, even when
the answer sits late in a long chunk (issue 16: lines were cut at their first ~60 tokens)."""
from __future__ import annotations

HANDBOOK = """Writer handbook

Welcome to the team. This handbook explains how we work together, from the first brief to the final
invoice. We are a small agency, so everyone talks to everyone, and questions are always welcome in
the team channel. Please read it all before your first assignment; it takes about ten minutes.
Every writer is paired with an editor for the first month, who reviews drafts within two working days
and explains house conventions on tone, sourcing and structure. Articles need at least two sources
that a reader can check, and quotes must be attributed by name and role.
Payment works differently for retainers and one-off pieces, so check your contract first.
Invoices for one-off pieces are paid on the 15th of each month through the billing portal, provided
they arrive by the last day of the previous month.
"""


def test_the_answer_late_in_a_long_chunk_reaches_the_context(new_tenant):
    t = new_tenant("user")
    client = t["clients"][0]
    r = client.post("/v1/documents", json={"title": "Writer handbook", "text": HANDBOOK})
    assert r.status_code in (200, 201), r.text
    chunks = [c["memory"]["text"] for c in r.json()["chunks"] if c.get("memory")]
    holder = next(c for c in chunks if "15th of each month" in c)
    assert holder.index("15th") > 400, "the test needs the answer deep inside its chunk"
    ctx = client.post("/v1/memory/contextify", json={"query": "When are invoices for one-off pieces paid?",
                                                     "token_budget": 1500})
    assert ctx.status_code == 200, ctx.text
    assert "15th of each month" in ctx.json()["context"]
