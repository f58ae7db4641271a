"""Plain facts a team states of itself in one clause (issue 35, memcore/knowledge/team_figures.py):
counts, where a thing is, the days it is shut, a colleague's years with it. Sentences written for these
tests, not taken from any labelled set."""

import pytest

from tests.unit.team_voice import team_facts

ORG = "Greenway Couriers"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, org=ORG, owner="Bo"):
    return team_facts(text, org, owner)


def test_each_count_a_team_has_is_its_own_card():
    got = {f.value: f for f in facts("we've got 22 riders and 3 vans")}
    assert set(got) >= {"22 riders", "3 vans"} and "vans" not in got["22 riders"].text
    assert all(f.subject == ORG for f in got.values())


def test_a_while_is_no_count():
    assert not [f for f in facts("we have 2 weeks to finish the fit-out") if f.predicate == "has"]


def test_where_a_thing_of_the_team_is():
    [depot] = [f for f in facts("the depot is on Feeder Road") if "Feeder" in f.value]
    assert depot.subject == ORG and "depot" in depot.text and depot.type == "semantic"


def test_a_thing_in_a_passing_state_is_not_a_place():
    assert not [f for f in facts("the printer is on the blink") if f.predicate.endswith("_location")]


def test_the_days_a_team_is_shut_are_a_routine():
    [shut] = [f for f in facts("we're closed on bank holidays") if f.predicate == "closed"]
    assert shut.value == "bank holidays" and shut.type == "routine" and shut.subject == ORG


def test_a_colleagues_years_with_the_team_are_about_them():
    [since] = [f for f in facts("Marta's been with us since 2019") if f.predicate == "tenure"]
    [years] = [f for f in facts("Joe has been here 12 years") if f.predicate == "tenure"]
    assert (since.subject, since.value, since.type) == ("Marta", "since 2019", "identity")
    assert (years.subject, years.value) == ("Joe", "12 years") and ORG in years.text


@pytest.mark.parametrize("text", ["Dave's off sick today", "the boss is in a right mood", "our wifi is so slow today"])
def test_how_things_are_right_now_is_no_knowledge_of_the_team(text):
    assert facts(text) == []


def test_an_absence_ahead_is_still_an_event():
    assert [(f.subject, f.type) for f in facts("Sasha's on holiday next week")] == [("Sasha", "episodic")]


def test_whom_the_team_buys_from_or_has_a_service_with():
    [bought] = [f for f in facts("we buy all our paper from Denholm Mills") if f.predicate == "supplier"]
    assert bought.value == "Denholm Mills" and bought.subject == ORG and "paper" in bought.text
    [cover] = [f for f in facts("our night cover is with Northstar Couriers in Leeds") if f.value == "Northstar Couriers"]
    assert cover.subject == ORG and "night cover" in cover.text


def test_counts_said_in_words_and_a_single_thing_are_cards_too():
    got = {f.value for f in facts("we have three loading bays and a cold store")}
    assert {"three loading bays", "a cold store"} <= got


def test_two_colleagues_duties_in_one_breath_are_each_their_own():
    got = facts("Mia does the invoices and Ben orders stock on Fridays")
    ben = [f for f in got if f.subject == "Ben"]
    assert len(ben) == 1 and ben[0].type == "routine" and "invoices" not in ben[0].text
    assert not [f for f in got if f.subject == "Mia" and "Ben" in f.text]


def test_what_can_be_done_to_a_thing_is_no_skill():
    assert not [f for f in facts("deliveries can be booked online or by phone") if f.type == "skill"]


@pytest.mark.parametrize("text, predicate, value", [
    ("there are 8 of us", "size", "8 people"),
    ("we're part of the Kestrel Group", "part_of", "the Kestrel Group"),
    ("we've been trading for 15 years", "going", "for 15 years"),
    ("everyone gets 28 days holiday", "staff_get", "28 days holiday"),
    ("the deadline for the council tender is 30 June", "deadline", "the council tender 30 June"),
])
def test_what_the_team_is_part_of_how_long_it_has_gone_its_staff_and_deadlines(text, predicate, value):
    got = [(f.subject, f.predicate, f.value) for f in facts(text)]
    assert (ORG, predicate, value) in got


@pytest.mark.parametrize("text, who, what", [
    ("ask Jen about anything billing related", "Jen", "billing"),
    ("Sam is the person to talk to about the website", "Sam", "the website"),
    ("Priya's our go-to for anything Excel", "Priya", "Excel")])
def test_whom_to_go_to_for_what_is_their_role(text, who, what):
    assert (who, "role", what) in {(f.subject, f.predicate, f.value) for f in facts(text)}


def test_owned_by_is_the_teams_not_a_role_of_the_owner():
    got = facts("we're owned by Coastal Health")
    assert [(f.subject, f.predicate) for f in got] == [(ORG, "owned_by")]


def test_counts_of_staff_and_people_are_cards():
    assert {"28 staff", "320 pupils"} <= {f.value for f in facts("we've got about 320 pupils and 28 staff")}
