"""People said as a group and what they like (issue 35): "The kids love the trampoline" is the group's
liking, as said; "Dara's kids love the climbing wall" and "my sister's boys are mad about football" are the
likings of someone's children, not an attribute "kids" of Dara. Sentences written for these tests in three
voices (a child, an adult, a team), not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Tova", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.type, f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, who, pred, what", [
    ("The kids love the trampoline.", "the kids", "likes", "trampoline"),  # adult
    ("The twins adore the beach hut.", "the twins", "likes", "beach hut"),  # adult
    ("The grandkids hate sprouts.", "the grandkids", "dislikes", "sprouts"),  # older
    ("Dara's kids love the climbing wall.", "Dara's kids", "likes", "climbing wall"),  # child
    ("My sister's boys are mad about football.", "Tova's sister's boys", "likes", "football"),  # adult
])
def test_a_groups_liking_is_the_groups(text, who, pred, what):
    assert cards(text) == {("preference", who, pred, what)}


@pytest.mark.parametrize("text", ["The kids are at school.", "The kids went to bed late."])
def test_the_group_is_read_as_said_only_with_a_liking(text):
    assert not {c for c in cards(text) if c[0] == "preference" or c[1] == "the kids"}
