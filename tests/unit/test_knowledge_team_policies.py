"""A team's policies said as policies, and the tools, sites and customers it names (issue 35,
memcore/knowledge/rule_lists.py and team_figures.py). Sentences written for these tests, not taken
from any labelled set."""

import pytest

from tests.unit.team_voice import team_facts

ORG = "Ashdown Lettings"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, org=ORG, owner="Nell"):
    return team_facts(text, org, owner)


@pytest.mark.parametrize("text, predicate, words", [
    ("it's against policy to lend the van to anyone outside the team", "must_avoid", "lend the van"),
    ("under no circumstances do we give out a tenant's number", "must_avoid", "give out a tenant's number"),
    ("we don't allow smoking on the premises", "must_avoid", "smoking on the premises"),
    ("phones are not permitted in the exam room", "must_avoid", "phones"),
    ("goggles are compulsory in the workshop", "rule", "goggles"),
    ("it's mandatory to sign the visitor book", "rule", "sign the visitor book"),
])
def test_a_policy_said_as_one_is_a_rule_of_the_team(text, predicate, words):
    got = [f for f in facts(text) if f.type == "safety"]
    assert len(got) == 1 and got[0].subject == ORG and got[0].predicate == predicate and words in got[0].value


def test_a_thing_allowed_is_no_rule():
    assert not [f for f in facts("dogs are allowed in the garden") if f.type == "safety"]


@pytest.mark.parametrize("text, tool", [
    ("we invoice through Sage", "Sage"), ("the rota lives in Rotacloud", "Rotacloud"),
    ("everything's on Dropbox", "Dropbox")])
def test_the_tools_a_team_works_in(text, tool):
    assert [(f.subject, f.value) for f in facts(text) if f.predicate == "uses"] == [(ORG, tool)]


def test_a_place_is_no_tool():
    assert not [f for f in facts("the office is on Castle Street") if f.predicate == "uses"]


def test_one_more_site_and_whom_the_team_serves():
    assert [(f.predicate, f.value) for f in facts("we've got a second branch in Harrogate")] == [("branch", "Harrogate")]
    [clients] = facts("most of our clients are landlords with one or two flats")
    assert clients.subject == ORG and clients.value == "landlords with one or two flats"


def test_a_colleagues_years_said_after_their_post():
    got = {(f.subject, f.predicate, f.value) for f in facts("Tariq is our lettings negotiator, he's been here 3 years")}
    assert ("Tariq", "tenure", "3 years") in got


def test_what_a_team_does_not_do_and_them_is_the_thing_said_before():
    got = [f for f in facts("Joan can't stand lilies, she says they smell, so we don't stock them") if f.subject == ORG]
    assert [(f.predicate, f.value) for f in got] == [("does_not_stock", "lilies")] and "n't" in got[0].text
    assert [(f.predicate, f.value) for f in facts("we no longer do house clearances")] == [("does_not_do", "house clearances")]


def test_a_day_the_team_does_not_open_is_not_a_thing_it_does_not_do():
    assert not [f for f in facts("we don't open on Sundays") if f.predicate.startswith("does_not")]


def test_a_season_of_the_team_is_a_routine_with_its_months_written_out():
    [season] = [f for f in facts("we do the sheep dips Sept to Nov") if f.type == "routine"]
    assert season.subject == ORG and "September to November" in season.value and "sheep dips" in season.value


def test_a_request_that_carries_a_fact_teaches_the_fact_and_a_dated_thing_is_an_event():
    [launch] = facts("can you remind me the Winter Book Quiz launches 9 December")
    assert launch.subject == "Winter Book Quiz" and launch.type == "episodic" and "9 December" in launch.value
    assert facts("can you remind me what time we open?") == []


def test_a_thing_due_is_an_event():
    [due] = facts("the boiler service is due sometime in the autumn")
    assert due.type == "episodic" and "autumn" in due.value


def test_an_occasion_ahead_said_after_a_question_is_an_event():
    got = facts("is it meant to rain on saturday? we've got a barbecue in the yard")
    assert [(f.subject, f.type) for f in got] == [(ORG, "episodic")] and "barbecue" in got[0].value


def test_a_colleagues_clause_glued_to_a_value_is_cut_off():
    got = [f for f in facts("our guests love the jazz evenings on Fridays, Marcus from the college plays saxophone")
           if f.type == "preference"]
    assert got and all("Marcus" not in f.text + f.value for f in got)


def test_due_on_a_condition_is_no_event():
    assert not [f for f in facts("payment is due on collection") if f.type == "episodic"]


def test_a_goal_and_how_it_is_reached_is_a_process():
    [how] = [f for f in facts("to book a viewing, tenants ring the office or use the website") if f.type == "process"]
    assert how.subject == ORG and how.value == "book a viewing" and "website" in how.text


def test_she_owns_the_place_is_the_owner():
    got = facts("Nell here, I own the place with my sister Lina")
    [owner] = [f for f in got if f.predicate == "role"]
    assert (owner.subject, owner.value) == ("Nell", "owner") and "Lina" not in owner.text
    assert ("Sandra Okafor", "role", "owner") in {(f.subject, f.predicate, f.value) for f in facts(
        "my boss is Sandra Okafor, she owns the place")}


