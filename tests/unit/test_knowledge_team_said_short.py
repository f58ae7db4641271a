"""A team's posts and premises said the short way (issue 35): "Treasurer is me", "me (team lead)", a
list of who is on what, a post in brackets, "I'm the owner, Ines", a duty of coordinating; where the team
is ("we're on the high street in Ryde", "we're at 22 Mill Road", "the studio is at 5 Quay Road"), which a
house number does not turn into a time. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG, ME = "Saltmarsh Rowing Club", "Ines"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text):
    return learn(text, None, at=AT, owner=ME, role="owner", speaker=ME, account_org=ORG)


def roles(text):
    return {(f.subject, f.value) for f in facts(text) if f.predicate == "role" and f.type == "identity"}


@pytest.mark.parametrize(("text", "post"), [
    ("Treasurer is me, sadly.", "treasurer"),
    ("The club secretary is me as well.", "club secretary"),
    ("Me (head coach), Tamsin on the boathouse, and Arjun on safety boats.", "head coach"),
    ("I'm the captain, Ines.", "captain"),
])
def test_a_post_said_with_me_is_the_owners(text, post):
    assert (ME, post) in roles(text)


def test_a_list_of_who_is_on_what_gives_each_their_post():
    got = roles("Me (head coach), Tamsin on the boathouse, and Arjun on safety boats.")
    assert {("Tamsin", "boathouse"), ("Arjun", "safety boats")} <= got
    assert not [r for r in got if r[0] == "Me"]


@pytest.mark.parametrize("text", ["Tamsin on holiday, Arjun on nights.", "Tamsin is on the phone."])
def test_being_on_leave_or_a_shift_is_no_post(text):
    assert not roles(text)


def test_a_post_in_brackets_is_the_named_persons():
    assert ("Orla", "bookkeeper") in roles("Orla (our bookkeeper) is away next week.")


def test_whose_turn_it_is_this_week_is_no_post():
    assert not [r for r in roles("Doing the teas is me this week.") if r[0] == ME]


def test_coordinating_something_is_a_post():
    assert (ME, "coordinate the regatta volunteers") in roles("I coordinate the regatta volunteers.")


@pytest.mark.parametrize(("text", "where"), [
    ("We're on the quay in Maldon.", "the quay in Maldon"),
    ("We're at 22 Mill Road.", "22 Mill Road"),
])
def test_where_the_team_is_is_its_identity(text, where):
    assert [(f.subject, f.value, f.type) for f in facts(text) if f.predicate == "located_in"] == [(ORG, where, "identity")]


@pytest.mark.parametrize("text", ["We're in a meeting till 3.", "We're at capacity this weekend."])
def test_a_passing_state_of_the_team_is_no_place(text):
    assert not [f for f in facts(text) if f.predicate == "located_in"]


def test_a_house_number_is_no_time_of_day():
    got = facts("The boathouse is at 5 Hythe Road, Maldon.")
    assert not [f for f in got if f.type == "routine"]
    assert [(f.subject, f.value) for f in got if "Hythe" in f.value] == [(ORG, "at 5 Hythe Road, Maldon")]


def test_a_dash_before_what_the_team_is_reads_like_a_comma():
    got = {(f.predicate, f.value) for f in facts("Saltmarsh Rowing Club - a community club in Maldon, run by volunteers.")}
    assert {("business_kind", "community club"), ("located_in", "Maldon")} <= got


def test_the_manager_named_with_the_is_a_post_of_the_team():
    assert ("Aitor", "manager") in roles("Aitor is the manager - contracts go through him.")


def test_a_department_in_capitals_is_no_pointer_it():
    got = [f for f in facts("Emil handles anything IT.") if f.subject == "Emil"]
    assert got and all("IT" in f.value for f in got)


@pytest.mark.parametrize("text", [
    "Anyone under 14 needs an adult in the boat.",
    "Max 6 juniors per coach.",
    "Miss 3 outings in a row = you lose your seat.",
    "All rowers must pass the capsize drill.",
])
def test_a_limit_a_consequence_or_what_anyone_must_do_is_the_teams_rule(text):
    assert [(f.subject, f.type) for f in facts(text) if f.type == "safety"] == [(ORG, "safety")]


def test_the_teams_counts_said_with_about_are_each_a_card():
    got = {f.value for f in facts("We've got 14 coaches and about 90 members.") if f.predicate == "has"}
    assert got == {"14 coaches", "90 members"}


def test_the_teams_age_is_its_identity():
    assert [(f.subject, f.type) for f in facts("We're 40 this year!") if f.predicate == "age"] == [(ORG, "identity")]


def test_founded_said_as_a_note_is_the_teams():
    assert (ORG, "1998") in {(f.subject, f.value) for f in facts("Founded in 1998 by two old rowers.") if f.predicate == "founded"}


@pytest.mark.parametrize("text", ["Kettle's on if anyone wants a brew.", "Arjun on again with his jokes."])
def test_something_on_said_in_passing_is_no_post(text):
    assert not roles(text)
