"""What someone makes, praised as the best, is the owner's liking (issue 35, evaluations.praised_objects):
"my grandad makes the best pancakes" (the owner likes pancakes), "my uncle cooked paella, honestly the best
thing ever"; the owner's own boast, and a verdict on something someone else got, are no liking of the owner.
Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
ME = "Bettina"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def liked(text):
    return [f.value for f in learn(text, None, at=AT, owner=ME, role="owner", speaker=ME)
            if f.type == "preference" and f.subject == ME and f.predicate == "likes"]


@pytest.mark.parametrize(("text", "what"), [
    ("my grandad makes the best pancakes", "pancakes"),
    ("Auntie Rose bakes the best banana bread", "banana bread"),
    ("my uncle cooked paella on Sunday, honestly the best thing ever", "paella"),
])
def test_what_someone_makes_praised_is_the_owners_liking(text, what):
    assert what in liked(text)


@pytest.mark.parametrize("text", ["I make the best pancakes", "my brother got a new scooter, it's amazing"])
def test_a_boast_or_someone_elses_thing_is_no_liking(text):
    assert liked(text) == []
