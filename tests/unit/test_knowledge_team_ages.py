"""A count of a team's people with the range of their ages after it (issue 35, a team's figures):
"about 30 kids, 5 to 11" is how many (a card) and how old they are (a card of its own, no word of the
count's), never a clock time or a routine. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn
from memcore.knowledge.team_counts import counts_aged

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Riverside Judo Club"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


@pytest.mark.parametrize(("text", "got"), [
    ("about 30 kids, 5 to 11", ("about 30 kids", "5 to 11")),
    ("45 residents aged 64-99", ("45 residents", "64 to 99")),
    ("12 players, 14 to 16 years old", ("12 players", "14 to 16")),
    ("20 minutes, 8 to 9", None),          # a while
    ("30 kids, 9 to 5", None),             # no range of ages
    ("30 kids, 5 to 11 on Saturdays", None),  # more said than the ages
])
def test_a_count_and_an_age_range(text, got):
    assert counts_aged(text) == got


def test_the_count_and_the_ages_are_two_cards_of_the_team_and_no_routine():
    got = learn("around 50 kids, 6 to 15. training is Monday and Wednesday 17:00-19:00", None, at=AT, owner="Bea",
                role="owner", speaker="Bea", speaker_org=ORG, account_org=ORG)
    mine = [f for f in got if f.subject == ORG and ("50" in f.value or "15" in f.value)]
    assert sorted((f.predicate, f.value, f.type) for f in mine) == [("ages", "6 to 15", "semantic"), ("has", "around 50 kids", "semantic")]
    assert not any("kids" in f.text for f in mine if f.predicate == "ages")
