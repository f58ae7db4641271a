"""Ages, children by birth order, pregnancy, favourites said with "now", and skills being picked up
(memcore/knowledge: dependency, ties, status, fragments, preference_rules, skill_rules, statement_mood).
Sentences written for these tests, not from any labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def said(text: str, owner: str = "Noor") -> set[tuple[str, str, str, str]]:
    return {(f.subject, f.predicate, f.value, f.type) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)}


@pytest.mark.parametrize("text, who, age", [
    ("my rabbit Pip is 6 years old", "Pip", "6"),
    ("Wilf is eleven years old and mad on cricket", "Wilf", "eleven"),
    ("my daughter Tyra is fourteen months old", "Tyra", "fourteen months"),
])
def test_years_or_months_old_is_an_age(text, who, age):
    assert (who, "age", age, "identity") in said(text)


def test_a_things_age_in_years_is_no_ones_age():
    # the house's own age is a plain fact of the house (things_said.py), never a person's identity
    got = said("the house is 200 years old")
    assert not [f for f in got if f[1] == "age" and (f[3] != "semantic" or f[0] != "house")]


@pytest.mark.parametrize("text, child", [
    ("my youngest Tobias is six and he's mad about trains", "Tobias"),
    ("my eldest Ottilie has just started secondary school", "Ottilie"),
])
def test_a_child_named_by_birth_order_is_the_owners_child(text, child):
    assert ("Noor", "child", child, "relationship") in said(text)


def test_someone_elses_youngest_is_not_the_owners_child():
    assert not [f for f in said("her youngest Mo is at nursery") if f[1] == "child"]


def test_weeks_pregnant_keeps_the_weeks_said_as_a_clause_or_a_piece():
    assert ("Noor", "status", "31 weeks pregnant", "identity") in said("I'm 31 weeks pregnant with our second.")
    assert ("Marguerite", "status", "30 weeks pregnant", "identity") in said(
        "so much lol. Marguerite, wedding florist, based in Truro. 30 weeks pregnant with number 2", owner="Marguerite")


def test_a_favourite_said_with_now_lasts_and_a_moments_complaint_does_not():
    assert ("Noor", "favourite_animal", "otters", "preference") in said("otters are my favourite animal now")
    assert ("Noor", "favourite_animal", "lemurs", "preference") in said("lemurs are my favrite animal")
    assert said("this chair is so uncomfortable now") == set()


def test_getting_the_hang_of_something_is_learning_it():
    assert ("Noor", "learning", "sourdough", "skill") in said("I'm finally getting the hang of sourdough")


def test_a_phrase_that_says_another_card_of_the_statement_leaves_the_value():
    got = said("I go bouldering at the Arches with my cousin Aled on Tuesdays", owner="Ysolde")
    assert ("Ysolde", "cousin", "Aled", "relationship") in got
    routines = [v for s, p, v, t in got if t == "routine"]
    assert routines and all("Aled" not in v for v in routines) and any("Arches" in v for v in routines), routines


def test_a_value_keeps_a_phrase_no_other_card_says():
    from memcore.knowledge.models import Fact
    from memcore.knowledge.own_lines import without_others
    swim = Fact("Ysolde", "routine", "sea swimming at Fanore with Dervla on Sundays", "routine", 0.8, "x")
    assert without_others(swim, [swim]) is swim
    friend = Fact("Ysolde", "friend", "Dervla", "relationship", 0.8, "Dervla is Ysolde's friend")
    assert without_others(swim, [swim, friend]).value == "sea swimming at Fanore on Sundays"
    # a phrase that says only part of another card's value stays
    town = Fact("Ysolde", "lives_in", "Fanore Beach Road", "identity", 0.8, "x")
    assert without_others(swim, [swim, town]) is swim


def test_a_teams_rule_for_an_age_group_is_the_teams():
    got = learn("Under-16s must wear a helmet on the wall.", None, at=AT, owner="Berit", role="owner", speaker="Berit",
                account_org="Hilltop Climbing")
    assert any(f.type == "safety" and "Hilltop Climbing" in f.text for f in got), got


@pytest.mark.parametrize("text, account, expected", [
    ("Oskar has been our head brewer since March.", "Ferncliff Brewing", ("Oskar", "role", "head brewer", "identity")),
    ("Priya has been my accountant since 2019.", None, ("Noor", "accountant", "Priya", "relationship")),
])
def test_a_post_held_since_a_date_is_the_post(text, account, expected):
    got = {(f.subject, f.predicate, f.value, f.type)
           for f in learn(text, None, at=AT, owner="Noor", role="owner", speaker="Noor", account_org=account)}
    assert expected in got, got


def test_running_or_managing_a_business_is_who_one_is():
    got = said("My husband Tariq runs a small joinery business, Oakline Joinery.")
    assert any(s == "Tariq" and p == "runs" and t == "identity" for s, p, v, t in got), got


def test_children_listed_under_a_heading_are_the_owners_with_their_ages():
    got = said("Kids: Wiebe is 11, Saar is 7.", owner="Joost")
    assert {("Joost", "child", "Wiebe", "relationship"), ("Wiebe", "age", "11", "identity"),
            ("Joost", "child", "Saar", "relationship"), ("Saar", "age", "7", "identity")} <= got, got
    assert said("Kids: too many to count", owner="Joost") == set()


@pytest.mark.parametrize("text, fact", [
    ("My son Elias isn't walking yet", ("Elias", "cannot", "walk", "skill")),
    ("My daughter Runa is crawling now", ("Runa", "can", "crawl", "skill")),
])
def test_a_childs_milestone_said_as_now_or_not_yet_is_an_ability(text, fact):
    assert fact in said(text)


@pytest.mark.parametrize("text", ["I'm running late", "My son Elias is running to school now", "He isn't talking to me yet"])
def test_going_somewhere_or_not_talking_to_someone_is_no_milestone(text):
    assert not [f for f in said(text) if f[1] in ("can", "cannot")]


def test_a_name_said_with_a_possessive_is_the_name():
    got = said("my sister Mirela's birthday is in May")
    assert ("Noor", "sister", "Mirela", "relationship") in got and not any("'s" in v for s, p, v, t in got if p == "sister")
