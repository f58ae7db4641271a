"""Promotion consumer: repeated episodic/preference items -> one semantic memory linked to them.

On memory.created / memory.reinforced of an episodic or preference item, the owner's promotion is
recomputed from their candidates as committed (`recompute`; the grouping is
`promotion_groups`): each candidate's cluster is the recent active items of its kind within two
hops of it at the cosine threshold (single linkage: "triceratops" - "stegosaurus" - "dinosaurs"
join even when the two ends are further apart), minus members unlike the rest (`coherent_core`:
leave-one-out centroid similarity below the threshold); `promotion_rules.should_promote` decides;
promotable clusters that share a member or say the same thing are one group. Each group is one
semantic memory (tier solid, source system, tag `promoted`) with `links` and
`value_json.episode_ids` listing the episodes and a confidence above theirs: the promoted fact that
already stands on it (the oldest; others saying the same fold into it) gets a new version, or a new
one is written. A promoted fact no group claims any more is demoted. Hypothesis-tier episodes of a
group become solid (repetition promotes), unless a parent's fact contested them. Since every
decision is a function of the committed rows, a consumer that lags (an outage's backlog, events
handled in another order) promotes the same facts as one that keeps up (issue 34).
"""
from __future__ import annotations

import asyncio
from collections import Counter

import asyncpg
import numpy as np

from memcore.adapters.bus import BusEvent

from . import store
from .phrasing import CATEGORY_NOUNS, PromotedWording, named_category, word_promoted
from .promotion_groups import connected, normalised, seed_clusters
from .promotion_rules import (Episode, best_category, category_members, content_text, eligible, mentions,
                              promoted_confidence, sessions, should_promote, states_preference)

ELIGIBLE = ("episodic", "preference", "semantic")  # semantic: a preference stated as a fact (promotion_rules.eligible)
PROMOTED_TAG = "promoted"
DEMOTED_TAG = "demoted"
CONTESTED_TAG = "contested_by_parent"

# Promotion counts each mention once: turn records and memories written directly, not again the
# facts drawn from those turns (migration 0023, source_turns).
# Candidates compare by content_embedding (the text without the speaker, migration 0019) when the
# consolidator has filled it, else by the stored embedding.
# The owner's recent candidates
CANDIDATES_FROM = """
    FROM memory_items
    WHERE owner_id = $1 AND type = ANY($3::text[]) AND valid_to IS NULL AND embedding IS NOT NULL
      AND source_turns = '{}' AND tier <> 'disputed' AND (type <> 'semantic' OR (source <> 'system' AND NOT ('promoted' = ANY(tags))))
    ORDER BY observed_at DESC LIMIT $2
"""
CANDIDATES_SQL = """
    SELECT memory_id, version, text, session_id, said_in, mention_count, confidence, observed_at, predicate, subject, tier,
           tags, source, type, embedding, content_embedding, content_embedding IS NULL AS no_content, embedding_model,
           pii_types, valid_to""" + CANDIDATES_FROM
# The same rows without their vectors: what `_fingerprint` and `_eligible` read (most events of a backlog
# find them unchanged, and a recompute then needs nothing else)
CANDIDATE_KEYS_SQL = """
    SELECT memory_id, version, text, said_in, mention_count, observed_at, tier, tags, source, type,
           content_embedding IS NULL AS no_content""" + CANDIDATES_FROM

