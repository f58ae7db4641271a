"""Promotion consumer: repeated episodic/preference items -> one semantic memory linked to them.

On memory.created / memory.reinforced of an episodic or preference item, the cluster is the
owner's recent active items of those types within two hops of it at the cosine threshold (single
linkage: "triceratops" - "stegosaurus" - "dinosaurs" join even when the two ends are further
apart), minus members unlike the rest (`coherent_core`: leave-one-out centroid similarity below
the threshold); `promotion_rules.should_promote` decides. A cluster that overlaps an existing promoted memory
grows it (new version); otherwise a new semantic memory (tier solid, source system, tag
`promoted`) is written, with `links` and `value_json.episode_ids` listing the episodes, and a
confidence above theirs. Hypothesis-tier episodes in the cluster become solid (repetition
promotes), unless a parent's fact contested them.
"""
from __future__ import annotations

import asyncio
from collections import Counter

import asyncpg
import numpy as np

from memcore.adapters.bus import BusEvent

from . import store
from .phrasing import CATEGORY_NOUNS, word_promoted
from .promotion_rules import Episode, best_category, coherent_core, mentions, promoted_confidence, session_key, should_promote

ELIGIBLE = ("episodic", "preference")
PROMOTED_TAG = "promoted"
CONTESTED_TAG = "contested_by_parent"

NEIGHBOURS_SQL = """
    WITH c AS MATERIALIZED (
        SELECT memory_id, text, session_id, mention_count, confidence, observed_at, predicate, subject, tier, tags,
               embedding, embedding_model, pii_types
        FROM memory_items
        WHERE owner_id = $1 AND type = ANY($5::text[]) AND valid_to IS NULL AND embedding IS NOT NULL
          AND tier <> 'disputed'
        ORDER BY observed_at DESC LIMIT $4
    ), hop1 AS (
        SELECT memory_id, embedding FROM c WHERE 1 - (embedding <=> $2) >= $3
        ORDER BY embedding <=> $2 LIMIT 50
    ), hop2 AS (
        SELECT DISTINCT c.memory_id FROM c JOIN hop1 h ON 1 - (c.embedding <=> h.embedding) >= $3
    )
    SELECT c.* FROM c JOIN hop2 USING (memory_id) ORDER BY c.observed_at
"""

EXISTING_SQL = """
    SELECT memory_id, text, links, version FROM memory_items
    WHERE owner_id = $1 AND type = 'semantic' AND valid_to IS NULL AND $3 = ANY(tags) AND links && $2::uuid[]
    ORDER BY cardinality(ARRAY(SELECT unnest(links) INTERSECT SELECT unnest($2::uuid[]))) DESC, created_at
    LIMIT 1
"""


def to_episode(r) -> Episode:
    return Episode(memory_id=str(r["memory_id"]), text=r["text"], session_id=r["session_id"],
                   mention_count=r["mention_count"], confidence=float(r["confidence"]), observed_at=r["observed_at"],
                   predicate=r["predicate"], tier=r["tier"], tags=tuple(r["tags"] or ()))


