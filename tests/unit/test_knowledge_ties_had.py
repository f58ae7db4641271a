"""A tie someone else has, said with "a" and no name (issue 35, ties._tie_had): "Tom has a girlfriend" is Tom's
tie, its person unnamed. Sentences written for these tests in three voices, not taken from any labelled set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

pytestmark = pytest.mark.usefixtures("parser_installed")
AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _facts(text: str, owner: str = "Losa") -> set[tuple[str, str, str, str]]:
    return {(f.type, f.subject, f.predicate, f.value) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)}


@pytest.mark.parametrize("text, fact", [
    ("Tavita apparently has a new girlfriend.", ("relationship", "Tavita", "girlfriend", "girlfriend")),  # adult, hearsay
    ("i think aunty Malia has a boyfriend", ("relationship", "Malia", "boyfriend", "boyfriend")),  # child
    ("Vasile apparently has a girlfriend, Ana saw them at the mall.", ("relationship", "Vasile", "girlfriend", "girlfriend")),  # a name tagged NOUN
])
def test_a_tie_had_with_no_name(text, fact):
    assert fact in _facts(text)


@pytest.mark.parametrize("text", ["Tavita doesn't have a girlfriend.", "Tavita has a brother in Apia."])
def test_no_tie_denied_or_said_with_more(text):
    assert not any(f[0] == "relationship" and f[2] in ("girlfriend", "brother") for f in _facts(text))
