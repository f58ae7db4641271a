"""Contextify: the middleware of a turn (seed 000): parse, resolve, retrieve along independent
paths (lexical + semantic, entity, relation, conversation, process, profile, safety), apply the
policy read check, and pack one budgeted memory block with a decision log."""
from __future__ import annotations

import dataclasses
import functools
import time
import uuid
from typing import Any
from uuid import UUID

import asyncpg
import numpy as np

from memcore.context_budget import (Shorten, ASKING_CAPPED, ASKING_ORDER, ASKING_SHARES, ContextCandidate, asking_category,
                                   pack, render)
from memcore.embedding.base import Embedder
from memcore.excerpt import best_excerpt
from memcore.extraction.intent import memory_need
from memcore.memory_types import FOUNDATIONAL_TYPES
from memcore.retrieval.rrf import weighted_rrf

from . import disclosure_log, read_gate, timing
from .auth import Principal
from .deps import Resources
from .entity_resolver import EntityContext, resolve_text
from .read_pipeline import QueryVector, Ranked, Speakers, hybrid_search, query_vector, to_search_filters, vector_of
from .schemas import ContextifyResponse, ContextLine, Decision, Filters, SignalScore
from .session_memory import recent_items
from .session_tracking import load, observe_turn, pronoun_entities
from .store import context_repo, identity_repo, memory_repo, search_repo
from .store.search_repo import SearchFilters

PROCESS_PATH_K = 3
PROCESS_SCAN_LIMIT = 500  # up to this many process memories are scored directly
PROFILE_PATH_K = 3
PROCESS_MIN_SIMILARITY = 0.35
CONVERSATION_MIN_SCORE = 0.5  # active entities at least this salient feed the conversation path


async def contextify(res: Resources, principal: Principal, owner_id: UUID, query: str, session_id: str | None,
                     budget: int, filters: Filters) -> ContextifyResponse:
    start = time.perf_counter()
    gate = memory_need(query)
    if not gate.needed:
        return ContextifyResponse(context="", lines=[], decisions=[], tokens_used=0, token_budget=budget,
                                  gated=True, took_ms=round((time.perf_counter() - start) * 1000, 2))
    stages = timing.start()
    qvec, speakers = await query_vector(res, principal.tenant_id, owner_id, query)
    async with res.db.as_caller(principal) as conn:
        # What needs no query vector is read while the query is being embedded: the read check's
        # policy and audience, the session's recent turns, the safety rules.
        audience = await read_gate.read_audience(res, principal, owner_id, conn)
        question = disclosure_log.check_question(res, principal, audience.policy, query)  # kept redacted
        with timing.stage("recent"):
            hot = await _readable_hot(conn, await recent_items(res, principal.tenant_id, owner_id, session_id)) \
                if session_id else []
        with timing.stage("safety_rules"):
            safety = await _safety_rules(conn, owner_id)
        ranked, ectx = await _paths(res, conn, principal, owner_id, query, qvec, speakers, session_id,
                                    to_search_filters(filters), safety)
        with timing.stage("policy_read"):  # the read gate's policy check, as retrieve's
            verdict = await read_gate.check(res, principal, owner_id, [r.row for r in ranked], conn, audience)
        visible, degraded = verdict.visible, verdict.degraded
        if degraded:
            hot = []
        with timing.stage("pack"):
            truncate, excerpt = _shorteners(res.embedder, query)
            cands = _candidates(ranked, visible, hot, query)
            asked = _asked_names(ectx.clarification)
            if asked:  # asking "which Peter?" while answering the rest of the request (issue 37)
                cands = [dataclasses.replace(c, category=asking_category(c.category, c.text, asked)) for c in cands]
            if asked:
                packed = pack(cands, budget, res.embedder.count_tokens, truncate, excerpt=excerpt,
                              shares=ASKING_SHARES, capped=ASKING_CAPPED, order=ASKING_ORDER)
            else:
                packed = pack(cands, budget, res.embedder.count_tokens, truncate, excerpt=excerpt)
            included, suppressed, used = packed
        decisions = [Decision(memory_id=_uuid(p.candidate.key), action="included", path=p.candidate.path,
                              reason=f"{p.candidate.category}, score {p.candidate.score:.4f}") for p in included]
        decisions += [Decision(memory_id=_uuid(s.candidate.key), action="suppressed", path=s.candidate.path,
                               reason=s.reason) for s in suppressed]
        decisions += [Decision(memory_id=r.row["id"], action="suppressed", path="hybrid", reason="hidden by policy")
                      for r in ranked if r.row["id"] not in visible]
        decision_id = uuid.uuid4()
        with timing.stage("decision_log"):  # in the same transaction as the reads
            await disclosure_log.store(conn, decision_id, owner_id, session_id, principal,
                                       {"budget": budget, "used": used, "degraded": degraded}, decisions,
                                       [(_uuid(p.candidate.key), p.line) for p in included], question)
    return ContextifyResponse(
        context=render(included),
        lines=[ContextLine(memory_id=_uuid(p.candidate.key), category=p.candidate.category, path=p.candidate.path,
                           line=p.line, tokens=p.tokens) for p in included],
        decisions=decisions, tokens_used=used, token_budget=budget, gated=False, degraded=degraded,
        decision_id=decision_id, clarification=ectx.clarification,
        took_ms=round((time.perf_counter() - start) * 1000, 2), timings_ms=stages,
    )


