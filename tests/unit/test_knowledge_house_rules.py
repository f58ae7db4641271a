"""A team's house rules said without "must" (issue 35, house_rules.py), and a rule's value that holds a
decimal ("over 3.5 tonnes", kinds._NO_THING). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
ORG, ME = "Larkspur Climbing Wall", "Teodora"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def team(text):
    return learn(text, None, at=AT, owner=ME, role="owner", speaker=ME, previous=[], account_org=ORG)


def household(text):
    return learn(text, None, at=AT, owner=ME, role="owner", speaker=ME, previous=[])


@pytest.mark.parametrize("text", ["Climbers under 14 wear a helmet on the bouldering wall.", "Visitors sign the waiver at the desk.",
                                  "Chalk bags off the mats, please. Dogs on leads in the cafe.", "Phones away on the auto-belays."])
def test_a_team_rule_said_without_must_is_a_safety_rule_of_the_team(text):
    rules = [f for f in team(text) if f.type == "safety"]
    assert rules and all(f.subject == ORG for f in rules), rules


@pytest.mark.parametrize("text", ["Our members love the Thursday social.", "Students pay half on Mondays.",
                                  "Parents collect the kids from the side door at six."])
def test_a_liking_a_price_or_a_habit_of_a_group_is_no_rule(text):
    assert not any(f.type == "safety" for f in team(text))


def test_in_a_household_it_is_talk_not_a_house_rule():
    assert not any(f.type == "safety" for f in household("Kids wear wellies at the farm."))


def test_a_rule_keeps_a_decimal_in_its_value():
    got = [f.value for f in team("No vans over 3.5 tonnes in the yard.")]
    assert any("3.5 tonnes" in v for v in got), got


@pytest.mark.parametrize("text", ["Children not near the kiln.", "and dogs not upstairs", "Under-8s not in the deep end."])
def test_where_a_group_may_not_be_said_without_a_verb_is_a_team_ban(text):
    bans = [f for f in team(text) if f.type == "safety" and f.predicate == "must_avoid"]
    assert bans and all(f.subject == ORG for f in bans), bans
