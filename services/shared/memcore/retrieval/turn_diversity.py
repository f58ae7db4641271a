"""One slot per turn said (issue 35): a turn's record and the facts drawn from it say the same
thing, so a ranked list keeps the best of them in place and moves the others behind every other
turn's best. Without it a turn with three facts could fill four of ten slots (LoCoMo R@10 fell
from 0.820 to 0.813 when the facts were added; see docs/knowledge.md)."""
from __future__ import annotations

from typing import Hashable, Iterable, Mapping, TypeVar

T = TypeVar("T", bound=Hashable)


def one_per_turn(ranked: Iterable[T], turn_of: Mapping[T, Hashable | None]) -> list[T]:
    """`ranked` reordered: the first item of each turn in rank order, then the repeats in rank
    order. `turn_of`: the turn an item stands for (a record: itself; a fact: its first source turn;
    None: an item of no turn, never a repeat)."""
    firsts: list[T] = []
    repeats: list[T] = []
    seen: set = set()
    for item in ranked:
        turn = turn_of.get(item)
        if turn is not None and turn in seen:
            repeats.append(item)
            continue
        if turn is not None:
            seen.add(turn)
        firsts.append(item)
    return firsts + repeats
