"""The part of a workplace one works in, set after it with a comma and "in" (issue 35): "my brother works
at the Royal Infirmary, in cardiology" gives the workplace and the department, each a card. Sentences
written for these tests in three voices (a child, an adult, a team), not taken from any labelled set of
the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Nia", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.type, f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, who, workplace, part", [
    ("Dad works at Tesco, in the warehouse", "Dad", "Tesco", "warehouse"),  # child
    ("my brother works at the Royal Infirmary, in cardiology", "Nia's brother", "Royal Infirmary", "cardiology"),  # adult
    ("I work at Barclays, in the fraud team", "Nia", "Barclays", "fraud team"),  # adult, of oneself
])
def test_a_department_after_the_workplace_is_a_card_of_its_own(text, who, workplace, part):
    got = cards(text)
    assert ("identity", who, "works_for", workplace) in got
    assert ("identity", who, "department", part) in got


@pytest.mark.parametrize("text", ["I work at the library, in the mornings", "I work at a school in the city centre",
                                  "I work at the hospital, in Leeds"])
def test_a_time_a_town_or_a_place_said_without_a_comma_is_no_department(text):
    assert not {c for c in cards(text) if c[2] == "department"}
