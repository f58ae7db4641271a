"""A denied item after a list ("guitar and drums but not piano") belongs to no item of the list (issue 35,
not_atomic; tree.denied_conjuncts, likes.per_item). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, owner="Kenji"):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)


@pytest.mark.parametrize("text,items,denied", [
    ("I play guitar and drums but not piano.", ("guitar", "drums"), "piano"),
    ("Ayesha plays cello and flute but not violin.", ("cello", "flute"), "violin"),
])
def test_no_item_of_a_list_holds_the_denied_one(text, items, denied):
    got = facts(text)
    for item in items:
        cards = [f for f in got if item in f.value]
        assert cards and not any(denied in f.value or denied in f.text for f in cards)


def test_a_list_without_a_denied_item_is_read_as_before():
    values = {f.value for f in facts("I play guitar and drums.")}
    assert {"guitar", "drums"} <= values
