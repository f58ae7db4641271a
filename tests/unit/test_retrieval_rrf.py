import pytest

from memcore.retrieval.rrf import fused_ranking, weighted_rrf
from memcore.retrieval.score_fusion import convex_fusion, min_max_normalise


def test_rrf_sums_reciprocal_ranks_and_keeps_per_signal_ranks():
    fused = weighted_rrf({"bm25": ["a", "b", "c"], "dense": ["b", "d"]}, k=60)
    assert fused["b"].score == pytest.approx(1 / 62 + 1 / 61)
    assert fused["a"].score == pytest.approx(1 / 61)
    assert fused["d"].ranks == {"dense": 2}
    assert fused["b"].ranks == {"bm25": 2, "dense": 1}
    assert [c.id for c in fused_ranking(fused)][:2] == ["b", "a"]


def test_rrf_weights_scale_a_signal_and_zero_weight_only_explains():
    fused = weighted_rrf({"bm25": ["a"], "dense": ["b"]}, {"bm25": 1.0, "dense": 0.0}, k=10)
    assert fused["a"].score == pytest.approx(1 / 11)
    assert fused["b"].score == 0.0 and fused["b"].ranks == {"dense": 1}


def test_rrf_ignores_duplicate_ids_within_a_list():
    fused = weighted_rrf({"bm25": ["a", "a", "b"]}, k=1)
    assert fused["a"].score == pytest.approx(1 / 2)
    assert fused["b"].ranks == {"bm25": 3}


def test_rrf_ties_break_on_best_single_rank():
    fused = weighted_rrf({"x": ["a", "b"], "y": ["b", "a"]}, k=60)
    assert fused["a"].score == pytest.approx(fused["b"].score)
    assert [c.id for c in fused_ranking(fused)] == ["a", "b"]


@pytest.mark.parametrize("bad", [{"k": 0}, {"weights": {"bm25": -1.0}}])
def test_rrf_rejects_invalid_parameters(bad):
    with pytest.raises(ValueError):
        weighted_rrf({"bm25": ["a"]}, **bad)


def test_min_max_normalise_maps_best_to_one_and_worst_to_zero():
    assert min_max_normalise({"a": 3.0, "b": 1.0, "c": 2.0}) == {"a": 1.0, "b": 0.0, "c": 0.5}
    assert min_max_normalise({"a": 2.0, "b": 2.0}) == {"a": 1.0, "b": 1.0}
    assert min_max_normalise({}) == {}


def test_convex_fusion_weights_normalised_scores_and_missing_counts_zero():
    fused = convex_fusion(
        {"bm25": {"a": 10.0, "b": 0.0}, "dense": {"b": 0.9, "c": 0.1}},
        {"bm25": 0.5, "dense": 0.5},
    )
    assert fused == pytest.approx({"a": 0.5, "b": 0.5, "c": 0.0})


def test_convex_fusion_keeps_the_margin_that_rrf_discards():
    lexical = {"a": 10.0, "b": 1.0, "c": 0.9}
    dense = {"b": 0.60, "a": 0.59, "c": 0.10}
    fused = convex_fusion({"bm25": lexical, "dense": dense})
    assert max(fused, key=fused.get) == "a"  # a far ahead lexically, nearly tied on cosine
    rrf = weighted_rrf({"bm25": sorted(lexical, key=lexical.get, reverse=True),
                        "dense": sorted(dense, key=dense.get, reverse=True)})
    assert rrf["a"].score == pytest.approx(rrf["b"].score)  # RRF sees only ranks


def test_convex_fusion_rejects_zero_total_weight():
    with pytest.raises(ValueError):
        convex_fusion({"bm25": {"a": 1.0}}, {"bm25": 0.0})
