"""Whom one lives with, said as one household ("my nan and grandad", "my aunt and uncle"): one
relationship card holding all of them, the second tie said without its own "my". Sentences written for
these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Tiago"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


@pytest.mark.parametrize(("text", "value"), [
    ("I live with my nan and grandad in Swansea", "nan and grandad"),
    ("we live with my aunt and uncle now", "aunt and uncle"),
])
def test_a_household_said_as_one_is_one_card_of_all_of_it(text, value):
    got = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    assert [f.value for f in got if f.predicate == "lives_with"] == [value]


def test_what_follows_and_that_is_no_tie_is_not_a_member():
    got = learn("I live with my dad and love it", None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    assert [f.value for f in got if f.predicate == "lives_with"] == ["dad"]


@pytest.mark.parametrize(("text", "whose", "tie", "who"), [
    ("Lucia's Marco's older sister, she covers Saturdays", "Marco", "older_sister", "Lucia"),
    ("my ex, Dario, has them at weekends", OWNER, "ex", "Dario"),
])
def test_a_tie_said_with_a_stacked_possessive_or_an_ex_is_kept(text, whose, tie, who):
    got = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    assert (whose, tie, who) in {(f.subject, f.predicate, f.value) for f in got if f.type == "relationship"}


@pytest.mark.parametrize(("text", "tie"), [
    ("I live with my abuelo", "abuelo"),
    ("my oma is 88 and still cycles", "oma"),
])
def test_a_grandparent_said_in_the_family_s_own_word_is_a_tie(text, tie):
    got = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    assert [f for f in got if tie in f.subject.split() + f.value.split()]


@pytest.mark.parametrize(("text", "name"), [("our goat Pepper eats everything", "Pepper"),
                                            ("we have a donkey called Jasper", "Jasper")])
def test_a_farm_animal_with_a_name_is_a_pet(text, name):
    got = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    assert [f for f in got if f.type == "relationship" and f.value == name]


@pytest.mark.parametrize(("text", "names"), [("we have two rabbits called Fudge and Toffee", "Fudge and Toffee"),
                                             ("my aunt has three hens named Dot, Dash and Pip", "Dot, Dash and Pip")])
def test_pets_named_together_are_one_card_of_all_their_names(text, names):
    got = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    assert [f.value for f in got if f.predicate.startswith("has_")] == [names]


# Household facts in everyday shapes: who lives in the owner's home said from their side ("my mum lives with
# us"), an in-law's job, a habit of a month or a holiday ("every August"), a plural tie before a preposition
# that is no possessive ("my cousins on Saturdays"), a seat on a council or committee.

def facts(text):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)


@pytest.mark.parametrize(("text", "who"), [("My mum lives with us since her stroke.", "mum"),
                                           ("Grandad's living with us now.", "Grandad"),
                                           ("Uncle Milo has moved in with me.", "Milo")])
def test_someone_living_in_the_owners_home_is_who_the_owner_lives_with(text, who):
    got = facts(text)
    assert any(f.predicate == "lives_with" and f.value == who and f.subject == OWNER for f in got), got
    assert not any(f.type == "semantic" for f in got), got


def test_an_in_laws_job_is_the_in_laws_identity():
    got = facts("My sister-in-law is a midwife in Brno.")
    assert any(f.subject == "Tiago's sister-in-law" and f.predicate == "job" and f.value == "midwife" for f in got), got


@pytest.mark.parametrize("text", ["We go skiing every February in the Tatras.", "Every Christmas we drive to Ostrava to see my aunt."])
def test_a_habit_of_a_month_or_a_holiday_is_a_routine(text):
    got = facts(text)
    assert got and all(f.type == "routine" for f in got), got


def test_a_plural_tie_before_a_preposition_is_no_possessive():
    got = facts("I see my cousins on Sundays.")
    assert any("cousins" in f.value for f in got) and not any("cousin's" in f.text for f in got), got


@pytest.mark.parametrize(("text", "body"), [("I'm on the parish council.", "parish council"),
                                            ("I'm on the residents' committee", "committee")])
def test_a_seat_on_a_council_or_committee_is_a_membership(text, body):
    got = facts(text)
    assert any(f.predicate == "member_of" and body in f.value for f in got), got


@pytest.mark.parametrize(("text", "whose", "value"), [("My grandad's oldest tree is 400 years old.", "Tiago's grandad", "400 years old"),
                                                      ("my sister's flat is in Leith", "Tiago's sister", "in Leith")])
def test_a_thing_of_a_tie_is_said_of_the_tie(text, whose, value):
    got = {(s, v) for s, _, v in slots_of(text)}
    assert (whose, value) in got, got


def test_a_tie_of_a_tie_is_no_thing_of_theirs():
    assert not any(p == "sister" and s == "Tiago's mum" for s, p, _ in slots_of("My mum's sister is a nurse."))


def slots_of(text):
    return {(f.subject, f.predicate, f.value) for f in learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)}
