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
from .phrasing import CATEGORY_NOUNS, named_category, word_promoted
from .promotion_rules import (Episode, best_category, category_members, coherent_core, content_text, eligible,
                              mentions, promoted_confidence, sessions, should_promote, states_preference)

ELIGIBLE = ("episodic", "preference", "semantic")  # semantic: a preference stated as a fact (promotion_rules.eligible)
PROMOTED_TAG = "promoted"
DEMOTED_TAG = "demoted"
CONTESTED_TAG = "contested_by_parent"

# Promotion counts each mention once: turn records and memories written directly, not again the
# facts drawn from those turns (migration 0023, source_turns).
# Candidates compare by content_embedding (the text without the speaker, migration 0019) when the
# consolidator has filled it, else by the stored embedding.
NEIGHBOURS_SQL = """
    WITH c AS MATERIALIZED (
        SELECT memory_id, text, session_id, said_in, mention_count, confidence, observed_at, predicate, subject, tier,
               tags, source, type, embedding, content_embedding, coalesce(content_embedding, embedding) AS vec,
               embedding_model, pii_types, valid_to
        FROM memory_items
        WHERE owner_id = $1 AND type = ANY($5::text[]) AND valid_to IS NULL AND embedding IS NOT NULL
          AND source_turns = '{}' AND tier <> 'disputed' AND (type <> 'semantic' OR (source <> 'system' AND NOT ('promoted' = ANY(tags))))
        ORDER BY observed_at DESC LIMIT $4
    ), hop1 AS (
        SELECT memory_id, vec FROM c WHERE 1 - (vec <=> $2) >= $3
        ORDER BY vec <=> $2, memory_id LIMIT 50
    ), hop2 AS (
        SELECT DISTINCT c.memory_id FROM c JOIN hop1 h ON 1 - (c.vec <=> h.vec) >= $3
    )
    SELECT c.* FROM c JOIN hop2 USING (memory_id) ORDER BY c.observed_at, c.memory_id
"""

# The owner's recent candidates (for joining through a named category)
CANDIDATES_SQL = """
    SELECT memory_id, text, session_id, said_in, mention_count, confidence, observed_at, predicate, subject, tier,
           tags, source, type, embedding, content_embedding, embedding_model, pii_types, valid_to
    FROM memory_items
    WHERE owner_id = $1 AND type = ANY($3::text[]) AND valid_to IS NULL AND embedding IS NOT NULL
      AND source_turns = '{}' AND tier <> 'disputed' AND (type <> 'semantic' OR (source <> 'system' AND NOT ('promoted' = ANY(tags))))
    ORDER BY observed_at DESC LIMIT $2
"""

# Promoted facts the new cluster merges with: those standing on any of its episodes, and those
# saying the same thing (same predicate and head: no "likes dinosaurs" twice).
EXISTING_SQL = """
    SELECT memory_id, text, links, version, created_at FROM memory_items
    WHERE owner_id = $1 AND type = 'semantic' AND valid_to IS NULL AND $3 = ANY(tags)
      AND (links && $2::uuid[] OR (predicate = $4 AND lower(value) = lower($5)))
    ORDER BY created_at, memory_id
"""

MISSING_CONTENT_SQL = """
    SELECT memory_id, text FROM memory_items
    WHERE owner_id = $1 AND type = ANY($2::text[]) AND valid_to IS NULL AND embedding IS NOT NULL
      AND content_embedding IS NULL AND source_turns = '{}' AND (type <> 'semantic' OR source <> 'system')
    ORDER BY (memory_id = $3) DESC, observed_at DESC LIMIT $4
"""


def content_vector(r):
    v = r["content_embedding"]
    return store.as_array(v if v is not None else r["embedding"])


def to_episode(r) -> Episode:
    return Episode(memory_id=str(r["memory_id"]), text=r["text"], session_id=r["session_id"],
                   mention_count=r["mention_count"], confidence=float(r["confidence"]), observed_at=r["observed_at"],
                   predicate=r["predicate"], tier=r["tier"], tags=tuple(r["tags"] or ()),
                   said_in=tuple(r["said_in"] or ()))


