"""Ages said in other shapes, what one studies, and a habit said with its hour (issue 35,
docs/formation-spec.md). Sentences written for these tests:

- an age said as a decade ("in her late sixties"), before the person ("my 11-year-old nephew"), as one's
  own birthday ("my 40th"), or as a tie's ages in the plural ("the girls are 5 and 7");
- what one studies and where ("doing engineering"? no: "studying geology at Aberdeen"): who one is, not a
  skill, and the university never an employer or the team "we" means;
- when one works ("Tuesday to Saturday") is a habit, never an employer;
- a present-simple habit said with the point of the day ("I feed the chickens before school") is a routine;
  the same words for one day ("today", "on Friday") are not, nor an hour alone (the plan of a day).
"""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Ilse"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, previous=[])


def ages(text):
    return {(f.subject, f.value) for f in facts(text) if f.predicate in ("age", "turns") and f.type == "identity"}


@pytest.mark.parametrize(("text", "who", "age"), [
    ("My aunt is in her late sixties", "Ilse's aunt", "late sixties"),
    ("I'm in my early 30s, if that matters", OWNER, "early 30s"),
    ("Opa's in his nineties now", "Opa", "nineties"),
])
def test_an_age_said_as_a_decade_is_the_age(text, who, age):
    got = facts(text)
    assert (who, age) in {(f.subject, f.value) for f in got if f.predicate == "age" and f.type == "identity"}
    assert not [f for f in got if f.predicate == "is"]  # no plain "is | in her late sixties" beside it


def test_an_age_said_before_the_person_is_theirs_and_leaves_their_name_alone():
    got = facts("my 11-year-old nephew Bram is crazy about chess")
    assert ("Bram", "11") in {(f.subject, f.value) for f in got if f.predicate == "age"}
    assert not [f for f in got if "old" in f.subject.split() or f.predicate.startswith("old")]
    unnamed = facts("my 4 year old son won't eat anything green")
    assert ("Ilse's son", "4") in {(f.subject, f.value) for f in unnamed if f.predicate == "age"}
    assert not [f for f in unnamed if "old" in f.subject.split()]
    assert (OWNER, "52") in ages("I'm a 52-year-old nurse from Ghent")


@pytest.mark.parametrize(("text", "predicate", "age"), [
    ("we went bowling for my 14th birthday", "age", "14"),
    ("it's my 60th birthday on Sunday", "turns", "60"),
])
def test_ones_own_birthday_says_the_age_it_marks(text, predicate, age):
    assert (OWNER, predicate, age) in {(f.subject, f.predicate, f.value) for f in facts(text)}


def test_the_ages_of_a_tie_in_the_plural_are_one_identity_card():
    got = [f for f in facts("the girls are five and seven") if f.predicate == "age"]
    assert [(f.subject, f.value, f.type) for f in got] == [("Ilse's girls", "5 and 7", "identity")]
    assert not [f for f in facts("the girls are five and seven") if f.type == "semantic"]


@pytest.mark.parametrize(("text", "who", "what", "where"), [
    ("I'm studying geology at Aberdeen", OWNER, "geology", "Aberdeen"),
    ("my brother studies dentistry at Cardiff uni", "Ilse's brother", "dentistry", "Cardiff uni"),
])
def test_what_one_studies_and_where_is_who_one_is(text, who, what, where):
    got = facts(text)
    slots = {(f.subject, f.predicate, f.value, f.type) for f in got}
    assert (who, "studies", what, "identity") in slots
    assert (who, "studies_at", where, "identity") in slots
    assert not [f for f in got if f.type == "skill" or f.predicate in ("works_for", "works_at")]


def test_studying_for_an_exam_or_a_language_alone_is_no_place_of_study():
    assert not [f for f in facts("I'm studying for my driving theory test") if f.predicate.startswith("studies")]
    assert not [f for f in facts("I'm studying Portuguese") if f.predicate.startswith("studies")]


