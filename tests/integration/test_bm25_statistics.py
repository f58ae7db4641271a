"""The statement-level triggers keep N, total length and df exact through insert, update and delete."""
import uuid

import psycopg
import pytest


@pytest.fixture
def conn(stack_env):
    with psycopg.connect(stack_env["MEMORY_APP_DATABASE_URL"], autocommit=True) as c:
        yield c


def _stats(conn, owner):
    n, total = conn.execute("SELECT doc_count, total_len FROM bm25_owner_stats WHERE owner_id = %s", (owner,)).fetchone()
    df = dict(conn.execute("SELECT term, df FROM bm25_term_stats WHERE owner_id = %s", (owner,)).fetchall())
    postings = sorted(conn.execute("SELECT memory_id, term, tf, doc_len FROM bm25_postings WHERE owner_id = %s",
                                   (owner,)).fetchall())
    return n, total, df, postings


def _truth(conn, owner):
    n, total = conn.execute("SELECT count(*), coalesce(sum(doc_len), 0) FROM memory_items WHERE owner_id = %s",
                            (owner,)).fetchone()
    df = dict(conn.execute(
        "SELECT t.lexeme, count(*) FROM memory_items m, unnest(m.tsv) t WHERE owner_id = %s GROUP BY 1",
        (owner,)).fetchall())
    # one posting per (memory, term): tf counts a weight-B/C position as half
    postings = sorted(conn.execute(
        """SELECT m.memory_id, t.lexeme,
                  (SELECT sum(CASE w WHEN 'B' THEN 0.5 WHEN 'C' THEN 0.5 ELSE 1.0 END) FROM unnest(t.weights) w)::real,
                  m.doc_len
           FROM memory_items m, unnest(m.tsv) t WHERE owner_id = %s""", (owner,)).fetchall())
    return n, total, df, postings


def test_statistics_follow_every_change(conn):
    tenant, owner = uuid.uuid4(), uuid.uuid4()
    texts = ["Peter writes blog articles", "Dave handles outreach for the blog", "Peter and Dave met Tom",
             "Articles about SEO tools"]
    ids = [uuid.uuid4() for _ in texts]
    with conn.transaction():
        conn.execute("SELECT set_config('app.tenant_id', %s, true), set_config('app.role', 'system', true)", (str(tenant),))
        conn.execute("INSERT INTO tenants (tenant_id, name) VALUES (%s, 't')", (tenant,))
        conn.execute("INSERT INTO users (tenant_id, user_id, display_name, role) VALUES (%s, %s, 'o', 'user')",
                     (tenant, owner))
        with conn.cursor() as cur:
            # one multi-row statement, one row-by-row
            cur.execute(
                """INSERT INTO memory_items (tenant_id, memory_id, owner_id, text, text_hash, search_text, tsv, doc_len, type)
                   SELECT %s, i, %s, t, 'h', t, to_tsvector('english', t),
                          (SELECT sum(array_length(positions, 1)) FROM unnest(to_tsvector('english', t)))::int, 'episodic'
                   FROM unnest(%s::uuid[], %s::text[]) AS x(i, t)""",
                (tenant, owner, ids[:3], texts[:3]))
            cur.execute(
                """INSERT INTO memory_items (tenant_id, memory_id, owner_id, text, text_hash, search_text, tsv, doc_len, type)
                   VALUES (%s, %s, %s, %s, 'h', %s, to_tsvector('english', %s), 3, 'episodic')""",
                (tenant, ids[3], owner, texts[3], texts[3], texts[3]))
        assert _stats(conn, owner) == _truth(conn, owner)
        conn.execute("UPDATE memory_items SET tsv = setweight(to_tsvector('english', 'mosshead played bass'), 'A') || "
                     "setweight(to_tsvector('english', 'bass solo'), 'B'), doc_len = 4 "
                     "WHERE memory_id = %s", (ids[0],))
        assert _stats(conn, owner) == _truth(conn, owner)
        conn.execute("UPDATE memory_items SET salience = 0.9 WHERE owner_id = %s", (owner,))  # no text change
        assert _stats(conn, owner) == _truth(conn, owner)
        conn.execute("DELETE FROM memory_items WHERE memory_id = %s", (ids[0],))
        n, total, df, postings = _stats(conn, owner)
        assert (n, total, df, postings) == _truth(conn, owner)
        assert "mosshead" not in df, "a forgotten memory must leave no term behind"
        assert postings and not any(p[1] == "mosshead" for p in postings)
