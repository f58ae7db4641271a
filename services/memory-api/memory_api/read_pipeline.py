"""The read path: hybrid retrieval (BM25 + vector, RRF, rerank) and contextify."""
from __future__ import annotations

import asyncio
import dataclasses
import inspect
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from uuid import UUID

from memcore.context_budget import ContextCandidate, pack, render
from memcore.extraction.intent import memory_need
from memcore.memory_types import FOUNDATIONAL_TYPES
from memcore.policy.client import PolicyUnavailable
from memcore.policy.contract import ReadCheckRequest, ReadItem
from memcore.retrieval.rerank import RerankCandidate, RerankWeights, rerank
from memcore.retrieval.full_pipeline import relevance
from memcore.retrieval.query_terms import find_named_speakers
from memcore.retrieval.rrf import weighted_rrf

from . import timing
from .auth import Principal
from .deps import Resources
from .schemas import ContextifyResponse, ContextLine, Decision, Filters, RetrievedItem, SignalScore
from .session_memory import known_speakers, recent_items
from memcore.textnorm import norm_name

from .entity_resolver import EntityContext, resolve_text
from .session_tracking import observe_turn, pronoun_entities
from .store import entity_repo, memory_repo, search_repo
from .store.search_repo import SearchFilters
from .write_pipeline import load_policy, to_out

BM25_CANDIDATES = 100
# The vector list mostly re-confirms what BM25 found; every candidate is re-scored on both signals.
VECTOR_CANDIDATES = 50
ENTITY_PATH_LIMIT = 20
PROCESS_PATH_K = 3
PROCESS_SCAN_LIMIT = 500  # up to this many process memories are scored directly
# Relevance dominates the final order; salience, confidence and type only nudge it (the extracted
# types and salience are rule-based guesses, and on LoCoMo stronger weights cost recall).
RERANK_WEIGHTS = RerankWeights(
    salience=0.1, confidence=0.1,
    type_weights={"safety": 1.1, "process": 1.05, "identity": 1.05, "relationship": 1.03, "semantic": 1.02,
                  "preference": 1.02, "episodic": 1.0},
)
PROFILE_PATH_K = 3
PROCESS_MIN_SIMILARITY = 0.35
RRF_WEIGHTS = {"bm25": 1.0, "vector": 1.0, "entity": 1.0, "relation": 0.8, "conversation": 0.8}
RELATION_PATH_LIMIT = 10
CONVERSATION_PATH_LIMIT = 10
CONVERSATION_MIN_SCORE = 0.5  # active entities at least this salient feed the conversation path


def to_search_filters(f: Filters) -> SearchFilters:
    return SearchFilters(types=f.types, tags=f.tags, since=f.since, until=f.until, session_id=f.session_id,
                         project_id=f.project_id, as_of=f.as_of, include_hypotheses=f.include_hypotheses)


@dataclass
class Ranked:
    row: dict
    score: float
    signals: dict[str, SignalScore]


async def embed_query(res: Resources, text: str):
    loop = asyncio.get_running_loop()
    with timing.stage("embed"):
        return await loop.run_in_executor(None, res.embedder.embed_one, text)


async def resolved(qvec):
    """The query vector, awaiting it if it is still being computed (see query_vector)."""
    return await qvec if inspect.isawaitable(qvec) else qvec


def alias_expansion(query: str, entities: list) -> str:
    """The query plus the other names of every entity it names (so "WOBS" also finds "Wolf of Blog Street")."""
    extra = []
    lowered = norm_name(query)
    for e in entities:
        for name in [e["canonical_name"], *e["aliases"]]:
            if norm_name(name) not in lowered:
                extra.append(name)
    return query + (" " + " ".join(extra) if extra else "")


async def query_vector(res: Resources, tenant_id, owner_id: UUID, query: str, mode: str = "full"):
    """Embed the query once: without a named speaker's name when the full pipeline will drop it.
    Known speakers come from Redis; on a cold cache `speakers` is None and hybrid_search detects
    them from Postgres (and re-embeds if the query names one)."""
    speakers = None
    text = query
    if mode == "full":
        known = await known_speakers(res, None, tenant_id, owner_id)
        if known is not None:
            speakers = find_named_speakers(query, known)
            if speakers.names and speakers.remaining_text:
                text = speakers.remaining_text
    # The embedding runs in a worker thread while the caller goes on (entity resolution and the
    # BM25 query need no vector): callers pass the task along and `resolved()` it when needed.
    return asyncio.ensure_future(embed_query(res, text)), speakers


