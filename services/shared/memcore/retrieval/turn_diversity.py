"""One slot per turn said (issue 35): a turn's record and the facts drawn from it say the same
thing, so a ranked list keeps the best of them in place and moves the others behind every other
turn's best. Without it a turn with three facts could fill four of ten slots (LoCoMo R@10 fell
from 0.820 to 0.813 when the facts were added; see docs/knowledge.md)."""
from __future__ import annotations

from typing import Hashable, Iterable, Mapping, TypeVar

T = TypeVar("T", bound=Hashable)


def one_per_turn(ranked: Iterable[T], turn_of: Mapping[T, Hashable | None],
                 records: frozenset | set = frozenset()) -> list[T]:
    """`ranked` reordered: a turn's record and the facts drawn from it do not both keep a place: the
    later of them moves behind every other first (in rank order). Two facts of one turn are two
    facts and both stay. `turn_of`: the turn an item stands for (a record: itself; a fact: its
    first source turn; None: an item of no turn); `records`: which items are records."""
    firsts: list[T] = []
    repeats: list[T] = []
    record_shown: set = set()
    fact_shown: set = set()
    for item in ranked:
        turn = turn_of.get(item)
        if turn is None:
            firsts.append(item)
            continue
        is_record = item in records
        if (is_record and turn in fact_shown) or (not is_record and turn in record_shown):
            repeats.append(item)
            continue
        (record_shown if is_record else fact_shown).add(turn)
        firsts.append(item)
    return firsts + repeats
