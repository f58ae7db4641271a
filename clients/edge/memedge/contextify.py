"""Contextify on the device: offline over the local cache (FTS5 BM25 + MiniLM cosine, fused by RRF;
safety rules always first), and online with a deadline (the cloud's block when it answers in time, the
local cache filling the gaps; when it is late, the local block). Every line says where it came from."""
from __future__ import annotations

import time
from concurrent.futures import Executor, TimeoutError as FutureTimeout

import httpx
import numpy as np

from .fusion import Candidate, ContextResult, Line, assemble, render, rrf
from .store import LOCAL_NOTE, LocalStore

SEARCH_K = 50   # candidates from each of BM25 and the vectors
FUSED_K = 12    # fused memories considered after safety rules and pinned items


def approx_tokens(text: str) -> int:
    return max(1, round(len(text.split()) * 1.3))


class Contextifier:
    def __init__(self, store: LocalStore, embedder=None):
        self.store = store
        self.embedder = embedder
        self.count_tokens = getattr(embedder, "count_tokens", None) or approx_tokens

    def _vector_ranking(self, query: str) -> list[int]:
        matrix, rowids = self.store.vectors()
        if self.embedder is None or not len(rowids):
            return []
        q = np.asarray(self.embedder.embed_one(query), dtype=np.float32)
        sims = matrix @ (q / max(float(np.linalg.norm(q)), 1e-12))
        k = min(SEARCH_K, len(rowids))
        top = np.argpartition(-sims, k - 1)[:k]
        return [rowids[i] for i in top[np.argsort(-sims[top])]]

    def offline(self, query: str, token_budget: int = 300) -> ContextResult:
        started = time.perf_counter()
        safety = self.store.memories("type = 'safety'")
        pinned = self.store.memories("pinned = 1 AND type <> 'safety'", order="observed_at DESC")
        fused = rrf(self.store.bm25(query, SEARCH_K), self._vector_ranking(query))[:FUSED_K]
        found = self.store.by_rowids(fused)
        ranked = [found[r] for r in fused if r in found and found[r].type != "safety"]
        as_candidates = lambda ms: [Candidate(m.memory_id, m.type, m.text, m.pinned) for m in ms]  # noqa: E731
        lines = assemble(as_candidates(safety), as_candidates(pinned), as_candidates(ranked), token_budget,
                         self.count_tokens)
        return _result(lines, "offline", token_budget, started)

    def online(self, http: httpx.Client, pool: Executor, query: str, token_budget: int, deadline_ms: float,
               session_id: str | None = None) -> ContextResult:
        """The cloud's contextify, given until `deadline_ms` after the call; the local block meanwhile."""
        started = time.perf_counter()
        body = {"query": query, "token_budget": token_budget, **({"session_id": session_id} if session_id else {})}
        future = pool.submit(http.post, "/v1/memory/contextify", json=body, timeout=deadline_ms / 1000)
        local = self.offline(query, token_budget)
        left = deadline_ms / 1000 - (time.perf_counter() - started)
        try:
            r = future.result(timeout=max(left, 0.0))
        except FutureTimeout:
            return _fallback(local, "timeout", started)
        except httpx.TimeoutException:
            return _fallback(local, "timeout", started)
        except httpx.TransportError:
            return _fallback(local, "unreachable", started)
        if r.status_code != 200:
            return _fallback(local, f"error {r.status_code}", started)
        return _merge(r.json(), local, token_budget, started, self.count_tokens)


def _result(lines: list[Line], mode, budget: int, started: float, cloud: str = "not asked") -> ContextResult:
    parts: dict[str, int] = {}
    for line in lines:
        parts[line.source] = parts.get(line.source, 0) + 1
    return ContextResult(context=render(lines), lines=lines, mode=mode, tokens_used=sum(x.tokens for x in lines),
                         token_budget=budget, took_ms=round((time.perf_counter() - started) * 1000, 2),
                         cloud=cloud, parts=parts)


def _fallback(local: ContextResult, why: str, started: float) -> ContextResult:
    return _result(local.lines, "offline", local.token_budget, started, cloud=why)


def _merge(cloud: dict, local: ContextResult, budget: int, started: float, count) -> ContextResult:
    """The cloud's lines, plus what only the device has: a safety rule the cloud's block lacks (first),
    and recent notes of turns still in the queue that the local search found (while they fit)."""
    lines = [Line(str(x["memory_id"]) if x.get("memory_id") else None, x["category"], x["path"], x["line"],
                  x["tokens"], "cloud") for x in cloud.get("lines", [])]
    have = {x.memory_id for x in lines}
    missing_rules = [x for x in local.lines if x.path == "safety" and x.memory_id not in have]
    used = sum(x.tokens for x in lines) + sum(x.tokens for x in missing_rules)
    notes = []
    for x in local.lines:
        if x.memory_id and x.memory_id.startswith(LOCAL_NOTE) and used + x.tokens <= budget:
            notes.append(x)
            used += x.tokens
    merged = missing_rules + lines + notes
    return _result(merged, "online+device" if missing_rules or notes else "online", budget, started, cloud="ok")
