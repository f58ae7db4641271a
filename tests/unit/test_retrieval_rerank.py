from datetime import timedelta

import pytest

from memcore.retrieval.rerank import (
    FOUNDATIONAL_TYPES,
    RerankCandidate,
    RerankWeights,
    final_score,
    freshness,
    is_eligible,
    rerank,
)

W = RerankWeights(recency_half_life=timedelta(days=10))


def test_recency_boosts_recent_episodic_memories():
    old = RerankCandidate("old", 0.8, age=timedelta(days=400))
    new = RerankCandidate("new", 0.8, age=timedelta(hours=1))
    assert [r.id for r in rerank([old, new], W)] == ["new", "old"]
    assert final_score(old, W).factors["recency"] >= 1.0  # a boost, never a penalty


@pytest.mark.parametrize("memory_type", sorted(FOUNDATIONAL_TYPES))
def test_foundational_types_never_decay(memory_type):
    ancient = RerankCandidate("fact", 0.8, memory_type=memory_type, age=timedelta(days=3 * 365))
    fresh_chat = RerankCandidate("chat", 0.8, memory_type="episodic", age=timedelta(0))
    assert freshness(memory_type, timedelta(days=3 * 365), W.recency_half_life) == 1.0
    assert rerank([fresh_chat, ancient], W)[0].id == "fact"


def test_recent_but_irrelevant_memory_gains_nothing():
    ranked = rerank([RerankCandidate("noise", 0.0, age=timedelta(0)),
                     RerankCandidate("hit", 0.1, age=timedelta(days=999))], W)
    assert [r.id for r in ranked] == ["hit", "noise"]
    assert ranked[1].score == 0.0


def test_salience_and_confidence_reduce_by_at_most_their_weight():
    weights = RerankWeights(salience=0.2, confidence=0.2, recency=0.0)
    weak = final_score(RerankCandidate("m", 1.0, salience=0.0, confidence=0.0), weights)
    strong = final_score(RerankCandidate("m", 1.0, salience=1.0, confidence=1.0), weights)
    assert strong.score == pytest.approx(1.0)
    assert weak.score == pytest.approx(0.8 * 0.8)


def test_similarity_floors_are_per_type_and_waived_by_a_lexical_match():
    weights = RerankWeights(similarity_floors={"episodic": 0.3, "safety": -1.0})
    assert not is_eligible(RerankCandidate("e", 0.5, similarity=0.2), weights)
    assert is_eligible(RerankCandidate("e", 0.5, similarity=0.2, lexical_match=True), weights)
    assert is_eligible(RerankCandidate("s", 0.5, memory_type="safety", similarity=-0.5), weights)
    assert is_eligible(RerankCandidate("u", 0.5, similarity=None), weights)
    assert rerank([RerankCandidate("e", 0.5, similarity=0.2)], weights) == []


def test_type_weights_and_limit():
    ranked = rerank([RerankCandidate("ep", 0.5), RerankCandidate("safe", 0.5, memory_type="safety")],
                    RerankWeights(recency=0.0), limit=1)
    assert [r.id for r in ranked] == ["safe"]


@pytest.mark.parametrize("candidate", [RerankCandidate("x", -0.1), RerankCandidate("x", 0.5, salience=1.5)])
def test_invalid_inputs_are_rejected(candidate):
    with pytest.raises(ValueError):
        final_score(candidate)
