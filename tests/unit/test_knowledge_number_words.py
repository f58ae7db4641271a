"""Numbers above twenty written as words (issue 35): "seventy six", "eighty-two" are one number each, read
in digits, so an age card holds the whole age rather than its last word ("six"). Sentences written for
these tests (a child, an adult, a team), not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.number_words import tens_in_digits

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("said, read", [
    ("my nan is seventy six", "my nan is 76"),
    ("He turned eighty-two in May", "He turned 82 in May"),
    ("we have Thirty - Five volunteers", "we have 35 volunteers"),
    ("ninety nine problems", "99 problems"),
])
def test_a_tens_word_with_its_unit_is_one_number(said, read):
    assert tens_in_digits(said) == read


@pytest.mark.parametrize("said", [
    "she is forty and works nights",  # a tens word alone stays as said
    "twenty twenties",  # no unit word after it
    "the forty-niners won",  # a unit word that is part of a longer word
    "I have one two three",  # units alone
])
def test_what_is_no_compound_number_stays(said):
    assert tens_in_digits(said) == said


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, owner, org, who, age", [
    ("my uncle Tavita is forty-one", "Lagi", None, "Tavita", "41"),  # child
    ("My father-in-law Bogdan is seventy three and still drives", "Ilona", None, "Bogdan", "73"),  # adult
    ("Our baker Ruslan is fifty eight", "Zarina", "Kettle Lane Bakery", "Ruslan", "58"),  # team
])
def test_an_age_in_words_is_the_whole_age(text, owner, org, who, age):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    ages = [(f.subject, f.value) for f in got if f.predicate == "age"]
    assert ages == [(who, age)]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, age", [
    ("I'm 13 yrs and I play chess", "13"),  # "old" left off, as a child or a learner says it
    ("I'm 10 yrs, I live in Maseru", "10"),
    ("Im 11 years and in grade 6", "11"),
])
def test_ones_own_age_without_old(text, age):
    got = learn(text, None, at=AT, owner="Ana", role="owner", speaker="Ana")
    assert [(f.subject, f.value) for f in got if f.predicate == "age"] == [("Ana", age)]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", [
    "I am ten years late for everything",  # years of something else
    "I am 40 years in this job",
])
def test_years_said_of_something_else_is_no_age(text):
    got = learn(text, None, at=AT, owner="Ana", role="owner", speaker="Ana")
    assert not [f for f in got if f.predicate == "age"]
