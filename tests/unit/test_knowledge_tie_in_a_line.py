"""A tie said inside a habit's or an event's line is a card of its own (issue 35): "My son Cai is with me one
week and with his mum Lowri the next" tells that Lowri is Cai's mum, whatever the rota's line holds. Sentences
written for these tests in three voices (a child, an adult, a team), not taken from any labelled set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def ties(text, owner="Tova", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got if f.type == "relationship"}


@pytest.mark.parametrize("text, tie", [
    ("My son Cai is with me one week and with his mum Lowri the next.", ("Cai", "mum", "Lowri")),  # adult
    ("I go swimming every Sunday with my friend Alys.", ("Tova", "friend", "Alys")),  # child
])
def test_a_tie_inside_a_habit_is_its_own_card(text, tie):
    assert tie in ties(text)
