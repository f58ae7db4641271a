"""A dislike said with "does not" in full ("my grandad does not like porridge"), read as a dislike like "doesn't
like" (issue 35): others_rules.about_others leaves it to the readers of likings instead of keeping "does: not
like porridge" as a deed. Sentences written for these tests, not taken from any labelled set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Wiremu"):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=[], account_org=None)


@pytest.mark.parametrize("text, who, what", [
    ("My sister Anahera does not like spiders", "Anahera", "spiders"),
    ("my grandad Tomas is 81. He does not like rice porridge.", "Tomas", "rice porridge"),
    ("Our neighbour Yusuf does not really like dogs", "Yusuf", "dogs"),
    ("My aunt Ilse did not enjoy the cruise", "Ilse", "cruise"),
])
def test_a_dislike_said_with_does_not_is_a_dislike(text, who, what):
    got = cards(text)
    assert any(f.type == "preference" and f.subject == who and f.predicate == "dislikes" and what in f.value for f in got), got
    assert not any(f.predicate == "does" and f.value.startswith("not ") for f in got)


@pytest.mark.parametrize("text, who", [
    ("My son Ilias does not eat fish", "Ilias"),  # what one does not eat: still said of him
    ("My sister Anahera likes spiders", "Anahera"),  # no negation: a liking
])
def test_other_sentences_keep_their_cards(text, who):
    assert any(f.subject == who and f.type == "preference" for f in cards(text))