# The owner's promoted facts (the oldest first: it is the one kept when several say the same)
PROMOTED_SQL = """
    SELECT memory_id, text, links, version, created_at, predicate, value FROM memory_items
    WHERE owner_id = $1 AND type = 'semantic' AND valid_to IS NULL AND $2 = ANY(tags)
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


def is_candidate(r) -> bool:
    """What CANDIDATES_SQL and `_eligible` select, recency aside: a row that stops being one (closed,
    disputed, or citing a turn: a turn said again and taught as knowledge) stops supporting a fact."""
    return (r["valid_to"] is None and r["tier"] != "disputed" and r["embedding"] is not None
            and not r["source_turns"] and r["type"] in ELIGIBLE and _eligible(r))


async def support(conn: asyncpg.Connection, ids) -> list:
    """The rows of `ids` that are still candidates (`is_candidate`), by (observed_at, memory_id).
    Only these may stay linked to a fact beyond the candidate window: a row once linked and no
    longer a candidate is dropped, so the links are the same whether an earlier recompute saw it
    as a candidate or not (a consumer keeping up or handling a backlog; issue 34)."""
    return [r for r in await store.get_rows(conn, ids) if is_candidate(r)]


def _fingerprint(rows, facts) -> int:
    """What a recompute reads, in short: each candidate's id, version, mentions, sessions, tier and
    whether its content is embedded, and each promoted fact's id and version."""
    return hash((tuple((r["memory_id"], r["version"], r["mention_count"], tuple(r["said_in"] or ()), r["tier"],
                        r["no_content"]) for r in rows),
                 tuple((f["memory_id"], f["version"]) for f in facts)))


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
        self._cores: dict = {}  # neighbourhood -> its coherent core (promotion_groups.seed_clusters)
        self._last: dict = {}  # owner -> the state their last recompute left (_fingerprint)

    def wants(self, event: BusEvent) -> bool:
        return event.type in ("memory.created", "memory.reinforced") and event.payload.get("type") in ELIGIBLE

    def rolled_back(self) -> None:
        """A transaction this handler recomputed in did not commit: what `_last` says was left may not
        be in the database (a tier raised, a fact written), so every owner is recomputed again."""
        self._last.clear()

    async def _embed(self, texts: list[str]) -> np.ndarray:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self.embedder.embed, texts)

    async def _category_hint(self, vectors) -> str | None:
        if self.embedder is None:
            return None
        if self._labels is None:
            self._labels = await self._embed(list(CATEGORY_NOUNS))
        return best_category(store.centroid(vectors), CATEGORY_NOUNS, self._labels)

    async def fill_content_embeddings(self, conn: asyncpg.Connection, owner, seed_id, limit: int | None = None) -> int:
        """Embeds the content (promotion_rules.content_text: no speaker prefix, no frame of liking) of
        the seed and of up to `limit` (default `backfill`) of the owner's other candidates that lack
        it; 0 without an embedder (the stored embeddings are compared then)."""
        if self.embedder is None:
            return 0
        rows = await conn.fetch(MISSING_CONTENT_SQL, owner, list(ELIGIBLE), seed_id, limit or self.backfill)
        if not rows:
            return 0
        vectors = await self._embed([content_text(r["text"]) for r in rows])
        await conn.executemany("UPDATE memory_items SET content_embedding = $2 WHERE memory_id = $1",
                               [(r["memory_id"], np.asarray(v, dtype=np.float32)) for r, v in zip(rows, vectors)])
        return len(rows)

    async def handle(self, conn: asyncpg.Connection, event: BusEvent) -> None:
        seed = await store.get_row(conn, event.payload["memory_id"])
        if seed is None:
            return
        owner = seed["owner_id"]
        await store.advisory_lock(conn, "promote", str(owner))
        # every candidate compared in one space: all of the window's content embeddings, not the
        # `backfill` nearest the event (which ones those are would depend on the backlog)
        await self.fill_content_embeddings(conn, owner, seed["memory_id"], self.candidate_window)
        await self.recompute(conn, owner, seed["embedding_model"])

    async def recompute(self, conn: asyncpg.Connection, owner, model: str | None) -> None:
        """The owner's promoted facts from their candidates as committed (module docstring)."""
        keys = await self._candidates(conn, CANDIDATE_KEYS_SQL, owner)
        existing = list(await conn.fetch(PROMOTED_SQL, owner, PROMOTED_TAG))
        if not keys or self._last.get(owner) == _fingerprint(keys, existing):
            return  # no candidates, or nothing changed since this owner's last recompute (events of a backlog)
        rows = await self._candidates(conn, CANDIDATES_SQL, owner)
        if not rows:
            return
        vectors = normalised([content_vector(r) for r in rows])
        kinds = [states_preference(r["type"], r["text"]) for r in rows]
        clusters = seed_clusters(vectors, kinds, self.similarity, keys=[(r["memory_id"], r["version"]) for r in rows],
                                 cache=self._cores)
        clusters = await self._with_categories(rows, vectors, kinds, clusters)
        episodes = [to_episode(r) for r in rows]
        promotable = sorted({c for c in set(clusters.values())
                             if should_promote([episodes[i] for i in c], self.min_mentions, self.min_sessions)})
        groups = connected(promotable)
        while True:  # groups that say the same thing (predicate and head) are one
            wordings = [await self._wording([rows[i] for i in g], vectors[list(g)]) for g in groups]
            merged = connected(groups, [(w.predicate, w.head.lower()) for w in wordings])
            if len(merged) == len(groups):
                break
            groups = merged
        candidate_ids = {r["memory_id"] for r in rows}
        claimed: set = set()
        for group, wording in zip(groups, wordings):
            ids = {rows[i]["memory_id"] for i in group}
            matches = [e for e in existing if e["memory_id"] not in claimed
                       and (ids & set(e["links"]) or (e["predicate"] == wording.predicate
                                                     and (e["value"] or "").lower() == wording.head.lower()))]
            claimed |= {e["memory_id"] for e in matches}
            await self._write_group(conn, owner, [rows[i] for i in group], matches, candidate_ids, model)
        for e in existing:  # a fact no group stands on any more (its episodes regrouped)
            if e["memory_id"] not in claimed and candidate_ids & set(e["links"]):
                standing = await support(conn, e["links"])
                if standing:
                    await self.write(conn, owner, standing, [to_episode(r) for r in standing], e, model,
                                     reason="no longer a repeated cluster", demote=True)
        if len(self._last) >= 10_000:
            self._last.clear()
        # what the next event must find unchanged to skip: the candidates, and the facts as written now
        # (a rolled back transaction leaves other facts, so the next event recomputes)
        self._last[owner] = _fingerprint(rows, await conn.fetch(PROMOTED_SQL, owner, PROMOTED_TAG))

    async def _candidates(self, conn: asyncpg.Connection, sql: str, owner) -> list:
        """The owner's candidates (CANDIDATES_SQL or CANDIDATE_KEYS_SQL), eligible, oldest first."""
        return sorted((r for r in await conn.fetch(sql, owner, self.candidate_window, list(ELIGIBLE)) if _eligible(r)),
                      key=lambda r: (r["observed_at"], r["memory_id"]))

    async def _write_group(self, conn, owner, group: list, matches: list, candidate_ids: set, model) -> None:
        """One group's promoted fact: a new version of the oldest fact standing on it or saying the
        same (the others fold into it), or a new one. Its episodes beyond the candidate window stay
        linked while they are still candidates (`support`)."""
        keep = matches[0] if matches else None
        beyond = [i for i in keep["links"] if i not in candidate_ids] if keep is not None else []
        if beyond:
            group = sorted(group + await support(conn, beyond), key=lambda r: (r["observed_at"], r["memory_id"]))
        for dup in matches[1:]:  # one fact per preference: the others fold into the oldest
            await conn.execute("DELETE FROM memory_items WHERE memory_id = $1", dup["memory_id"])
            await store.audit(conn, "memory.promotion_merged", dup["memory_id"], "same preference as another",
                              details={"into": str(keep["memory_id"])})
            await store.outbox(conn, owner, "memory.deleted", dup["memory_id"],
                               {"type": "semantic", "origin": "promotion", "reason": "merged"})
        await self.write(conn, owner, group, [to_episode(r) for r in group], keep, model)
        await conn.execute(
            """UPDATE memory_items SET tier = 'solid', updated_at = now()
               WHERE memory_id = ANY($1::uuid[]) AND tier = 'hypothesis' AND NOT ($2 = ANY(tags))""",
            [r["memory_id"] for r in group], CONTESTED_TAG)

    async def _wording(self, rows: list, vectors) -> PromotedWording:
        return word_promoted([r["text"] for r in rows], [r["predicate"] for r in rows],
                             await self._category_hint(list(vectors)))

    async def _with_categories(self, rows: list, vectors: np.ndarray, kinds: list[bool],
                               clusters: dict[int, tuple[int, ...]]) -> dict[int, tuple[int, ...]]:
        """Adds to each preference seed's cluster the statements joined to it through a category
        someone named (promotion_rules.category_members); needs the embedder's category labels."""
        if self.embedder is None:
            return clusters
        if self._labels is None:
            self._labels = await self._embed(list(CATEGORY_NOUNS))
        prefs = [i for i, k in enumerate(kinds) if k]
        named = [named_category(rows[i]["text"]) for i in prefs]
        if not any(named):
            return clusters
        nearest = [best_category(vectors[i], CATEGORY_NOUNS, self._labels, min_score=0.3, min_margin=0.03)
                   for i in prefs]
        out = dict(clusters)
        for at, seed in enumerate(prefs):
            if seed in clusters:
                extra = {prefs[j] for j in category_members(at, named, nearest)}
                out[seed] = tuple(sorted(set(clusters[seed]) | extra))
        return out

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
