"""The read path: hybrid retrieval (BM25 + vector, entity paths, RRF, rerank) and retrieve.
contextify.py builds the memory block on top of it."""
from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, cast
from uuid import UUID

import asyncpg
import numpy as np

from memcore.entities.profiles import Facets
from memcore.retrieval.full_pipeline import relevance
from memcore.retrieval.present_time import prefer_recent
from memcore.retrieval.query_terms import NamedSpeakers, find_named_speakers, speakers_named_otherwise
from memcore.retrieval.rerank import RerankCandidate, RerankWeights, rerank
from memcore.retrieval.list_questions import subjects_asked
from memcore.retrieval.turn_diversity import one_per_turn
from memcore.retrieval.rrf import weighted_rrf
from memcore.textnorm import norm_name

from . import read_gate, timing
from .auth import Principal
from .deps import Resources
from .entity_resolver import EntityContext, resolve_text
from .schemas import Filters, RetrievedItem, SignalScore, to_out
from .session_memory import known_speakers
from .store import entity_repo, memory_repo, search_repo
from .store.search_repo import SearchFilters

BM25_CANDIDATES = 100
# The vector list mostly re-confirms what BM25 found; every candidate is re-scored on both signals.
VECTOR_CANDIDATES = 50
ENTITY_PATH_LIMIT = 20
# Relevance dominates the final order; salience, confidence and type only nudge it (the extracted
# types and salience are rule-based guesses, and on LoCoMo stronger weights cost recall).
RERANK_WEIGHTS = RerankWeights(
    salience=0.1, confidence=0.1,
    type_weights={"safety": 1.1, "process": 1.05, "identity": 1.05, "relationship": 1.03, "semantic": 1.02,
                  "preference": 1.02, "routine": 1.02, "skill": 1.02, "episodic": 1.0},
)
RRF_WEIGHTS = {"bm25": 1.0, "vector": 1.0, "entity": 1.0, "relation": 0.8, "conversation": 0.8, "list": 0.3}
RELATION_PATH_LIMIT = 10
# Retrieval ranks what was said: a fact drawn from a turn is evidence for that turn and ranks as the
# turn would (episodic, at most a record's salience and confidence), not above other turns for being
# typed; contextify gives knowledge its own share. Measured on LoCoMo dev (memctl bench locomo): R@10
# 0.8129 with facts ranked by their own type, 0.8249 ranked as their turn.
RECORD_CONFIDENCE = 0.7
RECORD_SALIENCE = 0.5


# The query's vector: computed, still being computed (query_vector), or none (the BM25-only mode).
QueryVector = np.ndarray | Awaitable[np.ndarray] | None
Hits = list[tuple[UUID, float]]  # (memory id, score) from one retrieval path, best first


def as_ranked(row: Mapping[str, Any]) -> tuple[str, float, float]:
    """(type, salience, confidence) a memory is ranked with by retrieve."""
    if row.get("layer") == "knowledge" and row.get("source_turns"):
        return "episodic", min(row["salience"], RECORD_SALIENCE), min(row["confidence"], RECORD_CONFIDENCE)
    return row["type"], row["salience"], row["confidence"]
CONVERSATION_PATH_LIMIT = 10


def to_search_filters(f: Filters) -> SearchFilters:
    return SearchFilters(types=None if f.types is None else list(f.types), tags=f.tags, since=f.since, until=f.until, session_id=f.session_id,
                         project_id=f.project_id, scope=f.scope, as_of=f.as_of,
                         include_hypotheses=f.include_hypotheses)


@dataclass
class Ranked:
    row: dict[str, Any]
    score: float
    signals: dict[str, SignalScore]


async def embed_query(res: Resources, text: str) -> np.ndarray:
    loop = asyncio.get_running_loop()
    with timing.stage("embed"):
        return await loop.run_in_executor(None, (res.query_embedder or res.embedder).embed_one, text)


