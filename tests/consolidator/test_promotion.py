"""Promotion: the same thing said 3+ times across sessions -> one semantic memory linked to all."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from consolidator.phrasing import word_promoted
from consolidator.promotion import PromotionHandler
from consolidator.promotion_rules import choose_threshold, promoted_confidence
from consolidator.settings import ConsolidatorSettings
from consolidator.store import as_array

PAIRS = Path(__file__).resolve().parents[2] / "services/consolidator/consolidator/data/paraphrase_pairs.jsonl"

PROMOTED_SQL = """SELECT memory_id, text, links, value_json, confidence, tier, type, source FROM memory_items
                  WHERE owner_id = $1 AND type = 'semantic' AND 'promoted' = ANY(tags) AND valid_to IS NULL"""


def test_wording_is_deterministic_and_names_the_category():
    texts = ["I love triceratops!", "Stegosaurus is my favourite", "I really love dinosaurs"]
    assert word_promoted(texts).text == "likes dinosaurs (triceratops, stegosaurus)"
    assert word_promoted(["I hate broccoli", "broccoli is yucky"]).text == "dislikes broccoli"


def test_promoted_confidence_is_above_every_episode():
    for confs in ([0.7, 0.7, 0.7], [0.5, 0.9, 0.6], [0.95, 0.95, 0.95]):
        assert promoted_confidence(confs) > max(confs)


def test_default_threshold_is_the_measured_one(embedder):
    pairs = [json.loads(line) for line in PAIRS.read_text().splitlines() if line.strip()]
    a = embedder.embed([p["a"] for p in pairs])
    b = embedder.embed([p["b"] for p in pairs])
    measured = choose_threshold([(float(s), p["same"]) for s, p in zip((a * b).sum(1), pairs)])
    assert measured["threshold"] == pytest.approx(ConsolidatorSettings().promotion_similarity, abs=0.005)
    assert measured["f1"] >= 0.8


async def test_three_paraphrases_across_sessions_promote_one_linked_semantic_memory(kit, at):
    h = await kit.household("parent", "child")
    t, child = h["tenant"], h["child"]
    await kit.consumers(PromotionHandler(similarity=ConsolidatorSettings().promotion_similarity, embedder=kit.embedder))
    ids = [
        await kit.write(t, child, "I love triceratops!", session_id="s1", observed_at=at(2025, 3, 3, 18)),
        await kit.write(t, child, "I love stegosaurus", session_id="s2", observed_at=at(2025, 3, 5, 18)),
    ]
    await kit.write(t, child, "I want pizza for dinner", session_id="s2", observed_at=at(2025, 3, 5, 18, 5))
    await kit.drain()
    assert await kit.fetch(t, PROMOTED_SQL, child) == []  # two mentions are not enough
    ids.append(await kit.write(t, child, "Dinosaurs are the best, I love them", session_id="s3", observed_at=at(2025, 3, 8, 18)))
    await kit.drain()
    promoted = await kit.fetch(t, PROMOTED_SQL, child)
    assert len(promoted) == 1
    p = promoted[0]
    assert p["text"] == "likes dinosaurs (triceratops, stegosaurus)"
    assert set(p["links"]) == set(ids)
    assert set(p["value_json"]["episode_ids"]) == {str(i) for i in ids}
    assert (p["tier"], p["source"]) == ("solid", "system")
    episodes = await kit.fetch(t, "SELECT confidence FROM memory_items WHERE memory_id = ANY($1::uuid[])", ids)
    assert p["confidence"] > max(e["confidence"] for e in episodes)
    events = await kit.fetch(t, "SELECT event_type, payload FROM outbox WHERE aggregate_id = $1", str(p["memory_id"]))
    assert [e["event_type"] for e in events] == ["memory.created"]
    audit = await kit.fetch(t, "SELECT action FROM audit_log WHERE target_id = $1", str(p["memory_id"]))
    assert [a["action"] for a in audit] == ["memory.promoted"]


async def test_a_fourth_mention_grows_the_same_memory(kit, at):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    await kit.consumers(PromotionHandler(similarity=0.47, embedder=kit.embedder))
    for i, text in enumerate(["I love playing soccer", "Football is my favourite sport", "soccer is the best game"]):
        await kit.write(t, child, text, session_id=f"s{i}", observed_at=at(2025, 4, 1 + i))
    await kit.drain()
    first = await kit.fetch(t, PROMOTED_SQL, child)
    assert len(first) == 1 and len(first[0]["links"]) == 3
    fourth = await kit.write(t, child, "I played football with my friends, I love it", session_id="s9",
                             observed_at=at(2025, 4, 9))
    await kit.drain()
    grown = await kit.fetch(t, PROMOTED_SQL, child)
    assert [g["memory_id"] for g in grown] == [first[0]["memory_id"]]
    assert fourth in grown[0]["links"] and len(grown[0]["links"]) == 4
    versions = await kit.fetchval(t, "SELECT count(*) FROM memory_versions WHERE memory_id = $1", first[0]["memory_id"])
    assert versions == 1


async def test_repeats_within_one_session_or_unrelated_items_do_not_promote(kit, at):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    await kit.consumers(PromotionHandler(similarity=0.47, embedder=kit.embedder))
    for text in ["I love cats", "kittens are the cutest", "my cat is fluffy"]:
        await kit.write(t, child, text, session_id="only-one")
    for i, text in enumerate(["I like trains", "I love singing", "Peter is one of our writers"]):
        await kit.write(t, child, text, session_id=f"x{i}")
    await kit.drain()
    assert await kit.fetch(t, PROMOTED_SQL, child) == []


async def test_repetition_makes_a_hypothesis_solid(kit, at):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    await kit.consumers(PromotionHandler(similarity=0.47, embedder=kit.embedder))
    hyp = await kit.write(t, child, "I like horses", tier="hypothesis", session_id="a")
    await kit.write(t, child, "ponies are my favourite animal", session_id="b")
    await kit.write(t, child, "I love riding horses", session_id="c")
    await kit.drain()
    assert await kit.fetchval(t, "SELECT tier FROM memory_items WHERE memory_id = $1", hyp) == "solid"


async def test_promotion_without_an_embedder_uses_the_centroid(kit, at):
    h = await kit.household("child")
    t, child = h["tenant"], h["child"]
    await kit.consumers(PromotionHandler(similarity=0.47, embedder=None))
    ids = [await kit.write(t, child, text, session_id=f"s{i}")
           for i, text in enumerate(["I love pizza", "pizza is my favourite food", "can we have pizza, I love it"])]
    await kit.drain()
    [p] = await kit.fetch(t, PROMOTED_SQL + " AND embedding IS NOT NULL", child)
    assert p["text"].startswith("likes pizza")
    vecs = await kit.fetch(t, "SELECT embedding FROM memory_items WHERE memory_id = ANY($1::uuid[])", ids)
    emb = await kit.fetchval(t, "SELECT embedding FROM memory_items WHERE memory_id = $1", p["memory_id"])
    c = np.mean([as_array(v["embedding"]) for v in vecs], axis=0)
    assert float(np.dot(c / np.linalg.norm(c), as_array(emb))) == pytest.approx(1.0, abs=1e-4)
