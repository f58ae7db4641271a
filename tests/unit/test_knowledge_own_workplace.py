"""Where a team's member works goes without saying in the team's own account when the turn says what they
do there (issue 35, own_workplace.py): "I'm Odile, I run the front desk at Larkspur Dental" is her post,
not a card that she works at the account's own organisation. Sentences written for these tests, not taken
from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.models import Fact
from memcore.knowledge.own_workplace import without_own_workplace

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def cards(text, owner, org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got}


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, owner, org, post", [
    ("hi, Odile from Larkspur Dental, I do the front desk", "Odile", "Larkspur Dental", "front desk"),
    ("I'm Tomas, I run the kitchen at Copper Kettle Cafe, we're a small cafe in Tralee", "Tomas", "Copper Kettle Cafe",
     "kitchen"),
    ("hello, I'm Ines, I manage the warehouse at Redfern Logistics.", "Ines", "Redfern Logistics", "warehouse"),
])
def test_the_post_said_and_no_card_of_working_at_the_own_team(text, owner, org, post):
    got = cards(text, owner, org)
    assert (owner, "role", post) in got
    assert not any(s == owner and p in ("works_for", "works_at", "organisation") for s, p, _ in got)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, owner, org", [
    ("Odile from Larkspur Dental.", "Odile", "Larkspur Dental"),  # where she works is all the turn tells
    ("Morning, Ines from Redfern Logistics here.", "Ines", "Redfern Logistics"),
])
def test_a_turn_that_only_says_where_one_works_keeps_it(text, owner, org):
    assert (owner, "works_for", org) in cards(text, owner, org)


@pytest.mark.usefixtures("parser_installed")
def test_in_a_household_account_the_workplace_stays():
    got = cards("I'm Tomas, I run the kitchen at Copper Kettle Cafe", "Tomas")
    assert any(s == "Tomas" and p in ("works_for", "works_at") and "Copper Kettle" in v for s, p, v in got)


def test_only_the_owners_card_of_the_account_organisation_goes():
    post = Fact("Ada", "role", "front desk", "identity", 0.8, "Ada does the front desk")
    own = Fact("Ada", "works_for", "Larkspur Dental", "identity", 0.8, "Ada works at Larkspur Dental")
    other = Fact("Ada", "works_for", "Kelso Clinic", "identity", 0.8, "Ada works at Kelso Clinic")
    colleague = Fact("Ben", "works_for", "Larkspur Dental", "identity", 0.8, "Ben works at Larkspur Dental")
    assert without_own_workplace([post, own, other, colleague], "Ada", "Larkspur Dental") == [post, other, colleague]
    assert without_own_workplace([post, own], "Ada", None) == [post, own]
    assert without_own_workplace([own], "Ada", "Larkspur Dental") == [own]
