"""The way a team's thing goes, said with no verb (memcore/knowledge/team_figures.py, `_through`), and counts said
after a colon (team_things.pieces): "bookings through our website or by phone", "we are a co-op: 9 gardeners, ...".
Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Harbour Lane Pottery"
pytestmark = pytest.mark.usefixtures("parser_installed")


def ways(text: str) -> dict[str, str]:
    return {f.value: f.text for f in learn(text, None, at=AT, owner="Bea", role="owner", speaker="Bea", account_org=ORG)
            if f.predicate.endswith("_through") and f.subject == ORG and f.type == "semantic"}


@pytest.mark.parametrize("text, how, said", [
    ("Classes through our website or at the counter, cash or card.", "website or at the counter", "cash or card"),
    ("Expense claims via Pleo, receipts attached.", "Pleo", "expense claims"),
])
def test_a_thing_and_the_way_it_goes_is_a_fact_of_the_team(text, how, said):
    got = ways(text)
    assert any(how in v and said in t for v, t in got.items()), got


@pytest.mark.parametrize("text", ["We cut through the park.", "Halfway through the morning.", "It went through the wash."])
def test_no_way_from_a_going_through(text):
    assert ways(text) == {}


@pytest.mark.parametrize("text, counts", [
    ("We're a gardening co-op in Stroud: 9 gardeners, about 70 clients, mostly private houses.", {"9 gardeners", "about 70 clients"}),
    ("Our crew: 4 riggers, 2 drivers and me.", {"4 riggers", "2 drivers"}),
])
def test_counts_after_a_colon_are_each_the_teams(text, counts):
    got = {f.value for f in learn(text, None, at=AT, owner="Bea", role="owner", speaker="Bea", account_org=ORG)
           if f.predicate == "has" and f.subject == ORG}
    assert counts <= got, got
