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


@pytest.mark.parametrize("text", ["Every camper wears a whistle on the hike.", "Each visitor signs in at the gate.",
                                  "Every child brings a water bottle to the session."])
def test_every_or_each_of_a_group_doing_a_rule_verb_is_a_rule_of_the_team(text):
    rules = [f for f in team(text) if f.type == "safety"]
    assert rules and all(f.subject == ORG for f in rules), rules


@pytest.mark.parametrize("text", ["goggles always near the lathe", "Hard hats ALWAYS, even in the yard.",
                                  "respirators always in the spray booth, P3 at least.",
                                  "gloves, aprons and the visors always in the acid room."])
def test_gear_said_with_always_and_where_is_a_rule_of_the_team(text):
    rules = [f for f in team(text) if f.type == "safety" and f.subject == ORG]
    assert rules and "always" in rules[0].value.lower(), rules


@pytest.mark.parametrize("text", ["the regulars always on Fridays", "Every customer gets a free coffee."])
def test_a_time_or_a_perk_said_with_always_or_every_is_no_rule(text):
    assert not any(f.type == "safety" for f in team(text))


def test_gear_said_with_always_in_a_household_is_talk():
    assert not any(f.type == "safety" for f in household("wellies always by the back door"))


def test_the_name_everyone_calls_someone_is_no_rule():
    assert not any(f.type == "safety" for f in team("Everyone calls her Big Tess, the boss."))


@pytest.mark.parametrize("text,number", [("No more than twelve people in the lift.", "twelve"),
                                         ("max twenty kids per coach", "twenty"), ("At least two adults on every trip.", "two")])
def test_a_limit_said_with_its_number_in_words_is_a_rule_of_the_team(text, number):
    rules = [f for f in team(text) if f.type == "safety" and f.subject == ORG]
    assert rules and number in rules[0].value.lower(), rules


def test_at_least_one_of_a_group_is_no_limit():
    assert not any(f.type == "safety" for f in team("at least one of them came"))


@pytest.mark.parametrize("text", ["nobody climbs without a partner", "Nobody is turned away if they can't pay."])
def test_a_ban_said_with_nobody_keeps_the_word_as_said(text):
    bans = [f for f in team(text) if f.type == "safety" and f.subject == ORG]
    assert bans and "nobody" in bans[0].value.lower(), bans


@pytest.mark.parametrize("text,banned", [("we take cash or card, no cheques.", "cheques"), ("dogs welcome, no cats", "cats"),
                                         ("Tea and cake all day, no alcohol.", "alcohol")])
def test_a_short_no_x_said_last_is_a_ban_of_the_team(text, banned):
    bans = [f for f in team(text) if f.type == "safety" and f.subject == ORG]
    assert any(banned in f.value for f in bans), bans


@pytest.mark.parametrize("text", ["we asked them, no answer yet", "yeah it went fine, no worries",
                                  "we tried the supplier, no luck"])
def test_news_that_did_not_come_or_an_idiom_said_last_is_no_ban(text):
    assert not any(f.type == "safety" for f in team(text))


def test_a_short_no_x_said_last_in_a_household_is_no_team_ban():
    assert not any(f.type == "safety" for f in household("pizza with ham, no olives"))


def test_an_insisting_no_exceptions_said_last_is_no_ban_of_its_own():
    got = [f for f in team("ID checked at the door, no exceptions.") if f.type == "safety"]
    assert got and not any("exceptions" in f.value for f in got if f.predicate == "must_avoid"), got
