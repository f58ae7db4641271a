"""Where one fact ends and the next begins in chat (issue 35, not_atomic): "tho" is "though", a
clause of its own after it (spelling.py). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.spelling import respelt

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, owner="Wren"):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)


@pytest.mark.parametrize("typed, read", [("i like it tho", "i like it though"), ("altho its late", "although its late")])
def test_tho_is_though(typed, read):
    assert respelt(typed) == read


@pytest.mark.parametrize("text,kept,left_out", [
    ("i hate thunder tho i have a torch", "thunder", "torch"),
    ("i love swimming tho my brother hates it", "swimming", "brother"),
    ("I'm scared of wasps tho I like bees", "wasps", "bees"),
])
def test_a_clause_after_tho_is_no_part_of_the_fact_before(text, kept, left_out):
    got = [f for f in facts(text) if kept in f.value]
    assert got and not any(left_out in f.value or left_out in f.text for f in got)