async def _paths(res: Resources, conn: asyncpg.Connection, principal: Principal, owner_id: UUID, query: str,
                 qvec: QueryVector, speakers: Speakers | None, session_id: str | None, sf: SearchFilters,
                 safety: list[asyncpg.Record]) -> tuple[list[Ranked], EntityContext]:
    """Every retrieval path's memories, merged: hybrid (lexical + semantic, entity, relation and
    conversation paths), then the process path, the profile path and the safety rules (`safety`)."""
    # Which entities the request names (disambiguated by context) and, with a session, which
    # ones the conversation is about (pronouns, the current topic).
    with timing.stage("entities"):
        ectx, active = await _entities_of_turn(res, conn, principal, owner_id, query, session_id)
    with timing.stage("hybrid"):
        ranked = await hybrid_search(res, conn, principal, owner_id, query, qvec, sf, 30,
                                     ectx=ectx, active=active, speakers=speakers)
    vector = await vector_of(qvec)  # the full pipeline always embeds the request
    # The process path: procedures matching the request's intent, whatever else ranks high.
    with timing.stage("process_path"):
        processes = await process_path(res, conn, owner_id, query, vector, sf)
    # The profile path: the owner's strongest preferences, nearest to the request first.
    with timing.stage("profile"):
        profile = await _profile(conn, owner_id, vector)
    with timing.stage("identity"):
        ranked = await _with_identity_lines(conn, owner_id, ranked, ectx.clarification, sf)
    seen = {r.row["id"] for r in ranked}
    ranked += [p for p in processes if p.row["id"] not in seen and _process_matches(p)]
    seen = {r.row["id"] for r in ranked}
    ranked += [Ranked({k: v for k, v in dict(r).items() if k != "embedding"}, 0.0,
                      {"profile": SignalScore(rank=i + 1, score=0.0)})
               for i, r in enumerate(profile) if r["id"] not in seen]
    seen = {r.row["id"] for r in ranked}
    ranked += [Ranked(dict(r), 1.0, {}) for r in safety if r["id"] not in seen]
    return ranked, ectx


def _asked_names(clarification: dict[str, Any] | None) -> list[str]:
    """The names a clarification asks about ("Peter"), with each candidate's own name ("Peter Alvarez")."""
    if not clarification:
        return []
    items = clarification.get("ambiguous") or [clarification]
    return list(dict.fromkeys([i["name"] for i in items] + [c["name"] for i in items for c in i["candidates"]]))


async def _with_identity_lines(conn: asyncpg.Connection, owner_id: UUID, ranked: list[Ranked],
                               clarification: dict[str, Any] | None,
                               sf: SearchFilters) -> list[Ranked]:
    """While asking which person a name means, the one memory that says who each candidate is
    joins the ranked memories (marked with an `identity` signal), so the question comes with them."""
    if not clarification:
        return ranked
    items = clarification.get("ambiguous") or [clarification]
    ids = list(dict.fromkeys(UUID(c["entity_id"]) for i in items for c in i["candidates"]))
    where, params = search_repo.filter_sql(sf, first_param=3)
    lines = await identity_repo.identity_lines(conn, owner_id, ids, where, params)
    order = {mid: ids.index(eid) for eid, mid in lines.items()}
    have = {r.row["id"]: r for r in ranked}
    rows = await memory_repo.get_many(conn, [m for m in order if m not in have])
    out = list(ranked)
    for mid, rank in order.items():
        signal = SignalScore(rank=rank + 1, score=1.0 - rank * 0.01)
        if mid in have:
            have[mid].signals["identity"] = signal
        elif mid in rows:
            out.append(Ranked(dict(rows[mid]), 1.0 - rank * 0.01, {"identity": signal}))
    return out


