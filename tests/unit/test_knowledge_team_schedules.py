"""A team's schedule and its self-description said in one breath, cut into one card each (issue 35,
memcore/knowledge/team_split.py and team.py): when it opens and the day it is shut, when something
happens and where, what kind of organisation it is, where it is and how many it has. Sentences
written for these tests, not taken from any labelled set."""

import pytest

from tests.unit.team_voice import team_facts
from memcore.knowledge.team_split import days_written_out

ORG = "Kiln Lane Pottery"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, org=ORG, owner="Ada"):
    return team_facts(text, org, owner)


def test_short_day_names_are_written_out_and_a_verb_is_not_a_day():
    assert days_written_out("9 to 4 Tue-Sun") == "9 to 4 Tuesday to Sunday"
    assert days_written_out("mon to fri, and Sat mornings") == "Monday to Friday, and Saturday mornings"
    assert days_written_out("the cat sat on the mat") == "the cat sat on the mat"


def test_opening_hours_and_the_day_it_is_shut_are_two_cards():
    got = facts("we open 9 to 4 Tue-Sun, closed Mondays")
    hours = [f for f in got if "9" in f.value]
    shut = [f for f in got if f.predicate == "closed"]
    assert len(hours) == 1 and "Tuesday to Sunday" in hours[0].text and "Monday" not in hours[0].text
    assert len(shut) == 1 and shut[0].value == "Mondays" and shut[0].type == "routine" and shut[0].subject == ORG


def test_when_a_team_meets_and_where_are_two_cards():
    got = facts("we meet Tuesdays and Fridays 6 till 9 in the scout hut on Mill Road")
    when = [f for f in got if f.type == "routine"]
    where = [f for f in got if f.predicate == "venue"]
    assert len(when) == 1 and "scout" not in when[0].text and "Tuesdays" in when[0].text
    assert len(where) == 1 and where[0].value == "the scout hut on Mill Road" and where[0].subject == ORG
    assert "meet" not in where[0].text and "Tuesday" not in where[0].text  # each card holds its own words


def test_a_time_of_day_is_not_a_place():
    got = facts("we deliver on Tuesdays in the morning")
    assert not [f for f in got if f.predicate == "venue"]


def test_an_organisation_described_after_its_name_gives_its_kind_place_and_size():
    got = facts("morning! I'm Ada, I manage Kiln Lane Pottery, an indie pottery in Frome")
    assert {(f.predicate, f.value) for f in got if f.subject == ORG} >= {("business_kind", "indie pottery"), ("located_in", "Frome")}
    got = facts("hi, I'm Ada, studio manager at Kiln Lane Pottery, a pottery studio in Frome with 12 members")
    by = {f.predicate: f for f in got if f.subject == ORG}
    assert by["business_kind"].value == "pottery studio"
    assert by["located_in"].value == "Frome" and "12" not in by["located_in"].text
    assert by["size"].value == "12 members"


def test_we_are_a_noun_in_a_town_is_the_kind_and_the_place_even_for_a_trade_word():
    got = facts("I'm Ada, I run the kilns at Kiln Lane Pottery, we're a potter in Frome")
    assert any(f.predicate == "located_in" and f.value == "Frome" and f.subject == ORG for f in got)


def test_a_post_of_an_organisation_is_the_speakers_role():
    got = facts("hello! Ada, potter and owner of Kiln Lane Pottery in Frome")
    assert any(f.subject == "Ada" and f.predicate == "role" and f.value == "potter and owner" for f in got)
    assert any(f.predicate == "located_in" and f.value == "Frome" for f in got)


def test_a_second_schedule_after_plus_is_its_own_card():
    got = [f for f in facts("classes are Saturday mornings from 9, plus Wednesday evenings in term time") if f.type == "routine"]
    assert len(got) == 2 and not any("Saturday" in f.value and "Wednesday" in f.value for f in got)
