"""BM25 in Postgres honours fractional k1 and b (they once arrived as the integers 1 and 0, which
switched document-length normalisation off), and the re-scoring of given candidates gives a
candidate the score the BM25 search gave it."""
import json
from uuid import UUID

import pytest

from app_role import in_tenant
from memory_api.store import search_repo
from memory_api.store.search_repo import SearchFilters

TEXTS = [
    "I adopted a greyhound called Pepper from the rescue centre",
    "Pepper the greyhound loves long walks on the beach",
    "We painted the kitchen a pale green colour last weekend",
    "My sister is training for the city marathon in April",
    "The marathon route goes past the old harbour and the cathedral",
    "Tomato soup with basil is my favourite lunch",
    "The rescue centre asked volunteers for weekend walks",
    "Our book club is reading a novel about a lighthouse keeper",
    "Cello lesson",
    "The cello lesson ran long tonight because the teacher wanted scales, arpeggios and the sonata twice",
]


@pytest.fixture
def owner_with_memories(new_tenant):
    tenant = new_tenant("user")
    c = tenant["clients"][0]
    items = [{"text": t, "type": "episodic", "source": "import"} for t in TEXTS]
    stored = c.post("/v1/memory/candidates", json={"items": items}).json()["items"]
    assert len(stored) == len(TEXTS)
    return tenant["tenant_id"], UUID(tenant["users"][0]["user_id"])


def test_bm25_honours_fractional_k1_and_b(stack_env, owner_with_memories):
    tenant_id, owner_id = owner_with_memories

    async def work(conn):
        out = {}
        for k1, b in ((1.2, 0.75), (1.0, 0.75), (1.2, 0.0)):
            hits = await search_repo.bm25_search(conn, owner_id, "cello", 10, SearchFilters(), k1=k1, b=b)
            out[k1, b] = sorted(score for _, score in hits)
        return out

    scores = in_tenant(stack_env, tenant_id, owner_id, work)
    assert all(len(s) == 2 for s in scores.values())  # the short and the long cello memory
    short_wins, level = scores[1.2, 0.75], scores[1.2, 0.0]
    assert short_wins[1] > short_wins[0] * 1.2, "b > 0: the shorter memory scores higher"
    assert level[1] == pytest.approx(level[0]), "b = 0: one occurrence each scores the same"
    assert scores[1.0, 0.75] != pytest.approx(short_wins), "k1 1.2 and 1.0 must differ"


@pytest.mark.parametrize("question", ["greyhound walks at the rescue centre", "marathon training"])
def test_rescoring_gives_the_search_score(stack_env, owner_with_memories, question):
    tenant_id, owner_id = owner_with_memories

    async def work(conn):
        found = await search_repo.bm25_search(conn, owner_id, question, 10, SearchFilters())
        # every cosine given, so only BM25 is computed (no query vector needed)
        rescored, _ = await search_repo.score_candidates(conn, owner_id, question, None,
                                                         [i for i, _ in found], {}, {i: 0.0 for i, _ in found})
        return dict(found), rescored

    found, rescored = in_tenant(stack_env, tenant_id, owner_id, work)
    assert len(found) >= 2
    assert rescored == pytest.approx(found)


def _rows_read(plan: dict, relation: str) -> float:
    """Rows the plan's scans of `relation` returned, over all their loops (EXPLAIN ANALYZE, JSON)."""
    own = plan.get("Actual Rows", 0) * plan.get("Actual Loops", 1) if plan.get("Relation Name") == relation else 0
    return own + sum(_rows_read(child, relation) for child in plan.get("Plans", []))


def test_a_search_reads_only_the_query_terms_statistics(stack_env, new_tenant):
    """An owner's term statistics are looked up by key, one per query term: joined freely, the
    planner read all of a small owner's term statistics (1,175 rows for 4 query terms)."""
    from memclient.bench.textgen import utterances
    tenant = new_tenant("user")
    texts = utterances(31, 400)
    items = [{"text": t, "type": "episodic", "source": "import"} for t in texts]
    assert len(tenant["clients"][0].post("/v1/memory/candidates", json={"items": items}).json()["items"]) == 400
    owner_id = UUID(tenant["users"][0]["user_id"])
    question = " ".join(texts[7].split()[:4])
    where, params = search_repo.filter_sql(SearchFilters(), first_param=9)
    sql = search_repo.generated_sql(where)

    async def work(conn):
        terms = await conn.fetchval("SELECT count(*) FROM bm25_term_stats WHERE owner_id = $1", owner_id)
        query_terms = await conn.fetchval("SELECT count(DISTINCT lexeme) FROM unnest(to_tsvector('english', $1))",
                                          question)
        plan = await conn.fetchval("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, owner_id, question, [], 10, 6, 150,
                                   1.2, 0.75, *params)
        return terms, query_terms, plan

    terms, query_terms, plan = in_tenant(stack_env, tenant["tenant_id"], owner_id, work)
    plan = json.loads(plan) if isinstance(plan, str) else plan
    assert terms > 20 * query_terms > 0
    assert _rows_read(plan[0]["Plan"], "bm25_term_stats") <= query_terms


def test_a_memorys_score_does_not_depend_on_how_its_term_frequencies_were_read(stack_env, new_tenant):
    """A term whose postings the candidate generation read in full is scored from those postings; a
    term cut short is read again, from the index when it has few postings and from each candidate's
    tsvector when it has many. All three give a memory the same score."""
    from memclient.bench.textgen import utterances
    tenant = new_tenant("user")
    texts = utterances(47, 300, mean_words=20)
    items = [{"text": t, "type": "episodic", "source": "import"} for t in texts]
    assert len(tenant["clients"][0].post("/v1/memory/candidates", json={"items": items}).json()["items"]) == 300
    owner_id = UUID(tenant["users"][0]["user_id"])
    questions = [" ".join(texts[i].split()[:8]) for i in range(0, 300, 30)]

    async def work(conn):
        out = []
        for q in questions:
            common = await conn.fetchval(
                "SELECT count(*) FROM bm25_term_stats WHERE owner_id = $1 AND df > 3 AND term IN "
                "(SELECT lexeme FROM unnest(to_tsvector('english', $2)))", owner_id, q)
            whole = await search_repo.bm25_search(conn, owner_id, q, 300, SearchFilters(), per_term_candidates=1000)
            cut = await search_repo.bm25_search(conn, owner_id, q, 300, SearchFilters(), per_term_candidates=3)
            unnested = await search_repo.bm25_search(conn, owner_id, q, 300, SearchFilters(), per_term_candidates=3,
                                                     postings_per_candidate=0)
            out.append((common, dict(whole), dict(cut), dict(unnested)))
        return out

    results = in_tenant(stack_env, tenant["tenant_id"], owner_id, work)
    results = [r for r in results if r[1]]  # questions with a term the owner has
    assert len(results) >= 5 and sum(common for common, *_ in results) > 0, "a term with more than 3 postings"
    for _, whole, cut, unnested in results:
        assert cut and set(cut) <= set(whole) and set(unnested) == set(cut)
        assert cut == pytest.approx({i: whole[i] for i in cut})
        assert unnested == pytest.approx(cut)
