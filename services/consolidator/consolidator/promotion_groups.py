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

from typing import Callable, Hashable, Sequence

import numpy as np

from .promotion_rules import core_of


def normalised(vectors: Sequence[np.ndarray]) -> np.ndarray:
    m = np.asarray(vectors, dtype=np.float32)
    if m.ndim != 2 or len(m) == 0:
        return m.reshape(len(m), -1)
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return m / np.where(norms > 0, norms, 1.0)


def hop_members(sims: np.ndarray, seed: int, threshold: float, hop1_limit: int = 50) -> list[int]:
    """The candidates within two hops of `seed` (sorted positions): the first hop its `hop1_limit`
    nearest at or above `threshold` (ties by position), the second everything that near any of them."""
    row = sims[seed]
    order = np.argsort(-row, kind="stable")
    hop1 = [int(i) for i in order[:hop1_limit] if row[i] >= threshold]
    if not hop1:
        return []
    reach = (sims[hop1] >= threshold).any(axis=0)
    return [int(i) for i in np.flatnonzero(reach)]


def seed_clusters(vectors: np.ndarray, kinds: Sequence[bool], threshold: float,
                  core: Callable[[tuple[int, ...]], list[int]] | None = None,
                  hop1_limit: int = 50) -> dict[int, tuple[int, ...]]:
    """{seed position: its cluster (sorted positions)} for every seed the coherent core keeps.
    `core` maps a tuple of positions to the positions of its coherent core (a cache may stand in
    front of it; by default `core_of` over these vectors)."""
    m = normalised(vectors)
    if len(m) == 0:
        return {}
    sims = m @ m.T

    def default_core(members: tuple[int, ...]) -> list[int]:
        return [members[i] for i in core_of(m[list(members)], threshold)]

    core = core or default_core
    out: dict[int, tuple[int, ...]] = {}
    for seed in range(len(m)):
        members = tuple(i for i in hop_members(sims, seed, threshold, hop1_limit) if kinds[i] == kinds[seed])
        if seed not in members:
            continue
        kept = core(members)
        if seed in kept:
            out[seed] = tuple(sorted(kept))
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