async def hybrid_search(res: Resources, conn, tenant_id: UUID, owner_id: UUID, query: str, qvec,
                        filters: SearchFilters, k: int, mode: str = "full", ectx: EntityContext | None = None,
                        active: list[UUID] | None = None, speakers=None) -> list[Ranked]:
    """`ectx`: the entities the query names, already resolved (disambiguated); `active`: entities
    of the conversation (pronoun targets, the current topic) for the conversation path."""
    if mode == "full" and ectx is None:
        ectx = await resolve_text(res, conn, owner_id, query)
    entities = ectx.entities if mode == "full" else []
    named_speakers: tuple[str, ...] = ()
    if mode == "full":
        # A question naming a speaker ("When did Caroline ...") searches without the name and
        # prefers that speaker's turns; the name would otherwise match every turn they said.
        found = speakers
        if found is None:
            found = find_named_speakers(query, await known_speakers(res, conn, tenant_id, owner_id))
            if found.names and found.remaining_text:
                qvec = await embed_query(res, found.remaining_text)
        if found.names and found.remaining_text:
            named_speakers = found.names
            query = found.remaining_text
            # the speaker is handled by the speaker preference, not as an entity to expand or follow
            spoken = {norm_name(n) for n in named_speakers}
            entities = [e for e in entities if not spoken & {norm_name(x) for x in [e["canonical_name"], *e["aliases"]]}]
    lexical_query = alias_expansion(query, entities)

    async def lexical():
        with timing.stage("hybrid.bm25"):
            return await search_repo.bm25_search(conn, owner_id, lexical_query, BM25_CANDIDATES, filters)

    async def semantic(vector):
        # on a connection of its own, so that it runs beside the BM25 query (two cores, two backends)
        async with res.db.tenant_tx(tenant_id) as own:
            with timing.stage("hybrid.vector"):
                return await search_repo.vector_search(own, owner_id, vector, VECTOR_CANDIDATES, filters,
                                                       model=res.embedder.model_name)

    bm25, vec = [], []
    if mode == "vector":
        vec = await semantic(await resolved(qvec))
    elif mode == "bm25":
        bm25 = await lexical()
    else:
        bm25_task = asyncio.ensure_future(lexical())
        qvec = await resolved(qvec)  # embedding, meanwhile the BM25 query runs in Postgres
        bm25, vec = await asyncio.gather(bm25_task, semantic(qvec))
    vec.sort(key=lambda x: -x[1])
    where, params = search_repo.filter_sql(filters, first_param=3)
    ent = await entity_repo.entity_memories(conn, owner_id, [e["entity_id"] for e in entities], where, params,
                                            limit=ENTITY_PATH_LIMIT) if entities else []
    rel = await entity_repo.about_memories(conn, owner_id, list(ectx.related), where, params,
                                            limit=RELATION_PATH_LIMIT) if mode == "full" and ectx.related else []
    named = set(ectx.ids) if ectx else set()
    conv_ids = [e for e in (active or []) if e not in named]
    conv = await entity_repo.about_memories(conn, owner_id, conv_ids, where, params,
                                             limit=CONVERSATION_PATH_LIMIT) if mode == "full" and conv_ids else []
    lists = {"bm25": [m for m, _ in bm25], "vector": [m for m, _ in vec]}
    for name, found in (("entity", ent), ("relation", rel), ("conversation", conv)):
        if found:
            lists[name] = [m for m, _ in found]
    fused = weighted_rrf(lists, RRF_WEIGHTS)
    raw = {"bm25": dict(bm25), "vector": dict(vec), "entity": dict(ent), "relation": dict(rel),
           "conversation": dict(conv)}
    with timing.stage("hybrid.rows"):
        rows = await memory_repo.get_many(conn, list(fused))
    if mode != "full":  # diagnostic modes: one signal alone, or plain RRF
        order = sorted(fused.values(), key=lambda c: -c.score)[:k]
        return [Ranked(dict(rows[c.id]), c.score,
                       {s: SignalScore(rank=r, score=raw[s][c.id]) for s, r in c.ranks.items()})
                for c in order if c.id in rows]
    now = datetime.now(timezone.utc)
    ids = list(rows)
    with timing.stage("hybrid.rescore"):
        bm25_all, cos_all = await search_repo.score_candidates(conn, owner_id, lexical_query, qvec, ids,
                                                               raw["bm25"], raw["vector"])
    paths = {name: lists[name] for name in ("entity", "relation", "conversation") if name in lists}
    with timing.stage("hybrid.fuse"):
        rel = relevance(bm25_all, cos_all, {i: rows[i]["speaker"] for i in ids}, named_speakers,
                        {i: (rows[i]["session_id"], rows[i]["session_seq"]) for i in ids
                         if rows[i]["session_id"] and rows[i]["session_seq"] is not None}, paths)
    inputs = [
        RerankCandidate(
            id=mid, relevance=rel.get(mid, 0.0), memory_type=rows[mid]["type"], similarity=cos_all.get(mid),
            lexical_match=bm25_all.get(mid, 0.0) > 0 or any(mid in raw[p] for p in paths),
            salience=rows[mid]["salience"], confidence=rows[mid]["confidence"], age=now - rows[mid]["observed_at"],
        )
        for mid in ids
    ]
    ranked = []
    for scored in rerank(inputs, RERANK_WEIGHTS, limit=k):
        signals = {s: SignalScore(rank=r, score=raw[s][scored.id]) for s, r in fused[scored.id].ranks.items()}
        signals["fused"] = SignalScore(rank=0, score=rel.get(scored.id, 0.0))
        signals["final"] = SignalScore(rank=0, score=scored.score)
        ranked.append(Ranked(dict(rows[scored.id]), scored.score, signals))
    return ranked


