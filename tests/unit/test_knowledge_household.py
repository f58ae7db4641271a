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
