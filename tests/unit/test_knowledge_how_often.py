"""How often, in words the readers did not know, makes a routine (issue 35, rule_basics.RECURRENCE,
habit_kinds.py): "every second Sunday", "twice a term", "every few weeks", and a person's doing said with
"sometimes" or "now and then" is a routine, not a tie or a plain fact. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.habit_kinds import as_habit
from memcore.knowledge.models import Fact
from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Halvard"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def cards(text):
    return [(f.type, f.subject, f.value) for f in learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)]


@pytest.mark.parametrize(("text", "who", "words"), [
    ("my aunt brings eggs from the farm every second Sunday", "Halvard's aunt", {"eggs", "second", "Sunday"}),
    ("we drive up to the cabin twice a term", OWNER, {"cabin", "twice", "term"}),
    ("my grandad phones from Bergen every few weeks", "Halvard's grandad", {"phones", "few", "weeks"}),
])
def test_how_often_in_new_words_is_a_routine(text, who, words):
    got = [(s, v) for t, s, v in cards(text) if t == "routine"]
    assert any(s == who and words <= set(v.split()) for s, v in got), got


def test_a_persons_doing_now_and_then_is_a_routine_not_a_tie():
    got = cards("my uncle goes off sailing for a month sometimes")
    assert [(t, s) for t, s, v in got if "sailing" in v] == [("routine", "Halvard's uncle")]


@pytest.mark.parametrize("text", [
    "I met her a second time at the wedding",  # an ordinal, no recurrence
    "we lost twice this season",  # a count of one season, no habit
    "my uncle visited twice last year",  # a past count
])
def test_no_routine_from_a_count_or_an_ordinal(text):
    assert [c for c in cards(text) if c[0] == "routine"] == []


@pytest.mark.parametrize("card", [
    Fact("Halvard", "cousin", "Ola, we meet every second Sunday", "relationship", 0.9, "Ola is Halvard's cousin"),
    Fact("Halvard's sister", "wins", "always wins", "semantic", 0.8, "Halvard's sister always wins"),
    Fact("Halvard's uncle", "visited", "visited twice last year", "semantic", 0.8, "Halvard's uncle visited twice last year"),
    Fact("Halvard", "get", "20% off on weekdays", "semantic", 0.8, "students get 20% off on weekdays"),
])
def test_a_tie_a_trait_or_a_one_off_keeps_its_type(card):
    assert as_habit(card) == card


@pytest.mark.parametrize(("text", "who", "thing"), [
    ("I sell honey at the Saturday market in Ludlow", OWNER, "Saturday market"),
    ("my gran sings in the Sunday choir at St Mary's", "Halvard's gran", "Sunday choir"),
    ("Tove helps out at the Thursday club for the little ones", "Tove", "Thursday club"),
])
def test_a_thing_named_by_its_weekday_is_a_weekly_habit(text, who, thing):
    got = [(s, v) for t, s, v in cards(text) if t == "routine"]
    assert any(s == who and thing in v for s, v in got), got


@pytest.mark.parametrize("text", [
    "I missed the Friday meeting",  # one day's, in the past
    "we met at the Saturday market",  # how two met, once
    "I'm going to the Saturday market",  # a plan
])
def test_a_weekday_thing_done_once_is_no_habit(text):
    assert [c for c in cards(text) if c[0] == "routine"] == []


@pytest.mark.parametrize(("text", "who", "habit", "not_in"), [
    ("my brother Arlo drives a lorry to Spain and back so he's away two weeks of every month", "Arlo", "weeks", {"lorry", "Spain"}),
    ("uncle Per sails the supply boat out to the rigs so he's gone every other week", "Per", "gone", {"boat", "rigs"}),
    ("my mum cleans offices in town so she's out most evenings", "Halvard's mum", "out", {"offices", "town"}),
])
def test_the_habit_after_so_is_a_card_of_its_own(text, who, habit, not_in):
    got = [(s, v) for t, s, v in cards(text) if t == "routine" and habit in v]
    assert got and all(s == who and not (set(v.split()) & not_in) for s, v in got), got


def test_a_habit_before_so_stays_whole():
    got = [v for t, s, v in cards("I walk the dog every morning so I'm up early") if t == "routine"]
    assert got and all("dog" in v for v in got), got


def test_he_after_so_is_whom_the_first_clause_named_not_an_earlier_person():
    got = learn("dad drives a bus to Oslo and back so he's gone most weekends", None, at=AT, owner=OWNER, role="owner",
                speaker=OWNER, previous=[f"{OWNER}: my mum Liv is a nurse"])
    assert [f.subject for f in got if f.type == "routine" and "gone" in f.value] == ["Halvard's dad"]


@pytest.mark.parametrize(("text", "who", "words"), [
    ("my uncle Aziz works in Kazakhstan, he builds roads there. he comes home only in January", "Aziz", {"home", "January"}),
    ("my cousin visits only at Christmas", "Halvard's cousin", {"Christmas"}),
    ("my brother flies back only in August", "Halvard's brother", {"August"}),
])
def test_a_doing_only_at_a_time_of_year_is_a_routine(text, who, words):
    got = [(s, v) for t, s, v in cards(text) if t == "routine"]
    assert any(s == who and {w.lower() for w in words} <= set(v.lower().split()) for s, v in got), got


@pytest.mark.parametrize("text", [
    "my aunt comes in December",  # without "only": as often a plan as a habit
    "my gran came only in June last year",  # a one-off
])
def test_a_time_of_year_without_only_or_once_is_no_routine(text):
    assert not any(t == "routine" for t, _, _ in cards(text))