def test_someone_setting_the_business_up_in_a_year_is_when_it_was_founded():
    assert (ORG, "founded", "2004") in {(f.subject, f.predicate, f.value) for f in facts(
        "Sandra set the garage up in 2004")}


def test_a_tool_said_after_what_is_done_in_it():
    assert (ORG, "uses", "Clubspark") in {(f.subject, f.predicate, f.value) for f in facts("we book the gym through Clubspark")}


@pytest.mark.parametrize("text, predicate, words", [
    ("Hi-vis vests compulsory for everyone in the yard.", "rule", "hi-vis vests compulsory for everyone in the yard"),
    ("Safety glasses mandatory when the lathe is running.", "rule", "safety glasses mandatory when the lathe"),
    ("Gloves required for anyone handling the bins.", "rule", "gloves required for anyone handling the bins"),
    ("Glass not allowed by the pool.", "must_avoid", "glass"),
])
def test_a_policy_said_as_a_note_without_is_is_a_rule_of_the_team(text, predicate, words):
    got = [f for f in facts(text) if f.type == "safety"]
    assert len(got) == 1 and got[0].subject == ORG and got[0].predicate == predicate and words in got[0].value.lower()


def test_a_thing_named_before_a_policy_word_is_no_policy():
    assert not [f for f in facts("The mandatory training is on the first Monday.") if f.type == "safety"]
    assert not [f for f in facts("Dogs allowed in the back garden.") if f.type == "safety"]


@pytest.mark.parametrize("text, words", [
    ("Ear defenders on in the workshop, no arguments.", "ear defenders on in the workshop"),
    ("Lanyards on inside the building, non-negotiable.", "lanyards on inside the building"),
    ("Harness on above two metres, no discussion.", "harness on above two metres"),
])
def test_an_emphatic_tail_makes_a_rule_and_stays_out_of_it(text, words):
    [rule] = [f for f in facts(text) if f.type == "safety"]
    assert rule.value.lower() == words and "no " not in rule.text.lower() and "negotiable" not in rule.text


def test_an_emphasis_said_alone_is_no_rule_and_a_rule_in_a_list_is_its_own_piece():
    got = [f for f in facts("Nobody works more than ten hours in a shift. That's non-negotiable.") if f.type == "safety"]
    assert got and not [f for f in got if f.value.lower().startswith("that")]
    [rule] = [f for f in facts("Clock in at the gate, drug test - zero tolerance, then your locker, then the briefing.")
              if f.type == "safety"]
    assert "drug test" in rule.value and "zero tolerance" in rule.value and "locker" not in rule.value


@pytest.mark.parametrize(("text", "words"), [
    ("Clinic hours are 8 to 6 weekdays.", "8 to 6 weekdays"),
    ("Weekend cover is split between Tom and Abi, alternate weeks.", "alternate weeks"),
])
def test_hours_said_for_weekdays_or_cover_in_alternate_weeks_are_a_routine(text, words):
    got = [f for f in facts(text) if words in f.value]
    assert got and all(f.type == "routine" for f in got), facts(text)



@pytest.mark.parametrize(("text", "words"), [
    ("Wheel chocks on before anyone goes under a car.", "chocks on before"),
    ("Goggles on when grinding.", "goggles on when grinding"),
])
def test_gear_on_before_or_when_is_a_rule_and_no_one_named(text, words):
    got = facts(text)
    assert [f.predicate for f in got if f.type == "safety"] == ["rule"] and words in got[0].value.lower()
    assert not [f for f in got if f.predicate == "role"]


def test_a_ban_with_its_reason_in_brackets_is_still_a_ban():
    got = [f for f in facts("No hot drinks in the soft play (a toddler got scalded), and shoes off.") if f.type == "safety"]
    assert ("must_avoid", "hot drinks in the soft play") in {(f.predicate, f.value) for f in got}


@pytest.mark.parametrize(("text", "words"), [
    ("Under-18s can't go on the roof terrace.", "go on the roof terrace"),
    ("New starters shadow Jo for a week. And they can't show flats alone until they've done a month.", "show flats alone"),
])
def test_what_a_teams_group_may_not_do_is_the_teams_ban(text, words):
    got = [f for f in facts(text) if f.type == "safety"]
    assert [(f.subject, f.predicate) for f in got] == [(ORG, "must_avoid")] and words in got[0].value, got


def test_a_house_rule_after_a_comma_is_still_a_rule():
    got = [f for f in facts("Viewings are 10 till 4, tenants sign the log at the door.") if f.type == "safety"]
    assert [(f.subject, f.predicate) for f in got] == [(ORG, "rule")] and "sign the log" in got[0].value, got


@pytest.mark.parametrize(("text", "what", "when"), [
    ("Veg from Greenacre Farm, Monday and Thursday deliveries.", "veg", "monday and thursday"),
    ("Milk from Dale Farm, every Tuesday.", "milk", "every tuesday"),
])
def test_a_supply_said_with_when_it_comes_is_a_supplier_and_a_routine(text, what, when):
    got = facts(text)
    assert [f.predicate for f in got if f.type == "semantic"] == ["supplier"]
    [routine] = [f for f in got if f.type == "routine"]
    assert routine.subject == ORG and what in routine.value.lower() and when in routine.value.lower()
