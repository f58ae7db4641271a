"""A birthday and an age to come, as the note-taker keeps them (docs/knowledge.md, "Birthdays"):
one identity card `birthday` whose value is the date as the write gate left it (a date of birth is
PII: by default the policy stands "<DOB>" in for it), and `turns` with the age as digits and no
date beside it (with the day it was said, "next week" would give the date of birth)."""
from datetime import datetime, timezone

import pytest

from memcore.extraction.pipeline import extract
from memcore.knowledge import facts_of_turn

AT = datetime(2026, 2, 24, 10, 0, tzinfo=timezone.utc)


def facts(text, owner="Mia"):
    statements = extract(text, speaker="Mia", at=AT).statements
    return [(f.subject, f.predicate, f.value, f.type, f.text)
            for f in facts_of_turn(text, statements, owner=owner, role="owner", speaker="Mia")]


@pytest.mark.parametrize("text, value, said", [
    ("My birthday is on <DOB>", "<DOB>", "Mia's birthday is on <DOB>"),
    ("My birthday is <DOB> and I love cake.", "<DOB>", "Mia's birthday is <DOB>"),
    ("I was born on <DOB>.", "<DOB>", "Mia's birthday is on <DOB>"),
    ("My birthday is on the 3rd of March", "the 3rd of March", "Mia's birthday is on the 3rd of March"),
    ("my birthday is in March", "March", "Mia's birthday is in March"),
    ("I was born in March.", "March", "Mia's birthday is in March"),
])
def test_a_birthday_is_one_identity_card_whose_value_is_the_date(text, value, said):
    assert ("Mia", "birthday", value, "identity", said) in facts(text)
    assert not [f for f in facts(text) if f[1] == "from"]  # born on a date is not where one is from


def test_born_in_a_place_is_still_where_one_is_from():
    assert [f[1] for f in facts("I was born in Leeds.")] == ["born_in"]


@pytest.mark.parametrize("text", ["I turn eight next week.", "I'm turning 8 on Saturday.", "I am turning eight soon!", "I'll be eight next week."])
def test_an_age_to_come_is_the_age_alone(text):
    assert facts(text) == [("Mia", "turns", "8", "identity", "Mia is turning 8")]


def test_someone_elses_turn_is_not_an_age():
    assert not [f for f in facts("I don't turn eight until June.") if f[1] == "turns"]
    assert not [f for f in facts("I turn the lights off at eight.") if f[1] == "turns"]


@pytest.mark.parametrize("text, turns, month", [
    ("in June I'm 9!", "9", "June"),             # the present, said with a time still to come
    ("Next month I'm 40!", "40", None),
    ("I'll be 13 in October", "13", "October"),   # the month the age comes in is the birthday's
    ("I turn 50 in April, don't remind me", "50", "April"),
])
def test_an_age_said_with_a_time_to_come_is_an_age_to_come_and_its_month_the_birthdays(text, turns, month):
    got = facts(text)
    assert ("Mia", "turns", turns) in [f[:3] for f in got], got
    assert not [f for f in got if f[1] == "age"], got  # not her age now
    assert [f[2] for f in got if f[1] == "birthday"] == ([month] if month else []), got


def test_a_time_before_what_one_does_is_no_age():
    assert not [f for f in facts("In March I'm going to Lisbon with my aunt.") if f[1] in ("age", "turns", "birthday")]
