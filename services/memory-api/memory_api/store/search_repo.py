"""Candidate generation in Postgres: Okapi BM25 over tsvector statistics, and pgvector kNN.

Field-weighted BM25 (Robertson/Sparck Jones idf with the +1 inside the log, so never negative):
    score(d, q) = sum_t idf(t) * tf(t,d) * (k1 + 1) / (tf(t,d) + k1 * (1 - b + b * |d| / avgdl))
    idf(t)      = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
tf counts the tsvector's positions, a weight-B position (write-time context such as the previous
turn) as half an occurrence; |d| is the same weighted length (doc_len); N/avgdl/df come from
bm25_*_stats (kept by triggers); candidates and their term frequencies come from bm25_postings
(the same tf, kept by triggers), bounded for very common terms (see GENERATED_SQL and
POSTINGS_PER_CANDIDATE). A BM25 extension could replace this module behind the same function signature.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID
from typing import Sequence

import asyncpg
import numpy as np

from memcore.embedding.spaces import models_in_space

from .rankable import current, undisputed


@dataclass(frozen=True)
class SearchFilters:
    types: list[str] | None = None
    tags: list[str] | None = None
    since: datetime | None = None
    until: datetime | None = None
    session_id: str | None = None
    project_id: str | None = None
    scope: str | None = None
    as_of: datetime | None = None
    include_hypotheses: bool = False
    exclude_derived: bool = False  # summaries and other derived memories


# Every column filter_sql may test (besides memory_id, which a keyed lookup always carries).
FILTER_COLUMNS = ("m.owner_id, m.type, m.tier, m.tags, m.observed_at, m.valid_from, m.valid_to, "
                  "m.session_id, m.project_id, m.scope")


def memory_by_key(outer: str, columns: str) -> str:
    """`CROSS JOIN LATERAL` of the memory row that `outer` (a link or a posting) points at, as `m`,
    with `columns` and FILTER_COLUMNS: a primary-key lookup behind a fence (OFFSET 0), with only the
    key's columns in its condition. For a tenant the planner statistics have not seen, it estimates
    one row everywhere and otherwise walked all of the tenant's or owner's memories once per link or
    posting (auto_explain during `memctl bench stages`: 13,714 rows filtered away for 270 postings)."""
    return f"""CROSS JOIN LATERAL (
        SELECT m.memory_id, {columns}, {FILTER_COLUMNS} FROM memory_items m
        WHERE m.tenant_id = {outer}.tenant_id AND m.memory_id = {outer}.memory_id OFFSET 0) m"""


def filter_sql(f: SearchFilters, first_param: int, alias: str = "m") -> tuple[str, list[object]]:
    """WHERE fragments (AND-joined) and their parameters, numbered from `first_param`."""
    parts: list[str] = []
    params: list[object] = []

    def p(value: object) -> str:
        params.append(value)
        return f"${first_param + len(params) - 1}"

    if f.as_of is not None:
        ts = p(f.as_of)
        parts.append(f"{alias}.valid_from <= {ts} AND ({alias}.valid_to IS NULL OR {alias}.valid_to > {ts})")
    else:
        parts.append(current(alias))
    if not f.include_hypotheses:
        parts.append(f"{alias}.tier = 'solid'")
    else:  # a disputed memory (marked wrong, POST /v1/memory/feedback) is never ranked
        parts.append(undisputed(alias))
    if f.types:
        parts.append(f"{alias}.type = ANY({p(list(f.types))}::text[])")
    if f.exclude_derived:
        parts.append(f"{alias}.type <> 'summary'")
    if f.tags:
        parts.append(f"{alias}.tags && {p(list(f.tags))}::text[]")
    if f.since is not None:
        parts.append(f"{alias}.observed_at >= {p(f.since)}")
    if f.until is not None:
        parts.append(f"{alias}.observed_at <= {p(f.until)}")
    if f.session_id is not None:
        parts.append(f"{alias}.session_id = {p(f.session_id)}")
    if f.project_id is not None:
        parts.append(f"{alias}.project_id = {p(f.project_id)}")
    if f.scope is not None:
        parts.append(f"{alias}.scope = {p(f.scope)}")
    return " AND ".join(parts), params


# k1 and b are cast: left to infer, Postgres types them as integers (from `+ 1` and `1 -`), and
# 1.2 / 0.75 arrived as 1 and 0, which switched document-length normalisation off.
def _term_score(tf: str, doc_len: str, k1: str, b: str) -> str:
    return (f"t.idf * ({tf} * ({k1}::float8 + 1)) "
            f"/ ({tf} + {k1}::float8 * (1 - {b}::float8 + {b}::float8 * {doc_len} / s.avgdl))")


# The owner's statistics and the query's terms ($1 owner, $2 query, $3 only these terms if any).
TERMS_SQL = """
WITH stats AS (
    SELECT doc_count::float8 AS n, greatest(total_len::float8 / nullif(doc_count, 0), 1.0) AS avgdl
    FROM bm25_owner_stats WHERE tenant_id = current_setting('app.tenant_id')::uuid AND owner_id = $1
), qterms AS (
    SELECT DISTINCT lexeme AS term FROM unnest(to_tsvector('english', $2))
    WHERE cardinality($3::text[]) = 0 OR lexeme = ANY($3::text[])
), terms AS MATERIALIZED (  -- the few query terms first, whatever the row estimates (a new owner has none yet)
    SELECT q.term, ts.df, ln(1 + (s.n - ts.df + 0.5) / (ts.df + 0.5)) AS idf
    FROM qterms q CROSS JOIN stats s CROSS JOIN LATERAL (
        -- one key lookup per query term: left to join, the planner read all of a small owner's
        -- term statistics into a hash table (1,175 rows for 4 query terms, 1.4 ms)
        SELECT ts.df FROM bm25_term_stats ts
        WHERE ts.tenant_id = current_setting('app.tenant_id')::uuid AND ts.owner_id = $1 AND ts.term = q.term
        OFFSET 0) ts
)"""

# A term's frequency in a memory's tsvector: its positions, a weight-B/C one as half.
TSV_TF = "(SELECT sum(CASE w WHEN 'B' THEN 0.5 WHEN 'C' THEN 0.5 ELSE 1.0 END) FROM unnest(u.weights) w)"

# BM25 search: candidate generation with bounded work, from the postings table (migration 0008).
# For each of the $5 rarest query terms, its $6 highest-impact postings (higher tf, then shorter
# document) among the memories the filters admit. A rare term contributes all its documents; a very
# common term (low idf) only its best ones, so a 100,000-memory owner never scores tens of thousands
# of rows for a question made of everyday words. Postings are walked in impact order and each is
# checked against its memory row (primary key), so a selective filter (one type, one session) reads
# further down the list instead of starving.
# Every candidate is then scored on all query terms. A term that returned fewer than $6 postings
# returned all it has among the admitted memories (`complete`): its term frequencies are those
# postings. Any other query term (`partial`) is read again: with at most POSTINGS_PER_CANDIDATE
# postings per candidate, all its postings from the index (non-candidates drop out in the grouping);
# with more, each candidate's tsvector. $7 k1, $8 b, $9... the filters' parameters.
GENERATED_SQL = TERMS_SQL + """, gen AS MATERIALIZED (
    SELECT term FROM terms ORDER BY df, term LIMIT $5
), post AS MATERIALIZED (
    SELECT gen.term, c.memory_id, c.tf, c.doc_len FROM gen CROSS JOIN LATERAL (
        SELECT m.memory_id, p.tf, m.doc_len
        FROM bm25_postings p
        """ + memory_by_key("p", "m.doc_len") + """
        WHERE p.tenant_id = current_setting('app.tenant_id')::uuid AND p.owner_id = $1 AND p.term = gen.term
          AND m.owner_id = $1 AND {filters}
        ORDER BY p.tf DESC, p.doc_len, p.memory_id
        LIMIT $6) c
), complete AS (
    SELECT g.term FROM gen g WHERE (SELECT count(*) FROM post p WHERE p.term = g.term) < $6
), cand AS MATERIALIZED (
    SELECT DISTINCT memory_id, doc_len FROM post
), partial AS MATERIALIZED (
    SELECT t.term, t.df <= {per_candidate} * (SELECT count(*) FROM cand) AS few FROM terms t
    WHERE t.term NOT IN (SELECT term FROM complete)
), hits AS (
    -- counts: whether the row's term frequency is summed; cand: whether the row marks a candidate
    SELECT memory_id, NULL::text AS term, NULL::real AS tf, doc_len, false AS counts, true AS cand FROM cand
    UNION ALL
    SELECT memory_id, term, tf, doc_len, true, false FROM post WHERE term IN (SELECT term FROM complete)
    UNION ALL  -- a partial term with few postings: all of them, from the index
    SELECT p.memory_id, x.term, p.tf, p.doc_len, true, false
    FROM partial x CROSS JOIN LATERAL (
        SELECT p.memory_id, p.tf, p.doc_len FROM bm25_postings p
        WHERE p.tenant_id = current_setting('app.tenant_id')::uuid AND p.owner_id = $1 AND p.term = x.term
          AND x.few
        OFFSET 0) p
    UNION ALL  -- a partial term with many postings: its occurrences in each candidate's tsvector
    SELECT c.memory_id, u.lexeme, """ + TSV_TF + """, c.doc_len, true, false
    FROM cand c CROSS JOIN LATERAL (
        SELECT m.tsv FROM memory_items m
        WHERE m.tenant_id = current_setting('app.tenant_id')::uuid AND m.memory_id = c.memory_id OFFSET 0) m
    CROSS JOIN LATERAL unnest(m.tsv) u
    WHERE EXISTS (SELECT 1 FROM partial WHERE NOT few)
      AND u.lexeme = ANY (ARRAY(SELECT term FROM partial WHERE NOT few))
)
SELECT h.memory_id, sum(CASE WHEN h.counts THEN """ + _term_score("h.tf", "h.doc_len", "$7", "$8") + """ ELSE 0 END) AS score
FROM hits h LEFT JOIN terms t ON t.term = h.term CROSS JOIN stats s
GROUP BY h.memory_id
HAVING bool_or(h.cand)
ORDER BY score DESC
LIMIT $4
"""

# Reading a cut-short term's postings costs about a twentieth of unnesting a candidate's tsvector.
# Measured (scratch, 300 questions, variants in random order, identical scores): at 1,000,000 rows
# the BM25 search took 7.6 ms p50 unnesting every candidate, 3.7-3.9 ms reading the postings of
# terms with up to 10, 20 or 40 per candidate, 4.1 ms at 5. On a LoCoMo owner, reading postings
# took it from 2.1 to 0.8 ms p50 (6.3 to 2.0 ms p95).
POSTINGS_PER_CANDIDATE = 20

# BM25 of given memories ($4 k1, $5 b, $6 their ids): few, so each tsvector is unnested. At
# 1,000,000 rows, for the ~30 vector-only candidates of a question (scratch): 0.73 ms p50, against
# 1.05 ms through the postings as above.
GIVEN_SQL = TERMS_SQL + """, cand AS (
    SELECT m.memory_id, m.tsv, m.doc_len FROM memory_items m
    WHERE m.tenant_id = current_setting('app.tenant_id')::uuid AND m.owner_id = $1 AND m.memory_id = ANY($6::uuid[])
)
SELECT c.memory_id, sum(""" + _term_score("x.tf", "c.doc_len", "$4", "$5") + """) AS score
FROM cand c
CROSS JOIN stats s
CROSS JOIN LATERAL (SELECT u.lexeme, """ + TSV_TF + """ AS tf FROM unnest(c.tsv) u) x
JOIN terms t ON t.term = x.lexeme
GROUP BY c.memory_id
"""


def generated_sql(filters_where: str, postings_per_candidate: int = POSTINGS_PER_CANDIDATE) -> str:
    """The BM25 search statement, with `filters_where` from filter_sql(..., first_param=9)."""
    return GENERATED_SQL.format(filters=filters_where, per_candidate=int(postings_per_candidate))


async def bm25_search(
    conn: asyncpg.Connection,
    owner_id: UUID,
    query: str,
    limit: int,
    filters: SearchFilters,
    *,
    only_terms: list[str] | None = None,
    k1: float = 1.2,
    b: float = 0.75,
    generating_terms: int = 6,
    per_term_candidates: int = 150,
    postings_per_candidate: int = POSTINGS_PER_CANDIDATE,
) -> list[tuple[UUID, float]]:
    where, params = filter_sql(filters, first_param=9)
    sql = generated_sql(where, postings_per_candidate)
    rows = await conn.fetch(sql, owner_id, query, only_terms or [], limit, generating_terms,
                            per_term_candidates, k1, b, *params)
    return [(r["memory_id"], float(r["score"])) for r in rows]


async def score_candidates(
    conn: asyncpg.Connection, owner_id: UUID, query: str, embedding: np.ndarray, ids: list[UUID],
    known_bm25: dict[UUID, float], known_cosine: dict[UUID, float], *, k1: float = 1.2, b: float = 0.75,
) -> tuple[dict[UUID, float], dict[UUID, float]]:
    """BM25 and cosine of every given candidate, so each is scored on both signals (a candidate one
    list missed is not treated as zero on that signal). Scores a list already returned are reused;
    only the missing ones are computed."""
    bm25 = {i: known_bm25[i] for i in ids if i in known_bm25}
    cos = {i: known_cosine[i] for i in ids if i in known_cosine}
    need_bm25 = [i for i in ids if i not in bm25]
    need_cos = [i for i in ids if i not in cos]
    if need_bm25:
        rows = await conn.fetch(GIVEN_SQL, owner_id, query, [], k1, b, need_bm25)
        found = {r["memory_id"]: float(r["score"]) for r in rows}
        bm25.update({i: found.get(i, 0.0) for i in need_bm25})
    if need_cos:
        rows = await conn.fetch("SELECT memory_id, 1 - (embedding <=> $2) AS sim FROM memory_items "
                                "WHERE tenant_id = current_setting('app.tenant_id')::uuid AND owner_id = $1 "
                                "AND memory_id = ANY($3::uuid[]) AND embedding IS NOT NULL",
                                owner_id, np.asarray(embedding, dtype=np.float32), need_cos)
        cos.update({r["memory_id"]: float(r["sim"]) for r in rows})
    return bm25, cos


# The HNSW search list (hnsw.ef_search); never below the rows asked for. Measured (scratch, 1,000,000
# rows, the measured owner's own index, 120 questions, 50 rows each, the settings in random order):
# ef 64 / 80 / 100 / 128 took 3.9 / 4.8 / 5.6 / 6.8 ms p50 (7.1 / 8.7 / 9.4 / 11.4 p95) and agreed with
# an exact search on 0.912 / 0.929 / 0.938 / 0.950 of its top 10 (0.828 / 0.856 / 0.877 / 0.899 of the
# 50). On LoCoMo and the assistant-chats benchmark (small owners) every mode's R@10 was the same with
# 64 as with 100. The vector search is the longer of the two searches at 1,000,000 rows.
VECTOR_EF_SEARCH = 64


async def vector_search(
    conn: asyncpg.Connection,
    owner_id: UUID,
    embedding: np.ndarray,
    limit: int,
    filters: SearchFilters,
    *,
    model: str,
    ef_search: int = VECTOR_EF_SEARCH,
) -> list[tuple[UUID, float]]:
    """Cosine kNN; HNSW iterative scans keep owner/type filters from starving the result. The plan
    is made for this owner (a custom plan), so a large owner's own index is used when it has one
    (memcore.retrieval.owner_vector_index); a generic plan could not know the owner."""
    await conn.execute(f"SET LOCAL hnsw.ef_search = {max(int(ef_search), int(limit))}; "
                       "SET LOCAL hnsw.iterative_scan = relaxed_order; "
                       "SET LOCAL plan_cache_mode = force_custom_plan")
    where, params = filter_sql(filters, first_param=5)
    # Only vectors in the index model's space compare (the model and its int8 weights,
    # memcore.embedding.spaces): rows of another model, awaiting `memctl reembed`, are skipped.
    rows = await conn.fetch(
        f"""SELECT memory_id, 1 - (embedding <=> $2) AS sim FROM memory_items m
            WHERE m.owner_id = $1 AND m.embedding IS NOT NULL AND m.embedding_model = ANY($4::text[]) AND {where}
            ORDER BY m.embedding <=> $2 LIMIT $3""",
        owner_id, np.asarray(embedding, dtype=np.float32), limit, models_in_space(model), *params,
    )
    return [(r["memory_id"], float(r["sim"])) for r in rows]


async def facts_about(conn: asyncpg.Connection, owner_id: UUID, subjects: Sequence[str], qvec: np.ndarray, where: str,
                      params: Sequence[object], limit: int = 10) -> list[tuple[UUID, float]]:
    """The knowledge whose subject is one of these people (the list path: "What foods does Maria
    like?"), nearest to the question first; `where` numbered from $3."""
    if not subjects:
        return []
    vec = f"${3 + len(params)}"
    rows = await conn.fetch(
        f"""SELECT m.memory_id, 1 - (m.embedding <=> {vec}) AS sim FROM memory_items m
            WHERE m.owner_id = $1 AND m.layer = 'knowledge' AND lower(m.subject) = ANY($2::text[]) AND {where}
              AND m.embedding IS NOT NULL
            ORDER BY m.embedding <=> {vec} LIMIT {int(limit)}""",
        owner_id, [s.lower() for s in subjects], *params, qvec)
    return [(r["memory_id"], float(r["sim"])) for r in rows]