async def retrieve(res: Resources, principal: Principal, owner_id: UUID, query: str, filters: Filters,
                   k: int, mode: str = "full") -> list[RetrievedItem]:
    qvec, speakers = await query_vector(res, principal.tenant_id, owner_id, query, mode)
    async with res.db.tenant_tx(principal.tenant_id) as conn:
        ranked = await hybrid_search(res, conn, principal.tenant_id, owner_id, query, qvec,
                                     to_search_filters(filters), k, mode,
                                     speakers=speakers)
    visible = await _visible(res, principal, owner_id, ranked)
    return [RetrievedItem(memory=to_out({**r.row, "text": visible[r.row["id"]]}), score=r.score, signals=r.signals)
            for r in ranked if r.row["id"] in visible]


async def _store_decisions(res: Resources, principal: Principal, decision_id: UUID, owner_id: UUID,
                           session_id: str | None, budget: int, used: int, degraded: bool, decisions) -> None:
    """Keep the decision log for audit: memory ids, paths and reasons, never content."""
    async with res.db.tenant_tx(principal.tenant_id) as conn:
        await conn.execute(
            """INSERT INTO decision_logs (tenant_id, decision_id, owner_id, session_id, decisions)
               VALUES (current_setting('app.tenant_id')::uuid, $1, $2, $3, $4)""",
            decision_id, owner_id, session_id,
            {"budget": budget, "used": used, "degraded": degraded,
             "decisions": [d.model_dump(mode="json") for d in decisions]},
        )


def _safety_only(ranked: list[Ranked]) -> dict[UUID, str]:
    """Degraded read (policy unreachable): only parent-approved safety memories."""
    return {r.row["id"]: r.row["text"] for r in ranked if r.row["type"] == "safety" and r.row["source"] == "parent"}


async def _visible(res: Resources, principal: Principal, owner_id: UUID, ranked: list[Ranked]) -> dict[UUID, str]:
    try:
        return await _visible_strict(res, principal, owner_id, ranked)
    except PolicyUnavailable:
        return _safety_only(ranked)