class PromotionHandler:
    name = "promotion"

    def __init__(self, similarity: float = 0.47, min_mentions: int = 3, min_sessions: int = 2,
                 embedder=None, candidate_window: int = 2000):
        self.similarity = similarity
        self.min_mentions = min_mentions
        self.min_sessions = min_sessions
        self.embedder = embedder
        self.candidate_window = candidate_window
        self._labels: np.ndarray | None = None

    def wants(self, event: BusEvent) -> bool:
        return event.type in ("memory.created", "memory.reinforced") and event.payload.get("type") in ELIGIBLE

    async def _embed(self, texts: list[str]) -> np.ndarray:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self.embedder.embed, texts)

    async def _category_hint(self, vectors) -> str | None:
        if self.embedder is None:
            return None
        if self._labels is None:
            self._labels = await self._embed(list(CATEGORY_NOUNS))
        return best_category(store.centroid(vectors), CATEGORY_NOUNS, self._labels)

    async def handle(self, conn: asyncpg.Connection, event: BusEvent) -> None:
        seed = await store.get_row(conn, event.payload["memory_id"])
        if seed is None or seed["valid_to"] is not None or seed["embedding"] is None or seed["type"] not in ELIGIBLE:
            return
        owner = seed["owner_id"]
        await store.advisory_lock(conn, "promote", str(owner))
        rows = await conn.fetch(NEIGHBOURS_SQL, owner, seed["embedding"], self.similarity, self.candidate_window,
                                list(ELIGIBLE))
        seed_at = next((i for i, r in enumerate(rows) if r["memory_id"] == seed["memory_id"]), None)
        if seed_at is None:
            return
        core = coherent_core([store.as_array(r["embedding"]) for r in rows], self.similarity, seed_at)
        rows = [rows[i] for i in core]
        episodes = [to_episode(r) for r in rows]
        if not should_promote(episodes, self.min_mentions, self.min_sessions):
            return
        ids = [r["memory_id"] for r in rows]
        existing = await conn.fetchrow(EXISTING_SQL, owner, ids, PROMOTED_TAG)
        if existing is not None:
            all_ids = list(dict.fromkeys([*existing["links"], *ids]))
            rows = [r for r in await store.get_rows(conn, all_ids) if r["valid_to"] is None]
            episodes = [to_episode(r) for r in rows]
        await self._write(conn, owner, rows, episodes, existing, seed["embedding_model"])
        await conn.execute(
            """UPDATE memory_items SET tier = 'solid', updated_at = now()
               WHERE memory_id = ANY($1::uuid[]) AND tier = 'hypothesis' AND NOT ($2 = ANY(tags))""",
            [r["memory_id"] for r in rows], CONTESTED_TAG)

    async def _write(self, conn, owner, rows, episodes: list[Episode], existing, model: str | None) -> None:
        texts = [e.text for e in episodes]
        vectors = [r["embedding"] for r in rows]
        wording = word_promoted(texts, [e.predicate for e in episodes], await self._category_hint(vectors))
        links = [r["memory_id"] for r in rows]
        if self.embedder is not None:
            embedding, model = (await self._embed([wording.text]))[0], self.embedder.model_name
        else:
            embedding = store.centroid(vectors)
        subjects = Counter(r["subject"] for r in rows if r["subject"])
        derived = store.DerivedMemory(
            owner_id=owner, type="semantic", text=wording.text, embedding=embedding, embedding_model=model,
            links=links, confidence=promoted_confidence([e.confidence for e in episodes]),
            salience=0.7, tier="solid", subject=subjects.most_common(1)[0][0] if subjects else None,
            predicate=wording.predicate, value=wording.head, tags=[PROMOTED_TAG],
            observed_at=max(e.observed_at for e in episodes),
            value_json={"rule": "promotion/v1", "episode_ids": [str(i) for i in links], "head": wording.head,
                        "objects": list(wording.objects), "predicate": wording.predicate,
                        "mentions": mentions(episodes), "sessions": len({session_key(e) for e in episodes})},
            **store.inherited(rows),
        )
        if existing is None:
            mid = await store.insert_derived(conn, derived)
            await store.audit(conn, "memory.promoted", mid, "repeated across sessions", new_version=1,
                              details={"episodes": [str(i) for i in links]})
            await store.outbox(conn, owner, "memory.created", mid, {"type": "semantic", "origin": "promotion"})
            return
        if existing["text"] == wording.text and set(existing["links"]) == set(links):
            return
        await store.rewrite_derived(conn, existing["memory_id"], derived, "promotion grew")
        await store.audit(conn, "memory.promotion_updated", existing["memory_id"], "more repetitions",
                          old_version=existing["version"], new_version=existing["version"] + 1,
                          details={"episodes": [str(i) for i in links]})
        await store.outbox(conn, owner, "memory.updated", existing["memory_id"],
                           {"type": "semantic", "origin": "promotion"})
