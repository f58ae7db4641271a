"""Relevance of the full read pipeline, before the final rerank (pure).

The chosen no-LLM pipeline (docs/retrieval-research.md, LoCoMo dev R@10 0.818 offline):
1. every candidate is scored on both signals (BM25 and cosine), min-max normalised, and fused
   0.4 / 0.6 (score fusion beat RRF on 4 of 5 conversations; 0.4 / 0.6 and 0.5 / 0.5 are level on
   LoCoMo, and 0.4 / 0.6 is better on first-person assistant chats, where questions paraphrase);
2. when the question names exactly one known speaker, that speaker's turns are doubled (the
   name itself was removed from the query text before searching);
3. neighbour smoothing: + 0.3 x the best score of an adjacent turn of the same session, when the
   two turns are alike enough to be one exchange (NEIGHBOUR_LINK);
4. entity paths (the memories that define a named entity, related entities, the conversation's
   active entities) add a bonus that falls with their rank, so "who Peter is" enters the ranking
   even when it shares no word with the request.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TypeVar

from .neighbours import Position, smooth_with_neighbours
from .query_terms import speaker_boost
from .score_fusion import convex_fusion

SIGNAL_WEIGHTS = {"bm25": 0.4, "vector": 0.6}
NEIGHBOUR_WEIGHT = 0.3
# Adjacent turns lend each other score only when their vectors are at least this alike (one
# exchange): an assistant's "That sounds lovely!" after a fact, or the next, unrelated request, is
# not raised by the fact. On LoCoMo nearly every adjacent pair is linked.
NEIGHBOUR_LINK = 0.2
SPEAKER_BOOST = 1.0  # multiplier 1 + boost
PATH_BONUS = {"entity": 0.5, "relation": 0.3, "conversation": 0.2, "list": 0.1}
Id = TypeVar("Id", bound=Hashable)


def _linked(links: Mapping[tuple[Id, Id], float] | None) -> Callable[[Id, Id], bool] | None:
    """Adjacent turns of one exchange: at least NEIGHBOUR_LINK alike (a pair not measured: linked)."""
    if links is None:
        return None

    def linked(a: Id, b: Id) -> bool:
        sim = links.get((a, b), links.get((b, a)))
        return sim is None or sim >= NEIGHBOUR_LINK
    return linked


def path_bonus(lists: Mapping[str, Sequence[Id]]) -> dict[Id, float]:
    """Bonus from the entity paths: weight x (1 - (rank - 1) / n), the best path counts."""
    bonus: dict[Id, float] = {}
    for path, ids in lists.items():
        weight = PATH_BONUS.get(path, 0.0)
        n = len(ids)
        for rank, item in enumerate(ids):
            bonus[item] = max(bonus.get(item, 0.0), weight * (1 - rank / max(n, 1)))
    return bonus


def relevance(
    bm25: Mapping[Id, float],
    cosine: Mapping[Id, float],
    speakers: Mapping[Id, str | None],
    named_speakers: Sequence[str],
    positions: Mapping[Id, Position],
    paths: Mapping[str, Sequence[Id]] | None = None,
    links: Mapping[tuple[Id, Id], float] | None = None,
) -> dict[Id, float]:
    """`links`: the cosine similarity of adjacent candidates, (earlier, later) -> similarity; without
    it every adjacent pair lends score."""
    fused = convex_fusion({"bm25": bm25, "vector": cosine}, SIGNAL_WEIGHTS)
    for item in list(fused):
        fused[item] *= speaker_boost(speakers.get(item), named_speakers, SPEAKER_BOOST)
    fused = smooth_with_neighbours(fused, positions, NEIGHBOUR_WEIGHT, linked=_linked(links))
    for item, extra in path_bonus(paths or {}).items():
        fused[item] = fused.get(item, 0.0) + extra
    return fused