async def contextify(res: Resources, principal: Principal, owner_id: UUID, query: str, session_id: str | None,
                     budget: int, filters: Filters) -> ContextifyResponse:
    start = time.perf_counter()
    gate = memory_need(query)
    if not gate.needed:
        return ContextifyResponse(context="", lines=[], decisions=[], tokens_used=0, token_budget=budget,
                                  gated=True, took_ms=round((time.perf_counter() - start) * 1000, 2))
    stages = timing.start()
    qvec, speakers = await query_vector(res, principal.tenant_id, owner_id, query)
    sf = to_search_filters(filters)
    async with res.db.tenant_tx(principal.tenant_id) as conn:
        # Which entities the request names (disambiguated by context) and, with a session, which
        # ones the conversation is about (pronouns, the current topic).
        with timing.stage("entities"):
            ectx, active = await _entities_of_turn(res, conn, principal, owner_id, query, session_id)
        with timing.stage("hybrid"):
            ranked = await hybrid_search(res, conn, principal.tenant_id, owner_id, query, qvec, sf, 30,
                                         ectx=ectx, active=active,
                                         speakers=speakers)
        qvec = await resolved(qvec)
        # The process path: procedures matching the request's intent, whatever else ranks high.
        with timing.stage("process_path"):
            processes = await process_path(res, conn, owner_id, query, qvec, sf)
        # The profile path: the owner's strongest preferences, nearest to the request first.
        with timing.stage("profile_safety"):
            profile, safety = await _profile_and_safety(conn, owner_id, qvec)
    seen = {r.row["id"] for r in ranked}
    ranked += [p for p in processes if p.row["id"] not in seen and _process_matches(p)]
    seen = {r.row["id"] for r in ranked}
    ranked += [Ranked({k: v for k, v in dict(r).items() if k != "embedding"}, 0.0, {"profile": SignalScore(rank=i + 1, score=0.0)})
               for i, r in enumerate(profile) if r["id"] not in seen]
    seen = {r.row["id"] for r in ranked}
    ranked += [Ranked(dict(r), 1.0, {}) for r in safety if r["id"] not in seen]
    hot = await recent_items(res, principal.tenant_id, owner_id, session_id) if session_id else []
    degraded = False
    try:
        with timing.stage("policy_read"):
            visible = await _visible_strict(res, principal, owner_id, ranked)
    except PolicyUnavailable:
        degraded = True
        visible = _safety_only(ranked)
        hot = []
    with timing.stage("pack"):
        included, suppressed, used = pack(_candidates(ranked, visible, hot), budget, res.embedder.count_tokens,
                                          getattr(res.embedder, "truncate_to_tokens", None))
    decisions = [Decision(memory_id=_uuid(p.candidate.key), action="included", path=p.candidate.path,
                          reason=f"{p.candidate.category}, score {p.candidate.score:.4f}") for p in included]
    decisions += [Decision(memory_id=_uuid(s.candidate.key), action="suppressed", path=s.candidate.path,
                           reason=s.reason) for s in suppressed]
    decisions += [Decision(memory_id=r.row["id"], action="suppressed", path="hybrid", reason="hidden by policy")
                  for r in ranked if r.row["id"] not in visible]
    decision_id = uuid.uuid4()
    with timing.stage("decision_log"):
        await _store_decisions(res, principal, decision_id, owner_id, session_id, budget, used, degraded, decisions)
    return ContextifyResponse(
        context=render(included),
        lines=[ContextLine(memory_id=_uuid(p.candidate.key), category=p.candidate.category, path=p.candidate.path,
                           line=p.line, tokens=p.tokens) for p in included],
        decisions=decisions, tokens_used=used, token_budget=budget, gated=False, degraded=degraded,
        decision_id=decision_id, clarification=ectx.clarification,
        took_ms=round((time.perf_counter() - start) * 1000, 2), timings_ms=stages,
    )


def _candidates(ranked: list[Ranked], texts: dict[UUID, str], hot: list[dict]) -> list[ContextCandidate]:
    """What packing chooses from: every ranked memory with a visible text, by category, then the
    session's recent turns."""
    cands: list[ContextCandidate] = []
    for r in ranked:
        mid = r.row["id"]
        if mid not in texts:
            continue
        path = _path_of(r)
        if path in ("safety", "process"):
            cat = path
        elif path in ("entity", "conversation") and r.row["type"] in FOUNDATIONAL_TYPES:
            cat = "entity"
        elif r.row["type"] in FOUNDATIONAL_TYPES or r.row["salience"] >= 0.7 or r.row["pinned"]:
            cat = "high_salience"
        else:
            cat = "relevant"
        cands.append(ContextCandidate(str(mid), texts[mid], cat, path, r.row["observed_at"], r.score))
    keys = {c.key for c in cands}
    for i, h in enumerate(hot):
        if h["id"] not in keys:
            cands.append(ContextCandidate(h["id"], h["text"], "recent", "session", h.get("at"), 1.0 - i * 0.01))
    return cands


async def _profile_and_safety(conn, owner_id: UUID, qvec):
    profile = await conn.fetch(
        f"""SELECT * FROM (SELECT {memory_repo.COLUMNS}, embedding FROM memory_items
                WHERE owner_id = $1 AND type = 'preference' AND valid_to IS NULL AND tier = 'solid'
                ORDER BY salience * confidence DESC, mention_count DESC LIMIT 20) top
            ORDER BY embedding <=> $2 LIMIT {PROFILE_PATH_K}""", owner_id, qvec)
    safety = await conn.fetch(
        f"SELECT {memory_repo.COLUMNS} FROM memory_items WHERE owner_id = $1 AND type = 'safety' "
        "AND valid_to IS NULL ORDER BY salience DESC, created_at LIMIT 20", owner_id)
    return profile, safety