def test_the_days_one_works_are_a_habit_not_an_employer():
    got = facts("I work Tuesday to Saturday, 10 till 6")
    assert not [f for f in got if f.predicate in ("works_for", "works_at")]
    assert [f for f in got if f.type == "routine" and f.subject == OWNER and "saturday" in f.value.lower()]
    assert not [f for f in facts("I'm away from Monday to Thursday next week") if f.type == "routine"]


@pytest.mark.parametrize(("text", "who", "words"), [
    ("I feed the chickens before school", OWNER, {"chickens", "before", "school"}),
    ("Grandpa reads to me after tea", "Grandpa", {"reads", "after", "tea"}),
])
def test_a_present_habit_said_with_its_point_of_the_day_is_a_routine(text, who, words):
    got = [f for f in facts(text) if f.type == "routine" and f.subject == who]
    assert got and words <= set(got[0].value.replace(".", " ").split()) | set(got[0].value.split())


@pytest.mark.parametrize("text", [
    "I pick Sam up at 3 today",
    "I walk the dog before school tomorrow",
    "my train leaves at 6 on Friday",
    "I had a nap at 2",
    "Grow rooms sit at 15-18°C",
])
def test_the_hour_of_one_day_or_a_measure_is_no_routine(text):
    assert not [f for f in facts(text) if f.type == "routine"]


@pytest.mark.parametrize(("text", "job"), [
    ("I'm a part-time florist at the market", "florist"),
    ("full time carer for my nan now", "carer"),
])
def test_how_many_hours_one_works_is_no_word_of_the_job(text, job):
    assert [f.value for f in facts(text) if f.predicate == "job"] == [job]


def test_a_habit_opened_by_the_part_of_the_week_keeps_it():
    got = [f for f in facts("weekdays I usually cycle to the office") if f.type == "routine"]
    assert got and "weekdays" in got[0].value and "cycle" in got[0].value


@pytest.mark.parametrize(("text", "who", "line"), [
    ("I'm in insurance, claims mostly", OWNER, "insurance"),
    ("my dad's in the police", "Ilse's dad", "the police"),
    ("I work in HR", OWNER, "HR"),
    ("I work in Dundee", OWNER, "Dundee"),
])
def test_the_line_of_work_or_town_one_works_in_is_no_employer(text, who, line):
    got = facts(text)
    assert (who, "works_in", line) in {(f.subject, f.predicate, f.value) for f in got}
    assert not [f for f in got if f.predicate in ("works_for", "works_at")]


@pytest.mark.parametrize(("text", "who", "words"), [
    ("I groom dogs professionally", OWNER, {"groom", "dogs"}),
    ("I lay bricks by trade", OWNER, {"lay", "bricks"}),
    ("my cousin Tane drives a lorry for a supermarket", "Tane", {"drives", "lorry"}),
    ("my aunt drives a school bus", "Ilse's aunt", {"drives", "bus"}),
])
def test_work_said_with_its_verb_is_a_job(text, who, words):
    jobs = [f for f in facts(text) if f.predicate == "job" and f.type == "identity" and f.subject == who]
    assert jobs and words <= set(jobs[0].value.lower().split())


def test_driving_ones_own_people_is_no_job():
    assert not [f for f in facts("I drive my nephew to football") if f.predicate == "job"]


@pytest.mark.parametrize(("text", "job"), [("my uncle Piet is a fisherman", "fisherman"), ("I'm a bartender", "bartender"),
                                          ("Saskia is a reporter", "reporter")])
def test_a_trade_said_without_a_workplace_is_a_job(text, job):
    assert job in [f.value for f in facts(text) if f.predicate == "job"]


def test_like_before_an_age_is_a_filler():
    assert ("Ilse's gran", "94") in ages("my gran is like 94 and still bakes")
    assert not [f for f in facts("it's like 20 quid") if f.predicate == "age"]
