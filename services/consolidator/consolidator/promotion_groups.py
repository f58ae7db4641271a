"""Which of an owner's statements promote, as a function of the statements alone (pure; issue 34).

Promotion used to grow a fact from each event's cluster, so what it promoted depended on what the
backlog held when each event was handled (a consumer behind sees rows committed after the event,
and a fact only ever grew by union). Now every event recomputes the owner's promotion from the
candidates as committed, and the outcome is the same however late or in whatever order the events
come:

1. every candidate is a seed: its cluster is the candidates within two hops of it at the cosine
   threshold (single linkage; the first hop the `hop1_limit` nearest, ties by position), of its
   kind (a statement of preference or not), minus members unlike the rest (`coherent_core`); a
   seed the core drops has no cluster (`seed_clusters`);
2. clusters that pass `should_promote` and share a member are one group (`connected`); groups
   whose wording says the same thing (same predicate and head) are one group too (the caller
   words them and merges again until nothing changes).

Candidates come ordered by (observed_at, memory_id) and every tie is broken by that position, so
nothing depends on the order rows were handled in.
"""
from __future__ import annotations

from typing import Hashable, Sequence

import numpy as np

from .promotion_rules import core_of_gram


CACHE_SIZE = 20_000  # neighbourhood cores remembered across calls (cleared when full)


def normalised(vectors: Sequence[np.ndarray]) -> np.ndarray:
    m = np.asarray(vectors, dtype=np.float32)
    if m.ndim != 2 or len(m) == 0:
        return m.reshape(len(m), -1)
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return m / np.where(norms > 0, norms, 1.0)


def hop_members(sims: np.ndarray, near: np.ndarray, seed: int, hop1_limit: int = 50) -> np.ndarray:
    """The candidates within two hops of `seed` (a boolean mask): the first hop its `hop1_limit`
    nearest among those `near` it (at or above the threshold; ties by position), the second
    everything near any of them."""
    hop1 = np.flatnonzero(near[seed])
    if len(hop1) > hop1_limit:
        hop1 = hop1[np.argsort(-sims[seed, hop1], kind="stable")[:hop1_limit]]
    if len(hop1) == 0:
        return np.zeros(len(sims), dtype=bool)
    return near[hop1].any(axis=0)


def seed_clusters(vectors: np.ndarray, kinds: Sequence[bool], threshold: float, hop1_limit: int = 50,
                  keys: Sequence[Hashable] | None = None,
                  cache: dict | None = None) -> dict[int, tuple[int, ...]]:
    """{seed position: its cluster (sorted positions)} for every seed the coherent core keeps.
    Each distinct neighbourhood's core is computed once (on the submatrix of similarities); with
    `keys` (one per candidate, standing for it and its vector: id and version) and a `cache`, once
    across calls too (a new statement changes only the neighbourhoods it joins)."""
    m = normalised(vectors)
    if len(m) == 0:
        return {}
    sims = (m @ m.T).astype(np.float64)
    near = sims >= threshold
    same_kind = np.asarray(kinds, dtype=bool)
    cores: dict = {} if cache is None else cache
    out: dict[int, tuple[int, ...]] = {}
    for seed in range(len(m)):
        mask = hop_members(sims, near, seed, hop1_limit) & (same_kind == same_kind[seed])
        if not mask[seed]:
            continue
        members = np.flatnonzero(mask)
        key = (threshold, tuple(keys[i] for i in members)) if keys is not None else np.packbits(mask).tobytes()
        kept = cores.get(key)
        if kept is None:
            if len(cores) >= CACHE_SIZE:
                cores.clear()
            kept = cores[key] = core_of_gram(sims[np.ix_(members, members)], threshold)  # member indices
        if any(members[i] == seed for i in kept):
            out[seed] = tuple(int(members[i]) for i in kept)
    return out


def connected(groups: Sequence[Sequence[int]], same: Sequence[Hashable | None] = ()) -> list[tuple[int, ...]]:
    """Groups that share a member, or whose `same` key (when given, and not None) is equal, joined
    (union-find); each result sorted, the results in the order of their first member."""
    parent = list(range(len(groups)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def join(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    owner_of: dict[int, int] = {}
    keyed: dict[Hashable, int] = {}
    for g, members in enumerate(groups):
        for x in members:
            if x in owner_of:
                join(g, owner_of[x])
            else:
                owner_of[x] = g
        key = same[g] if g < len(same) else None
        if key is not None:
            if key in keyed:
                join(g, keyed[key])
            else:
                keyed[key] = g
    merged: dict[int, set[int]] = {}
    for g, members in enumerate(groups):
        merged.setdefault(find(g), set()).update(members)
    return sorted((tuple(sorted(s)) for s in merged.values()), key=lambda t: t[0] if t else -1)
