"""Two habits said in one breath, each with its own time, are two routines (memcore/knowledge/routine_split.py).
Sentences written for these tests, not from any labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.models import Fact
from memcore.knowledge.routine_split import split_routine

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def routines(text: str, org: str | None = None) -> list[tuple[str, str]]:
    return [(f.value, f.text) for f in learn(text, None, at=AT, owner="Dana", role="owner", speaker="Dana", account_org=org)
            if f.type == "routine"]


@pytest.mark.usefixtures("parser_installed")
def test_two_activities_on_two_days_are_two_routines_each_with_the_verb():
    got = routines("My son has football on Tuesdays and piano on Fridays.")
    assert [v for v, _ in got] == ["has football on Tuesdays", "has piano on Fridays"], got
    assert all(t.startswith("Dana's son has ") for _, t in got), got


@pytest.mark.usefixtures("parser_installed")
def test_two_sets_of_opening_hours_are_two_cards_of_the_team():
    got = routines("We open 8 till 6 on weekdays and 9 till 1 on Saturdays.", org="Ferncliff Brewing")
    assert [t for _, t in got] == ["Ferncliff Brewing opens 8 till 6 on weekdays", "Ferncliff Brewing opens 9 till 1 on Saturdays"]


@pytest.mark.parametrize("value", [
    "go to the gym on Tuesdays and Thursdays",                 # one habit on two days
    "have practice every Tuesday and Thursday after school",   # a list of days, then more of the same habit
    "swim, cycle and run on Mondays",                          # several things at one time
    "walk the dog every morning",                              # one habit
])
def test_one_habit_stays_one_card(value):
    f = Fact("Dana", "routine", value, "routine", 0.8, f"Dana: {value}")
    assert split_routine(f, "Dana") == [f]


def test_a_part_with_its_own_subject_keeps_it_and_other_facts_are_left_alone():
    f = Fact("Dana", "routine", "walk the dog every morning and every evening I read to the kids", "routine", 0.8, "x")
    assert [g.value for g in split_routine(f, "Dana")] == ["walk the dog every morning", "every evening I read to the kids"]
    like = Fact("Dana", "likes", "swimming on Mondays and yoga on Fridays", "preference", 0.8, "x")
    assert split_routine(like, "Dana") == [like]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, org, want", [
    ("Swimming on Thursdays.", None, [("Dana", "Swimming on Thursdays")]),
    ("Archery every Sunday morning!", None, [("Dana", "Archery every Sunday morning")]),
    ("Lessons with Mr Bell every Tuesday.", None, [("Dana", "Lessons every Tuesday")]),  # the teacher: a card of his own
    ("Choir on Wednesdays, gym on Saturday mornings.", None,
     [("Dana", "Choir on Wednesdays"), ("Dana", "gym on Saturday mornings")]),
    ("Dentist on Tuesday at 4.", None, []),                                # one day: no routine
    ("Fish on Tuesdays.", "Willowbank Nursery", [("Willowbank Nursery", "Fish on Tuesdays")]),
    ("Inductions every Monday at 9.", "Ferncliff Brewing", [("Ferncliff Brewing", "Inductions every Monday at 9")]),
    ("Quiz night in the taproom, every other Thursday.", "Ferncliff Brewing",   # an activity named in two words
     [("Ferncliff Brewing", "Quiz night in the taproom, every other Thursday")]),
    ("Messy play on Mondays.", "Willowbank Nursery", [("Willowbank Nursery", "messy play on Mondays")]),  # read lowered
])
def test_an_activity_said_with_when_and_no_verb_is_the_owners_routine_said_whole(text, org, want):
    """The word before when is the activity, not someone who does it: "Swimming" was the subject of
    "on Thursdays", and "Fish" of "on Tuesdays"; one card each, no copy of it that differs in case."""
    got = [(f.subject, f.value) for f in learn(text, None, at=AT, owner="Dana", role="owner", speaker="Dana",
                                               account_org=org) if f.type == "routine"]
    assert got == want


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, org, want", [
    ("Swimming at the leisure centre, Tuesdays at 5.", None, [("Dana", "Swimming at the leisure centre Tuesdays at 5")]),
    ("Piano with Mrs Holt, every Thursday after school.", None, [("Dana", "Piano with Mrs Holt, every Thursday after school")]),
    ("Brewery tours for visitors, every Saturday at 2 except bank holidays.", "Ferncliff Brewing",
     [("Ferncliff Brewing", "Brewery tours for visitors every Saturday at 2 except bank holidays")]),
])
def test_times_said_after_a_comma_are_the_times_of_the_activity_said_before_it(text, org, want):
    """The when said alone ("Tuesdays at 5", "every Saturday at 2 except bank holidays") was a card without
    its activity, or a second card beside the one that said both."""
    got = [(f.subject, f.value) for f in learn(text, None, at=AT, owner="Dana", role="owner", speaker="Dana",
                                               account_org=org) if f.type == "routine"]
    assert got == want


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, who, habit, other", [
    ("My gran is 90 and still swims every week.", "Dana's gran", "still swims every week", "90"),
    ("Mo is a nurse and works nights every weekend.", "Mo", "works nights every weekend", "nurse"),
])
def test_what_one_is_said_before_and_a_habit_is_not_part_of_the_habits_card(text, who, habit, other):
    """"is 90 and" was the head of the routine's value, so the routine also said the age (one card, one fact)."""
    got = learn(text, None, at=AT, owner="Dana", role="owner", speaker="Dana")
    routines = [f for f in got if f.type == "routine"]
    assert [(f.subject, f.value) for f in routines] == [(who, habit)], got
    assert other not in routines[0].text


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, want", [
    ("grandma picks me up on thursdays", [("Dana's grandma", "picks Dana up on thursdays")]),   # hers, not also Dana's
    ("Mondays and Wednesdays I've got football after school",
     [("Dana", "have got football after school Mondays and Wednesdays")]),                    # no "'ve" left in the value
])
def test_whose_habit_and_its_days_as_said(text, want):
    got = [(f.subject, f.value) for f in learn(text, None, at=AT, owner="Dana", role="owner", speaker="Dana") if f.type == "routine"]
    assert got == want


