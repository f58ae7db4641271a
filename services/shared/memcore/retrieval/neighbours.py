"""Neighbour smoothing: a candidate's score is raised by its adjacent turns' scores.

In conversation memory an answer often sits next to the turn that matches the query best
(the question is asked in one turn, answered in the next).  Among the retrieved candidates,
each one gains ``weight`` times the best score of its adjacent candidates (same session,
turn index within ``window``).  Only candidates are used: a neighbour that was not retrieved
contributes nothing, so this is a pure re-scoring of the candidate set.

Adjacency comes either from explicit ``(session, turn)`` positions or, when memories carry
only timestamps, from ``positions_from_timestamps`` (ordering within an owner, a gap larger
than ``session_gap`` starting a new session).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import TypeVar

Id = TypeVar("Id", bound=Hashable)

#: A memory's place in its conversation: (session key, turn index within the session).
Position = tuple[Hashable, int]


def smooth_with_neighbours(
    scores: Mapping[Id, float],
    positions: Mapping[Id, Position],
    weight: float,
    window: int = 1,
    linked: Callable[[Id, Id], bool] | None = None,
) -> dict[Id, float]:
    """Return ``score + weight * max(score of adjacent candidates)`` for every candidate.

    ``scores``: fused relevance of each candidate (non-negative).  ``positions``: the candidate's
    (session, turn); a candidate without a position is left unchanged.  Neighbours are the
    candidates in the same session whose turn index differs by 1..``window``.  Smoothing uses
    the original scores (one pass, order independent). ``linked(a, b)``, when given, says whether
    two adjacent candidates belong to the same exchange; only those lend each other score.
    """
    if weight < 0:
        raise ValueError("weight must be >= 0")
    if window < 1:
        raise ValueError("window must be >= 1")
    by_position: dict[Position, Id] = {}
    for item, pos in positions.items():
        if item in scores:
            by_position[pos] = item
    smoothed: dict[Id, float] = {}
    for item, score in scores.items():
        pos = positions.get(item)
        best = 0.0
        if pos is not None and weight:
            session, turn = pos
            for offset in range(1, window + 1):
                for neighbour_pos in ((session, turn - offset), (session, turn + offset)):
                    neighbour = by_position.get(neighbour_pos)
                    if neighbour is not None and (linked is None or linked(item, neighbour)):
                        best = max(best, scores[neighbour])
        smoothed[item] = score + weight * best
    return smoothed


def positions_from_timestamps(
    timestamps: Mapping[Id, datetime],
    session_gap: timedelta = timedelta(minutes=30),
) -> dict[Id, Position]:
    """Derive (session, turn) positions from write times of one owner's memories.

    Memories are ordered by timestamp (ties by id text); a gap larger than ``session_gap``
    between consecutive memories starts a new session.  Sessions are numbered from 0.
    """
    ordered: Sequence[tuple[datetime, Id]] = sorted(
        ((ts, item) for item, ts in timestamps.items()), key=lambda p: (p[0], str(p[1]))
    )
    positions: dict[Id, Position] = {}
    session, turn = 0, 0
    previous: datetime | None = None
    for ts, item in ordered:
        if previous is not None:
            if ts - previous > session_gap:
                session, turn = session + 1, 0
            else:
                turn += 1
        positions[item] = (session, turn)
        previous = ts
    return positions