async def resolved(qvec: QueryVector) -> np.ndarray | None:
    """The query vector, awaiting it if it is still being computed (see query_vector)."""
    return await qvec if inspect.isawaitable(qvec) else qvec


async def vector_of(qvec: QueryVector) -> np.ndarray:
    """The query vector of a mode that searches by vector (every mode but BM25-only)."""
    vector = await resolved(qvec)
    if vector is None:
        raise ValueError("a vector search without a query vector")
    return vector


def _names_of(entity: Mapping[str, Any]) -> list[str]:
    """An entity's names: canonical, aliases and nicknames."""
    return [entity["canonical_name"], *entity["aliases"], *Facets.from_json(entity["facets"]).nicknames]


def alias_expansion(query: str, entities: list[Any]) -> str:
    """The query plus the other names of every entity it names (so "HLM" also finds "Harbour Lantern Media")."""
    extra = []
    lowered = norm_name(query)
    for e in entities:
        for name in [e["canonical_name"], *e["aliases"]]:
            if norm_name(name) not in lowered:
                extra.append(name)
    return query + (" " + " ".join(extra) if extra else "")


@dataclass(frozen=True)
class Speakers:
    """The names the owner's conversations have as speakers, and those a question names as written."""

    known: list[str]
    named: NamedSpeakers


async def query_vector(res: Resources, tenant_id: UUID, owner_id: UUID, query: str,
                       mode: str = "full") -> tuple[asyncio.Future[np.ndarray] | None, Speakers | None]:
    """Embed the query once: without a named speaker's name when the full pipeline will drop it.
    Known speakers come from Redis; on a cold cache `speakers` is None and hybrid_search reads
    them from Postgres (and re-embeds if the query names one)."""
    speakers = None
    text = query
    if mode == "full":
        known = await known_speakers(res, None, tenant_id, owner_id)
        if known is not None:
            speakers = Speakers(known, find_named_speakers(query, known))
            if speakers.named.names and speakers.named.remaining_text:
                text = speakers.named.remaining_text
    if mode == "bm25":  # the diagnostic BM25-only mode needs no vector
        return None, speakers
    # The embedding runs in a worker thread while the caller goes on (entity resolution needs no
    # vector): callers pass the task along and `resolved()` it when needed.
    return asyncio.ensure_future(embed_query(res, text)), speakers


async def _entity_paths(conn: asyncpg.Connection, owner_id: UUID, entities: list[Any], ectx: EntityContext | None,
                        active: list[UUID] | None, mode: str, where: str,
                        params: list[Any]) -> tuple[Hits, Hits, Hits]:
    """The memories of the entities the query names, of the entities a named relation leads to,
    and of the conversation's active entities (each list: (memory id, score), best first)."""
    ent = await entity_repo.entity_memories(conn, owner_id, [e["entity_id"] for e in entities], where, params,
                                            limit=ENTITY_PATH_LIMIT) if entities else []
    rel = await entity_repo.about_memories(conn, owner_id, list(ectx.related), where, params,
                                            limit=RELATION_PATH_LIMIT) if mode == "full" and ectx and ectx.related else []
    named = set(ectx.ids) if ectx else set()
    conv_ids = [e for e in (active or []) if e not in named]
    conv = await entity_repo.about_memories(conn, owner_id, conv_ids, where, params,
                                             limit=CONVERSATION_PATH_LIMIT) if mode == "full" and conv_ids else []
    return ent, rel, conv


