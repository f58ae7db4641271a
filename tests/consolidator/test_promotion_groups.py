"""promotion_groups: the grouping is a function of the candidates, not of the order they came in."""
from __future__ import annotations

import numpy as np

from consolidator.promotion_groups import connected, seed_clusters
from consolidator.promotion_rules import core_of, core_of_gram


def test_groups_that_share_a_member_or_a_key_are_one():
    assert connected([(0, 1), (2, 3), (1, 4), (5,)]) == [(0, 1, 4), (2, 3), (5,)]
    assert connected([(0, 1), (2, 3), (5,)], [("likes", "pizza"), None, ("likes", "pizza")]) == [(0, 1, 5), (2, 3)]
    assert connected([(3, 4), (0, 1)]) == [(0, 1), (3, 4)]  # in the order of their first member


def test_the_core_from_dot_products_is_the_core_from_vectors():
    rng = np.random.default_rng(7)
    for _ in range(50):
        v = rng.normal(size=16) + rng.normal(scale=1.5, size=(int(rng.integers(3, 30)), 16))
        v /= np.linalg.norm(v, axis=1, keepdims=True)
        assert core_of(v, 0.47) == core_of_gram(v @ v.T, 0.47)


def test_a_cache_across_calls_changes_no_cluster():
    rng = np.random.default_rng(3)
    centres = rng.normal(size=(4, 32))
    v = np.concatenate([c + rng.normal(scale=0.6, size=(12, 32)) for c in centres])
    kinds = [i % 3 == 0 for i in range(len(v))]
    cache: dict = {}
    ids = [f"m{i}" for i in range(len(v))]
    seed_clusters(v[:-5], kinds[:-5], 0.47, keys=ids[:-5], cache=cache)
    warm = seed_clusters(v, kinds, 0.47, keys=ids, cache=cache)
    assert warm == seed_clusters(v, kinds, 0.47)
    assert any(len(c) > 1 for c in warm.values())