def _candidates(ranked: list[Ranked], texts: dict[UUID, str], hot: list[dict[str, Any]], query: str = "") -> list[ContextCandidate]:
    """What packing chooses from: every ranked memory with a visible text, by category, then the
    session's recent turns."""
    cands: list[ContextCandidate] = []
    for r in ranked:
        mid = r.row["id"]
        if mid not in texts:
            continue
        path = _path_of(r)
        if path in ("safety", "process", "identity"):
            cat = path
        elif r.row.get("layer") == "record":
            # A turn as said supports the facts learned from it, after them (issue 35); a question
            # teaches nothing and comes last (the one being asked now, just ingested, not at all).
            if r.row["text"].strip() == query.strip():
                continue
            if r.row["text"].rstrip().endswith("?"):
                cat = "recent"
            else:  # a turn about whom or what the conversation is on (issue 37) comes before facts that
                # only share a word with the question ("Is it on track?" after the Anderson order)
                cat = "entity" if path == "conversation" else "relevant"
        elif path in ("entity", "conversation") and r.row["type"] in FOUNDATIONAL_TYPES:
            cat = "entity"
        elif r.row["type"] in FOUNDATIONAL_TYPES or r.row["salience"] >= 0.7 or r.row["pinned"]:
            cat = "high_salience"
        else:
            cat = "relevant"
        score = r.signals["identity"].score if cat == "identity" else r.score  # candidates in the question's order
        cands.append(ContextCandidate(str(mid), texts[mid], cat, path, r.row["observed_at"], score))
    keys = {c.key for c in cands}
    for i, h in enumerate(hot):
        if h["id"] not in keys:
            cands.append(ContextCandidate(h["id"], h["text"], "recent", "session", h.get("at"), 1.0 - i * 0.01))
    return cands


def _shorteners(embedder: Embedder, query: str) -> tuple[Shorten | None, Shorten | None]:
    """How a line over its limit is shortened: its sentences that answer the query (else its start)."""
    truncate = getattr(embedder, "truncate_to_tokens", None)
    if truncate is None:
        return None, None
    return truncate, functools.partial(best_excerpt, question=query, count_tokens=embedder.count_tokens,
                                       truncate=truncate)


async def _readable_hot(conn: asyncpg.Connection, hot: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The session's cached recent turns that the reader may still see, with their current text:
    Redis is only a cache, the read gate (row-level security) decides, and an edit or a delete
    since the turn was cached wins."""
    ids = [UUID(h["id"]) for h in hot if h.get("id")]
    if not ids:
        return []
    current = await context_repo.current_texts(conn, ids)
    return [{**h, "text": current[UUID(h["id"])]} for h in hot if h.get("id") and UUID(h["id"]) in current]


async def _profile(conn: asyncpg.Connection, owner_id: UUID, qvec: np.ndarray) -> list[asyncpg.Record]:
    """The owner's strongest preferences, nearest to the request first."""
    return await context_repo.strongest_preferences(conn, owner_id, qvec, PROFILE_PATH_K)


async def _safety_rules(conn: asyncpg.Connection, owner_id: UUID) -> list[asyncpg.Record]:
    """The owner's safety rules, every one of them a candidate whatever the request."""
    return await context_repo.safety_rules(conn, owner_id)


async def _entities_of_turn(res: Resources, conn: asyncpg.Connection, principal: Principal, owner_id: UUID, query: str,
                            session_id: str | None) -> tuple[EntityContext, list[UUID]]:
    if not session_id:
        return await resolve_text(res, conn, owner_id, query), []
    before = await load(res, principal.tenant_id, owner_id, session_id)
    ectx = await resolve_text(res, conn, owner_id, query, session=before.activation(), conversation=before)
    state, _ = await observe_turn(res, conn, principal.tenant_id, owner_id, session_id, query, ectx, before)
    active = [UUID(k) for k in pronoun_entities(state)]
    active += [UUID(a.key) for a in state.ranked() if a.layer == "topic" and a.score >= CONVERSATION_MIN_SCORE
               and not a.key.startswith("name:") and UUID(a.key) not in active]
    return ectx, active


async def process_path(res: Resources, conn: asyncpg.Connection, owner_id: UUID, query: str, qvec: np.ndarray,
                       sf: SearchFilters) -> list[Ranked]:
    """Procedures matching the request. An owner has few process memories: each is scored
    directly on BM25 and cosine (an index read by type), rather than searched for among all the
    owner's memories; an owner with very many falls back to filtered search."""
    pf = dataclasses.replace(sf, types=["process"])
    where, params = search_repo.filter_sql(pf, first_param=2)
    ids = await context_repo.matching_ids(conn, owner_id, where, params, PROCESS_SCAN_LIMIT + 1)
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
    if "identity" in r.signals:
        return "identity"
    if "entity" in r.signals or "relation" in r.signals or "list" in r.signals:
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