async def _entities_of_turn(res: Resources, conn, principal: Principal, owner_id: UUID, query: str,
                            session_id: str | None) -> tuple[EntityContext, list[UUID]]:
    if not session_id:
        return await resolve_text(res, conn, owner_id, query), []
    from .session_tracking import load
    before = await load(res, principal.tenant_id, owner_id, session_id)
    ectx = await resolve_text(res, conn, owner_id, query, session=before.activation())
    state, _ = await observe_turn(res, conn, principal.tenant_id, owner_id, session_id, query, ectx)
    active = [UUID(k) for k in pronoun_entities(state)]
    active += [UUID(a.key) for a in state.ranked() if a.layer == "topic" and a.score >= CONVERSATION_MIN_SCORE
               and not a.key.startswith("name:") and UUID(a.key) not in active]
    return ectx, active


async def _visible_strict(res: Resources, principal: Principal, owner_id: UUID, ranked: list[Ranked]) -> dict[UUID, str]:
    if not ranked:
        return {}
    policy = await load_policy(res, principal.tenant_id, owner_id)
    resp = await res.policy.check_read(ReadCheckRequest(
        actor_role=principal.role, policy=policy,
        items=[ReadItem(id=str(r.row["id"]), text=r.row["text"], type=r.row["type"], source=r.row["source"],
                        pii_types=list(r.row["pii_types"]), safety_flags=list(r.row["safety_flags"]))
               for r in ranked]))
    return {UUID(d.id): d.text for d in resp.items if d.visible and d.text is not None}


async def process_path(res: Resources, conn, owner_id: UUID, query: str, qvec, sf: SearchFilters) -> list[Ranked]:
    """Procedures matching the request. An owner has few process memories: each is scored
    directly on BM25 and cosine (an index read by type), rather than searched for among all the
    owner's memories; an owner with very many falls back to filtered search."""
    pf = dataclasses.replace(sf, types=["process"])
    where, params = search_repo.filter_sql(pf, first_param=2)
    ids = [r["memory_id"] for r in await conn.fetch(
        f"SELECT m.memory_id FROM memory_items m WHERE m.owner_id = $1 AND {where} LIMIT {PROCESS_SCAN_LIMIT + 1}",
        owner_id, *params)]
    if not ids:
        return []
    if len(ids) <= PROCESS_SCAN_LIMIT:
        bm25_all, cos_all = await search_repo.score_candidates(conn, owner_id, query, qvec, ids, {}, {})
        bm25 = sorted(((i, s) for i, s in bm25_all.items() if s > 0), key=lambda x: -x[1])[:PROCESS_PATH_K]
        vec = sorted(cos_all.items(), key=lambda x: -x[1])[:PROCESS_PATH_K]
    else:
        bm25 = await search_repo.bm25_search(conn, owner_id, query, PROCESS_PATH_K, pf)
        vec = await search_repo.vector_search(conn, owner_id, qvec, PROCESS_PATH_K, pf, model=res.embedder.model_name)
    fused = weighted_rrf({"bm25": [m for m, _ in bm25], "vector": [m for m, _ in vec]})
    rows = await memory_repo.get_many(conn, list(fused))
    raw = {"bm25": dict(bm25), "vector": dict(vec)}
    return [Ranked(dict(rows[c.id]), c.score, {s: SignalScore(rank=r, score=raw[s][c.id]) for s, r in c.ranks.items()})
            for c in sorted(fused.values(), key=lambda c: -c.score) if c.id in rows]


def _process_matches(r: Ranked) -> bool:
    """A process joins the context when the request shares words with it or is close in meaning."""
    vec = r.signals.get("vector")
    return "bm25" in r.signals or (vec is not None and vec.score >= PROCESS_MIN_SIMILARITY)


def _path_of(r: Ranked) -> str:
    """Which retrieval path brought a memory (for the decision log)."""
    if r.row["type"] == "safety":
        return "safety"
    if r.row["type"] == "process":
        return "process"
    if "entity" in r.signals or "relation" in r.signals:
        return "entity"
    if "conversation" in r.signals:
        return "conversation"
    if "profile" in r.signals:
        return "profile"
    return "hybrid"


def _uuid(key: str) -> UUID | None:
    try:
        return UUID(key)
    except ValueError:
        return None