async def hybrid_search(res: Resources, conn: asyncpg.Connection, principal: Principal, owner_id: UUID, query: str,
                        qvec: QueryVector,
                        filters: SearchFilters, k: int, mode: str = "full", ectx: EntityContext | None = None,
                        active: list[UUID] | None = None, speakers: Speakers | None = None) -> list[Ranked]:
    """`ectx`: the entities the query names, already resolved (disambiguated); `active`: entities
    of the conversation (pronoun targets, the current topic) for the conversation path."""
    original_query = query
    if mode == "full" and ectx is None:
        with timing.stage("entities"):
            ectx = await resolve_text(res, conn, owner_id, query)
    entities = ectx.entities if mode == "full" and ectx is not None else []
    named_speakers: tuple[str, ...] = ()
    if mode == "full":
        # A question naming a speaker ("When did Caroline ...") searches without the name and
        # prefers that speaker's turns; the name would otherwise match every turn they said.
        if speakers is None:
            known = await known_speakers(res, conn, principal.tenant_id, owner_id) or []  # from Postgres: never None
            speakers = Speakers(known, find_named_speakers(query, known))
            if speakers.named.names and speakers.named.remaining_text:
                qvec = await embed_query(res, speakers.named.remaining_text)
        found = speakers.named
        if not found.names:
            # named another way: a nickname or alias of theirs, a first name for a full one (the
            # vector, computed with those words, is computed again without them)
            otherwise = speakers_named_otherwise(query, speakers.known,
                                                 [_names_of(e) for e in entities if e["type"] == "person"])
            if otherwise.names and otherwise.remaining_text:
                found = otherwise
                qvec = await embed_query(res, found.remaining_text)
        if found.names and found.remaining_text:
            named_speakers = found.names
            query = found.remaining_text
            # the speaker is handled by the speaker preference, not as an entity to expand or follow
            spoken = {norm_name(n) for n in named_speakers}
            entities = [e for e in entities if not spoken & {norm_name(x) for x in [e["canonical_name"], *e["aliases"]]}]
    lexical_query = alias_expansion(query, entities)

    async def lexical() -> Hits:
        with timing.stage("hybrid.bm25"):
            return await search_repo.bm25_search(conn, owner_id, lexical_query, BM25_CANDIDATES, filters)

    async def semantic_on(on: asyncpg.Connection, vector: np.ndarray) -> Hits:
        with timing.stage("hybrid.vector"):
            return await search_repo.vector_search(on, owner_id, vector, VECTOR_CANDIDATES, filters,
                                                   model=res.embedder.model_name)

    async def semantic(vector: np.ndarray) -> Hits:
        # on a connection of its own, so that it runs beside the BM25 query (two cores, two backends)
        async with res.db.as_caller(principal) as own:
            return await semantic_on(own, vector)

    bm25: Hits = []
    vec: Hits = []
    if mode == "vector":
        vec = await semantic(await vector_of(qvec))
    elif mode == "bm25":
        bm25 = await lexical()
    else:
        # The embedding first (it started before entity resolution), then both searches at once:
        # started beside the embedding, BM25 takes a core from it (measured on 2 cores: at 1,000,000
        # rows the embedding went from 8.7 to 11.0 ms p50 and contextify p50 up 6 ms).
        qvec = await vector_of(qvec)
        if res.db.has_spare():
            bm25, vec = await asyncio.gather(lexical(), semantic(qvec))
        else:  # the pool is used up: a second connection would wait on requests that each hold one
            bm25 = await lexical()
            vec = await semantic_on(conn, qvec)
    vec.sort(key=lambda x: -x[1])
    where, params = search_repo.filter_sql(filters, first_param=3)
    with timing.stage("hybrid.paths"):
        ent, rel, conv = await _entity_paths(conn, owner_id, entities, ectx, active, mode, where, params)
        people = [*named_speakers, *(e["canonical_name"] for e in entities if e["type"] == "person")]
        listed = await search_repo.facts_about(conn, owner_id, subjects_asked(original_query, people),
                                               await vector_of(qvec), where, params) if mode == "full" else []
    lists = {"bm25": [m for m, _ in bm25], "vector": [m for m, _ in vec]}
    for name, hits in (("entity", ent), ("relation", rel), ("conversation", conv), ("list", listed)):
        if hits:
            lists[name] = [m for m, _ in hits]
    fused = weighted_rrf(lists, RRF_WEIGHTS)
    raw = {"bm25": dict(bm25), "vector": dict(vec), "entity": dict(ent), "relation": dict(rel),
           "conversation": dict(conv), "list": dict(listed)}
    if mode != "full":  # diagnostic modes: one signal alone, or plain RRF
        with timing.stage("hybrid.rows"):
            records = await memory_repo.get_many(conn, list(fused))
        order = sorted(fused.values(), key=lambda c: -c.score)[:k]
        return [Ranked(dict(records[c.id]), c.score,
                       {s: SignalScore(rank=r, score=raw[s][c.id]) for s, r in c.ranks.items()})
                for c in order if c.id in records]
    # the rows, their cosine to the query and to the turn before, in one round trip
    with timing.stage("hybrid.rows"):
        rows, near, links = await memory_repo.get_many_near(conn, list(fused), await vector_of(qvec))
    now = datetime.now(timezone.utc)
    ids = list(rows)
    with timing.stage("hybrid.rescore"):
        bm25_all, cos_all = await search_repo.score_candidates(conn, owner_id, lexical_query, await vector_of(qvec), ids,
                                                               raw["bm25"], {**near, **raw["vector"]})
    paths: dict[str, list[UUID]] = {name: lists[name] for name in ("entity", "relation", "conversation", "list")
                                    if name in lists}
    positions = {i: (rows[i]["session_id"], rows[i]["session_seq"]) for i in ids
                 if rows[i]["session_id"] and rows[i]["session_seq"] is not None}
    with timing.stage("hybrid.fuse"):
        fused_relevance = relevance(bm25_all, cos_all, {i: rows[i]["speaker"] for i in ids}, named_speakers,
                                    positions, paths, links)
    scores = prefer_recent(query, fused_relevance, {i: rows[i]["observed_at"] for i in ids if rows[i]["observed_at"]})
    ranked_as = {mid: as_ranked(rows[mid]) for mid in ids}
    inputs = [
        RerankCandidate(
            id=mid, relevance=scores.get(mid, 0.0), memory_type=ranked_as[mid][0], similarity=cos_all.get(mid),
            lexical_match=bm25_all.get(mid, 0.0) > 0 or any(mid in raw[p] for p in paths),
            salience=ranked_as[mid][1], confidence=ranked_as[mid][2], age=now - rows[mid]["observed_at"],
        )
        for mid in ids
    ]
    ranked = []
    scored_all = {cast(UUID, r.id): r for r in rerank(inputs, RERANK_WEIGHTS)}  # the ids given: memory ids
    turn_of = {i: (i if rows[i].get("layer") == "record" else (rows[i].get("source_turns") or [None])[0])
               for i in scored_all}
    for mid in one_per_turn(list(scored_all), turn_of)[:k]:
        scored = scored_all[mid]
        signals = {s: SignalScore(rank=r, score=raw[s][mid]) for s, r in fused[mid].ranks.items()}
        signals["fused"] = SignalScore(rank=0, score=scores.get(mid, 0.0))
        signals["final"] = SignalScore(rank=0, score=scored.score)
        ranked.append(Ranked(dict(rows[mid]), scored.score, signals))
    return ranked


async def retrieve(res: Resources, principal: Principal, owner_id: UUID, query: str, filters: Filters,
                   k: int, mode: str = "full") -> list[RetrievedItem]:
    qvec, speakers = await query_vector(res, principal.tenant_id, owner_id, query, mode)
    async with res.db.as_caller(principal) as conn:
        audience = await read_gate.read_audience(res, principal, owner_id, conn)  # while the query is embedded
        with timing.stage("hybrid"):
            ranked = await hybrid_search(res, conn, principal, owner_id, query, qvec,
                                         to_search_filters(filters), k, mode,
                                         speakers=speakers)
        with timing.stage("policy_read"):
            verdict = await read_gate.check(res, principal, owner_id, [r.row for r in ranked], conn, audience)
    visible = verdict.visible
    return [RetrievedItem(memory=to_out({**r.row, "text": visible[r.row["id"]]}), score=r.score, signals=r.signals)
            for r in ranked if r.row["id"] in visible]
