"""What an exact repeat of a stored fact does, the same whatever the supersession consumer's lag (pure).

The write path finds a repeat by its text among the open rows (memory_api.store.duplicate_lookup_repo.
find_exact_many) and reinforces that row. For a single-valued slot (lives_in, job ...) whether the
row is still open depends on the consumer: "Porto", "Leeds", "Porto" again leaves the first Porto
row closed by Leeds when the consumer kept up (the repeat is then a row of its own), but still open
when it lags (the repeat reinforced it, and it then spanned the Leeds period). So a repeat decides
by the statements of its slot instead: it reinforces the newest open row with its text unless a
statement of the slot committed after that row would close it (conflict_rules.resolve: another
value, said later, not outweighed by confidence or a parent's word), whether the consumer has
closed it yet or not; otherwise it is a statement of its own, which the consumer orders as it would
have without lag. Facts of no slot (multi-valued predicates, records) keep the first open row.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Sequence

from .conflict_rules import HYSTERESIS, Fact, Outcome, resolve, slot


@dataclass(frozen=True)
class Statement:
    """A stored row of a slot as the write path reads it: the fact, its text and when it was committed."""

    fact: Fact
    text_hash: str
    is_open: bool  # valid_to IS NULL
    committed_at: datetime  # created_at: the order in which the consumer would have seen them


def repeat_target(found: str, text_hash: str, type_: str, statements: Sequence[Statement],
                  hysteresis: float = HYSTERESIS) -> str | None:
    """The memory id an exact repeat reinforces, or None when it is to be a new row.

    `found`: the open row with the repeat's text the dedupe lookup found; `statements`: the stored
    rows (open or closed) with the subject and predicate of that row."""
    same = [s for s in statements if s.is_open and s.text_hash == text_hash and s.fact.type == type_]
    if found not in {s.fact.memory_id for s in same}:
        return found  # not a statement of this slot: as found
    newest = max(same, key=lambda s: s.committed_at)
    if slot(newest.fact) is None:
        return found  # multi-valued: several values stand side by side, nothing closes it
    for later in statements:
        if later.committed_at > newest.committed_at \
                and resolve(newest.fact, later.fact, hysteresis) is Outcome.SUPERSEDE_OLD:
            return None
    return newest.fact.memory_id
