"""One slot per turn said (issue 35): a turn's record and the facts drawn from it say the same
thing, so a ranked list keeps the best of them in place and moves the others behind every other
turn's best. Without it a turn with three facts could fill four of ten slots (LoCoMo R@10 fell
from 0.820 to 0.813 when the facts were added; see docs/knowledge.md)."""
from __future__ import annotations

from typing import Hashable, Iterable, Mapping, TypeVar

T = TypeVar("T", bound=Hashable)


def one_per_turn(ranked: Iterable[T], turn_of: Mapping[T, Hashable | None]) -> list[T]:
    """`ranked` reordered: one place per turn said. A turn's record and every fact drawn from it keep
    the best-ranked of them in place; the others move behind every other turn's best (in rank
    order). Two facts of one turn used to keep two places: with the parse path a turn gives more
    facts, and a talkative turn crowded others out of the top ten (LoCoMo R@10 0.818 -> 0.811).
    A question that needs several facts of one person gathers them on the list path
    (list_questions.py), not here. `turn_of`: the turn an item stands for (a record: itself; a fact:
    its first source turn; None: an item of no turn)."""
    firsts: list[T] = []
    repeats: list[T] = []
    shown: set = set()
    for item in ranked:
        turn = turn_of.get(item)
        if turn is None:
            firsts.append(item)
            continue
        if turn in shown:
            repeats.append(item)
            continue
        shown.add(turn)
        firsts.append(item)
    return firsts + repeats
