"""When an activity happens, said bare: a copula between the activity and a time of the week that recurs by
its form ("practice is Tuesday and Thursday", "football training is Saturday mornings", "rehearsals are
Mondays"), no "on" or "every" needed (issue 35, knowledge/timetable.py). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn
from memcore.knowledge.routine_rules import routines
from memcore.knowledge.rule_basics import TurnContext
from memcore.knowledge.spelling import respelt
from memcore.knowledge.timetable import timetable

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(("clause", "words"), [
    ("practice is monday and wednesday after school", ("practice", "monday", "wednesday")),
    ("football training is Saturday mornings", ("football training", "Saturday mornings")),
    ("rehearsals are Tuesdays and Fridays", ("rehearsals", "Tuesdays and Fridays")),
    ("my pottery class is Thursdays at 7", ("pottery class", "Thursdays at 7")),
    ("Choir practice is Wednesday evenings", ("Choir practice", "Wednesday evenings")),
])
def test_an_activity_said_at_a_recurring_time_of_the_week_is_the_owners_routine(clause, words):
    got = timetable(clause, TurnContext(owner="Rowan"))
    assert [(f.subject, f.type) for f in got] == [("Rowan", "routine")], got
    assert all(w in got[0].value for w in words), got


@pytest.mark.parametrize("clause", [
    "the match is Saturday",  # one day alone: that day's
    "my interview is Tuesday at 4",
    "Sam is Mondays",  # a person, no activity
    "it is Tuesdays and Thursdays",
])
def test_one_day_a_person_or_a_pronoun_is_no_such_routine(clause):
    assert timetable(clause, TurnContext(owner="Rowan")) == []


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize(("text", "owner", "words"), [
    ("I do judo at the leisure centre. training is tuesday and friday after school", "Mila", ("training", "tuesday", "friday")),
    ("Band practice is Thursday evenings, and I'm on drums", "Owen", ("practice", "Thursday evenings")),
    ("I joined a rowing club last year. Outings are Saturday and Sunday mornings.", "Priya", ("Outings", "Saturday")),
])
def test_three_voices(text, owner, words):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)
    assert any(f.type == "routine" and f.subject == owner and all(w in f.value for w in words) for f in got), got


@pytest.mark.parametrize(("clause", "words"), [
    ("we rehearse Tuesday and Thursday", ("rehearse", "Tuesday and Thursday")),
    ("I swim Monday, Wednesday and Friday", ("swim", "Monday, Wednesday and Friday")),
    ("Grandad collects me Monday and Friday", ("collects", "Monday and Friday")),
])
def test_a_doing_said_with_two_days_or_more_after_its_verb_is_a_habit(clause, words):
    got = routines(clause, TurnContext(owner="Rowan"))
    assert [f.type for f in got] == ["routine"], got
    assert all(w in got[0].value for w in words), got


@pytest.mark.parametrize("clause", ["I saw her Monday and Tuesday", "we played Saturday"])
def test_a_past_doing_or_one_day_is_no_habit(clause):
    assert routines(clause, TurnContext(owner="Rowan")) == []


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize(("text", "owner", "words"), [
    ("netball!! we train tues and fri", "Mila", ("Tuesday", "Friday")),
    ("We cycle to the coast Saturday and Sunday when it's dry.", "Owen", ("cycle", "Saturday and Sunday")),
])
def test_days_after_the_verb_in_two_voices(text, owner, words):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)
    assert any(f.type == "routine" and all(w in f.value for w in words) for f in got), got


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize(("text", "owner", "who"), [
    ("my sister Ama is at uni, I call her Sundays", "Rowan", "Ama"),
    ("at my uncle Kofi in Accra. i stay by him monday to friday for school", "Esi", "Kofi"),
    ("My dad Pete is in a home now and I visit him Tuesday and Saturday.", "Jan", "Pete"),
])
def test_him_or_her_before_the_days_is_the_one_just_named(text, owner, who):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)
    assert any(f.type == "routine" and who in f.value for f in got), got


@pytest.mark.parametrize(("text", "read"), [
    ("Sat mornings emergencies only.", "Saturday mornings emergencies only."),
    ("fri evenings I swim", "Friday evenings I swim"),
    ("thurs night is quiz night", "Thursday night is quiz night"),
    ("we sat nights by the fire", "we sat nights by the fire"),  # a verb, after its subject
])
def test_a_short_day_before_a_part_of_the_day_is_the_day(text, read):
    assert respelt(text) == read


@pytest.mark.usefixtures("parser_installed")
def test_a_teams_short_day_and_its_part_of_the_day_reach_the_routine():
    got = learn("Sat mornings lane swimming only.", None, at=AT, owner="Dev", role="owner", speaker="Dev",
                speaker_org="Millbrook Pool", account_org="Millbrook Pool")
    assert any(f.type == "routine" and "Saturday" in f.value for f in got), got


@pytest.mark.parametrize(("clause", "org", "who", "words"), [
    ("Sunday afternoons we go to grandma's", None, "Rowan", ("grandma's", "Sunday afternoons")),
    ("Friday nights my dad makes curry", None, "Rowan's dad", ("makes curry", "Friday nights")),
    ("Weekday mornings we open for lane swimming", "Millbrook Pool", "Millbrook Pool", ("lane swimming", "weekday mornings")),
])
def test_a_day_and_its_part_said_first_is_the_habits_time(clause, org, who, words):
    got = routines(clause, TurnContext(owner="Rowan", org=org))
    assert [(f.subject, f.type) for f in got] == [(who, "routine")], got
    assert all(w in got[0].value for w in words), got