@pytest.mark.usefixtures("parser_installed")
def test_an_errand_done_at_a_shop_is_no_employer():
    got = learn("once a month I do a big shop at Costco", None, at=AT, owner="Dana", role="owner", speaker="Dana")
    assert not [f for f in got if f.predicate in ("works_for", "works_at")], got


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, want", [
    ("every night mum reads me a story", [("Dana's mum", "reads Dana a story every night")]),     # a child's bare "mum"
    ("after school i go to my nans", [("Dana", "go to Dana's nans after school")]),              # the point of day first
    ("only on fridays. after school we all get chips", [("Dana", "all get chips after school only on fridays")]),
])
def test_a_childs_habit_said_the_childs_way(text, want):
    """Habits said with the time first, a kin word without "my", or the days as a sentence before the habit."""
    got = [(f.subject, f.value) for f in learn(text, None, at=AT, owner="Dana", role="owner", speaker="Dana") if f.type == "routine"]
    assert got == want


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, want", [
    ("I swim at the lido on Mondays and do a yoga class at the weekend.",   # "do a": no activity called "I"
     [("Dana", "swim at the lido on Mondays"), ("Dana", "do a yoga class at the weekend")]),
    ("Every other month I get my hair cut at Salon Rouge.",                # "every other month" said first
     [("Dana", "get Dana's hair cut at Salon Rouge every other month")]),
])
def test_habits_with_do_and_with_every_other_said_first(text, want):
    got = [(f.subject, f.value) for f in learn(text, None, at=AT, owner="Dana", role="owner", speaker="Dana") if f.type == "routine"]
    assert got == want


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, want", [
    ("I go sailing in summer.", [("Dana", "go sailing in summer")]),
    ("In winter we skate on the lake.", [("Dana", "skate on the lake in winter")]),
    ("my aunt visits in the school holidays", [("Dana's aunt", "visits in the school holidays")]),
])
def test_a_habit_of_a_season_is_a_routine(text, want):
    got = [(f.subject, f.value) for f in learn(text, None, at=AT, owner="Dana", role="owner", speaker="Dana") if f.type == "routine"]
    assert got == want


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", ["we moved here in the summer", "I'm going to Spain in summer"])
def test_a_season_of_one_thing_done_or_planned_is_no_routine(text):
    assert not [f for f in learn(text, None, at=AT, owner="Dana", role="owner", speaker="Dana") if f.type == "routine"]


@pytest.mark.parametrize(("value", "parts"), [
    ("sessions Monday and Wednesday 17:00-19:00 and Sunday morning for the beginners",
     ["Monday", "Sunday morning for the beginners"]),
    ("has swimming Tuesdays at 6pm and Saturday afternoon with her dad", ["Tuesdays at 6pm", "Saturday afternoon with her dad"]),
])
def test_a_day_after_a_time_that_ends_on_its_hours_opens_a_habit_of_its_own(value, parts):
    got = split_routine(Fact("Dana", "routine", value, "routine", 0.8, f"Dana: {value}"), "Dana")
    assert len(got) == 2 and all(p in f.value for p, f in zip(parts, got)), got


@pytest.mark.parametrize("value", ["practice every Tuesday and Thursday after school", "lessons Monday at 4 and Wednesday"])
def test_more_days_of_one_habit_stay_one_card(value):
    assert len(split_routine(Fact("Dana", "routine", value, "routine", 0.8, f"Dana: {value}"), "Dana")) == 1