def _eligible(r) -> bool:
    return eligible(r["type"], r["source"], r["tags"] or (), r["text"])


class PromotionHandler:
    name = "promotion"

    def __init__(self, similarity: float = 0.47, min_mentions: int = 3, min_sessions: int = 2,
                 embedder=None, candidate_window: int = 2000, backfill: int = 64):
        self.similarity = similarity
        self.min_mentions = min_mentions
        self.min_sessions = min_sessions
        self.embedder = embedder
        self.candidate_window = candidate_window
        self.backfill = backfill
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

    async def fill_content_embeddings(self, conn: asyncpg.Connection, owner, seed_id) -> int:
        """Embeds the content (promotion_rules.content_text: no speaker prefix, no frame of liking) of
        the seed and of up to `backfill` of the owner's other candidates that lack it; 0 without an
        embedder (the stored embeddings are compared then)."""
        if self.embedder is None:
            return 0
        rows = await conn.fetch(MISSING_CONTENT_SQL, owner, list(ELIGIBLE), seed_id, self.backfill)
        if not rows:
            return 0
        vectors = await self._embed([content_text(r["text"]) for r in rows])
        await conn.executemany("UPDATE memory_items SET content_embedding = $2 WHERE memory_id = $1",
                               [(r["memory_id"], np.asarray(v, dtype=np.float32)) for r, v in zip(rows, vectors)])
        return len(rows)

    async def handle(self, conn: asyncpg.Connection, event: BusEvent) -> None:
        seed = await store.get_row(conn, event.payload["memory_id"])
        if (seed is None or seed["valid_to"] is not None or seed["embedding"] is None or seed["type"] not in ELIGIBLE
                or not _eligible(seed) or seed["tier"] == "disputed"):
            return
        owner = seed["owner_id"]
        await store.advisory_lock(conn, "promote", str(owner))
        await self.fill_content_embeddings(conn, owner, seed["memory_id"])
        seed_vec = await conn.fetchval("SELECT coalesce(content_embedding, embedding) FROM memory_items "
                                       "WHERE memory_id = $1", seed["memory_id"])
        # a preference rests on statements of preference (small talk about planting seeds does not
        # make a one-session "I love gardening" a second session); other episodes on other episodes
        kind = states_preference(seed["type"], seed["text"])
        rows = [r for r in await conn.fetch(NEIGHBOURS_SQL, owner, seed_vec, self.similarity,
                                            self.candidate_window, list(ELIGIBLE))
                if _eligible(r) and states_preference(r["type"], r["text"]) == kind]
        seed_at = next((i for i, r in enumerate(rows) if r["memory_id"] == seed["memory_id"]), None)
        if seed_at is None:
            return
        core = coherent_core([content_vector(r) for r in rows], self.similarity, seed_at)
        rows = [rows[i] for i in core]
        if kind:
            rows = await self._with_category(conn, owner, seed, rows)
        if not rows:
            return
        episodes = [to_episode(r) for r in rows]
        if not should_promote(episodes, self.min_mentions, self.min_sessions):
            return
        wording = word_promoted([e.text for e in episodes], [e.predicate for e in episodes],
                                await self._category_hint([content_vector(r) for r in rows]))
        ids = [r["memory_id"] for r in rows]
        existing = await conn.fetch(EXISTING_SQL, owner, ids, PROMOTED_TAG, wording.predicate, wording.head)
        keep = existing[0] if existing else None
        if keep is not None:
            all_ids = list(dict.fromkeys([i for e in existing for i in e["links"]] + ids))
            rows = [r for r in await store.get_rows(conn, all_ids) if r["valid_to"] is None and r["tier"] != "disputed"]
            episodes = [to_episode(r) for r in rows]
            for dup in existing[1:]:  # one fact per preference: the others fold into the oldest
                await conn.execute("DELETE FROM memory_items WHERE memory_id = $1", dup["memory_id"])
                await store.audit(conn, "memory.promotion_merged", dup["memory_id"], "same preference as another",
                                  details={"into": str(keep["memory_id"])})
                await store.outbox(conn, owner, "memory.deleted", dup["memory_id"],
                                   {"type": "semantic", "origin": "promotion", "reason": "merged"})
        await self.write(conn, owner, rows, episodes, keep, seed["embedding_model"])
        await conn.execute(
            """UPDATE memory_items SET tier = 'solid', updated_at = now()
               WHERE memory_id = ANY($1::uuid[]) AND tier = 'hypothesis' AND NOT ($2 = ANY(tags))""",
            [r["memory_id"] for r in rows], CONTESTED_TAG)

    async def _with_category(self, conn, owner, seed, rows: list) -> list:
        """Adds the statements joined to the seed through a category someone named
        (promotion_rules.category_members); needs the embedder's category labels."""
        if self.embedder is None:
            return rows
        if self._labels is None:
            self._labels = await self._embed(list(CATEGORY_NOUNS))
        cands = [r for r in await conn.fetch(CANDIDATES_SQL, owner, self.candidate_window, list(ELIGIBLE))
                 if _eligible(r) and states_preference(r["type"], r["text"])]
        named = [named_category(r["text"]) for r in cands]
        if not any(named):
            return rows
        nearest = [best_category(content_vector(r), CATEGORY_NOUNS, self._labels, min_score=0.3, min_margin=0.03)
                   for r in cands]
        at = next((i for i, r in enumerate(cands) if r["memory_id"] == seed["memory_id"]), None)
        if at is None:
            return rows
        extra = [cands[i] for i in category_members(at, named, nearest)]
        have = {r["memory_id"] for r in rows}
        merged = rows + [r for r in extra if r["memory_id"] not in have]
        return sorted(merged, key=lambda r: (r["observed_at"], r["memory_id"]))

    async def write(self, conn, owner, rows, episodes: list[Episode], existing, model: str | None,
                    reason: str = "promotion grew", origin: str = "promotion", demote: bool = False) -> bool:
        """Writes the promoted fact of `rows` (new, or a new version of `existing`); with `demote`,
        the new version is also closed (valid_to, tag demoted). False when nothing changed."""
        texts = [e.text for e in episodes]
        vectors = [content_vector(r) for r in rows]
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
            value_json={"rule": "promotion/v2", "episode_ids": [str(i) for i in links], "head": wording.head,
                        "objects": list(wording.objects), "predicate": wording.predicate,
                        "mentions": mentions(episodes), "sessions": len(sessions(episodes))},
            **store.inherited(rows),
        )
        if existing is None:
            mid = await store.insert_derived(conn, derived)
            await store.audit(conn, "memory.promoted", mid, "repeated across sessions", new_version=1,
                              details={"episodes": [str(i) for i in links]})
            await store.outbox(conn, owner, "memory.created", mid, {"type": "semantic", "origin": origin})
            return True
        if not demote and existing["text"] == wording.text and set(existing["links"]) == set(links):
            return False
        await store.rewrite_derived(conn, existing["memory_id"], derived, reason)
        action = "memory.demoted" if demote else "memory.promotion_updated"
        if demote:
            await conn.execute(
                """UPDATE memory_items SET valid_to = now(), tags = array_append(array_remove(tags, $2), $2)
                   WHERE memory_id = $1""", existing["memory_id"], DEMOTED_TAG)
        await store.audit(conn, action, existing["memory_id"], reason,
                          old_version=existing["version"], new_version=existing["version"] + 1,
                          details={"episodes": [str(i) for i in links]})
        await store.outbox(conn, owner, "memory.updated", existing["memory_id"],
                           {"type": "semantic", "origin": origin})
        return True
