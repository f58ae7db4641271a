"""What an exact repeat of a fact does does not depend on the supersession consumer's lag
(memcore.knowledge.repeats, issue 34): decided over the stored statements of its slot."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from memcore.knowledge.conflict_rules import Fact
from memcore.knowledge.repeats import Statement, repeat_target
from memcore.textnorm import text_hash

T0 = datetime(2026, 12, 1, 10, tzinfo=timezone.utc)


def said(n: int, value: str, hour: int, *, is_open: bool = True, predicate: str = "lives_in", source: str = "user",
         confidence: float = 0.8) -> Statement:
    """The n-th row committed: "Dana <predicate> <value>", said at `hour`."""
    fact = Fact(memory_id=f"m{n}", subject="Dana", predicate=predicate, value=value, source=source,
                confidence=confidence, valid_from=T0 + timedelta(hours=hour - 10), type="identity")
    return Statement(fact=fact, text_hash=text_hash(f"Dana {predicate} {value}"), is_open=is_open,
                     committed_at=T0 + timedelta(minutes=n))


def repeat(value: str, rows: list[Statement], found: str = "m1", predicate: str = "lives_in") -> str | None:
    return repeat_target(found, text_hash(f"Dana {predicate} {value}"), "identity", rows)


def test_a_repeat_with_no_later_value_reinforces_its_row():
    assert repeat("Porto", [said(1, "Porto", 10)]) == "m1"


def test_a_later_value_makes_the_repeat_a_row_of_its_own_whether_the_consumer_closed_the_row_or_not():
    assert repeat("Porto", [said(1, "Porto", 10), said(2, "Leeds", 11)]) is None  # the consumer lags
    # the consumer kept up: the row is closed, the lookup finds no open row (nothing to decide)
    assert repeat("Porto", [said(1, "Porto", 10, is_open=False), said(2, "Leeds", 11)], found="m9") == "m9"


def test_the_newest_open_row_of_the_text_is_the_one_reinforced():
    rows = [said(1, "Porto", 10), said(2, "Leeds", 11), said(3, "Porto", 12)]  # the lookup found the first
    assert repeat("Porto", rows) == "m3"


def test_a_later_statement_that_would_not_close_the_row_leaves_the_repeat_reinforcing_it():
    older_said_late = said(2, "Leeds", 9)  # committed after, said before: history, not a replacement
    assert repeat("Porto", [said(1, "Porto", 10), older_said_late]) == "m1"
    childs_word = said(2, "Leeds", 11)  # a user's value does not replace a parent's
    assert repeat("Porto", [said(1, "Porto", 10, source="parent"), childs_word]) == "m1"
    much_less_sure = said(2, "Leeds", 11, confidence=0.5)  # kept as a hypothesis beside the row
    assert repeat("Porto", [said(1, "Porto", 10), much_less_sure]) == "m1"


def test_multi_valued_predicates_keep_the_row_found():
    rows = [said(1, "pizza", 10, predicate="likes"), said(2, "pasta", 11, predicate="likes")]
    assert repeat("pizza", rows, predicate="likes") == "m1"
