"""A team's chat (issue 35): when a colleague works, said after their post or duty with a comma
(memcore/knowledge/team_when.py), and a number that groups its thousands with a comma ("1,200") kept
whole when a statement is cut at its commas (team_things.py). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.extraction.pipeline import extract
from memcore.knowledge import facts_of_turn
from memcore.knowledge.team_when import when_only
from memcore.knowledge.team_words import type_of

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Fernside Dental"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, org=ORG):
    statements = extract(text, speaker="user", at=AT).statements
    return facts_of_turn(text, statements, owner="Tamsin", role="owner", speaker="user", account_org=org)


@pytest.mark.parametrize("text,ok", [
    ("Tuesdays and Thursdays only", True), ("nights", True), ("weekdays 8 to 4", True), ("mornings, 9-1", True),
    ("Mon-Wed", True), ("the front desk", False), ("only", False), ("£20 a night", False), ("with the kids", False)])
def test_a_piece_that_says_only_when(text, ok):
    assert when_only(text) is ok


@pytest.mark.parametrize("text,who,post,when", [
    ("Ingrid does the invoicing, Mondays only.", "Ingrid", "invoicing", "Mondays only"),
    ("Our hygienist is Dev, Wednesdays and Fridays.", "Dev", "hygienist", "Wednesdays and Fridays"),
    ("The night porter is Olek, weekends.", "Olek", "night porter", "weekends"),
    ("Carla covers reception, 8 till 2.", "Carla", "reception", "8 till 2"),
])
def test_when_a_colleague_works_is_a_routine_of_theirs_beside_the_post(text, who, post, when):
    got = facts(text)
    works = [f for f in got if f.subject == who and f.type == "routine"]
    assert [f.value for f in works] == [when]
    assert any(f.subject == who and post in f.value and when not in f.value for f in got if f.type == "identity")
    assert not any(f.subject == ORG and when in f.value for f in got)  # not a rule of the practice's


def test_days_after_a_thing_stay_the_things():
    got = facts("The recycling goes out on the kerb, Thursdays.")
    assert not any(f.predicate == "works" for f in got)


def test_a_count_with_a_thousands_comma_is_one_figure():
    got = facts("The archive holds 14,500 x-rays.")
    assert any("14,500" in f.value for f in got)
    assert not any(f.value.startswith("500") or f.value.endswith(" 14") for f in got)


@pytest.mark.parametrize("text,counts", [
    ("9 chairs, 3 hygienists.", ["9 chairs", "3 hygienists"]),
    ("We have 5 dentists, 2 therapists and 4 nurses.", ["5 dentists", "2 therapists", "4 nurses"]),
    ("We run 8 surgeries across 3 towns, with about 70 staff.", ["8 surgeries", "3 towns", "about 70 staff"]),
    ("We're a small practice, 2 dentists and around 1,500 patients.", ["2 dentists", "around 1,500 patients"]),
])
def test_a_teams_counts_are_a_card_each(text, counts):
    got = [f for f in facts(text) if f.subject == ORG and f.type == "semantic" and any(c[-4:] in f.value for c in counts)]
    assert sorted(f.value for f in got) == sorted(counts)
    for f in got:  # each line holds its own count only
        assert sum(c in f.text for c in counts) == 1


def test_a_while_or_a_household_is_no_count_of_the_teams():
    assert not [f for f in facts("3 weeks, 2 days.") if f.predicate == "has"]
    assert not [f for f in facts("I have 2 kids, 3 dogs.") if f.subject == ORG]


def test_a_count_alone_first_heads_what_follows():
    got = facts("Four chairs. Ingrid does the invoicing and Dev does the cleaning.")
    assert not any("chairs" in f.value for f in got)


@pytest.mark.parametrize("text,when", [
    ("The dispensary is open 9 to 6.", "9 to 6"),
    ("The drop-in clinic runs Thursdays only.", "Thursdays only"),
    ("Sterilising is done 7:30-8 each morning only.", "7:30-8 each morning only"),
    ("Spare keys from the office, 8-8:30 each morning only.", "8-8:30 each morning only"),
])
def test_hours_said_with_to_or_narrowed_by_only_are_a_routine(text, when):
    got = [f for f in facts(text) if when in f.value or when in f.text]
    assert got and {f.type for f in got} == {"routine"}


@pytest.mark.parametrize("text,typed", [
    ("Tuesdays and Thursdays only", "routine"), ("weekends only in winter", "routine"), ("7-9 only", "routine"),
    ("staff only", "safety"), ("never before 9 on Sundays only", "safety"), ("open 10 till 4", "routine")])
def test_the_type_a_teams_figure_takes(text, typed):
    assert type_of(text) == typed


def test_only_said_of_who_may_is_still_a_rule():
    got = facts("The side entrance is for staff only.")
    assert any(f.type == "safety" for f in got)


def test_a_time_span_after_a_comma_stays_with_what_it_times():
    got = facts("Team huddle every Friday, 4 to 4:30.")
    huddle = [f for f in got if "huddle" in f.text.lower()]
    assert len(got) == 1 and len(huddle) == 1 and "4:30" in huddle[0].text and huddle[0].type == "routine"


@pytest.mark.parametrize("text,items", [
    ("Sessions: juniors 4-5:30, seniors 6-8.", ["juniors 4-5:30", "seniors 6-8"]),
    ("Clinics: antenatal Tuesdays at 10, baby weigh-in Fridays 1-3, flu jabs by appointment.",
     ["antenatal Tuesdays at 10", "baby weigh-in Fridays 1-3", "flu jabs by appointment"]),
])
def test_a_list_under_a_heading_whose_items_say_their_own_when_is_a_card_an_item(text, items):
    got = facts(text)
    for item in items:
        holding = [f for f in got if item in f.value]
        assert len(holding) == 1 and not any(other in holding[0].text for other in items if other != item)


def test_a_when_said_in_two_pieces_under_a_heading_is_one_card():
    got = facts("Drills: every first Monday, 9:30 in the car park.")  # (a guard of the split above)
    assert len(got) == 1 and "9:30" in got[0].value and "Monday" in got[0].value


@pytest.mark.parametrize("text,place,hours", [
    ("Dispensary by the car park, open 8 to 8.", "Dispensary", "8 to 8"),
    ("The pharmacy, open 9 till 6.", "pharmacy", "9 till 6"),
])
def test_a_place_named_with_no_verb_then_its_hours(text, place, hours):
    got = [f for f in facts(text) if f.type == "routine" and hours in f.value]
    assert len(got) == 1 and got[0].subject.lower() == place.lower() and place.lower() in got[0].text.lower()


def test_who_staffs_the_place_named_before():
    got = facts("The pharmacy, open 9 till 6, staffed by Oksana and Priit.")
    posts = {(f.subject, f.value) for f in got if f.predicate == "role"}
    assert posts == {("Oksana", "pharmacy"), ("Priit", "pharmacy")}
