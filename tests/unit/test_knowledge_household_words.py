"""How people in the owner's life are said in chat (issue 35): a titled name is a person "he" or "she"
points at next ("I beat Mr Hale at chess, he runs the club"); "cos" before a clause is "because" ("I live
with my nan cos my mum works in Dubai"), and a household ends where a clause starts; a kind of tie said
before it ("foster", "adoptive", "half") stays part of it. Sentences written for these tests in three
voices (a child, an adult, a team), not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.mentions import last_mention
from memcore.knowledge.spelling import respelt

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Tova", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, who", [("I beat Mr Hale at chess, he", "Mr Hale"),
                                       ("we had a meeting with Dr Okoro and she", "Dr Okoro")])
def test_a_titled_name_is_who_a_pronoun_points_at(text, who):
    assert last_mention(text, "Tova") == who


def test_what_a_titled_person_does_is_theirs():
    assert {s for s, _, _ in cards("I beat Mr Hale at chess, he runs the club.")} == {"Mr Hale"}


@pytest.mark.parametrize("text, read", [
    ("i stay at my nan's cos my mum works late", "i stay at my nan's because my mum works late"),
    ("we close early cos it's quiet", "we close early because it's quiet"),
    ("I like cos lettuce", "I like cos lettuce"),
])
def test_cos_before_a_clause_is_because(text, read):
    assert respelt(text) == read


@pytest.mark.parametrize("text, member", [
    ("I live with my nan cos my mum works in Dubai.", "nan"),  # child
    ("We live with my mother-in-law since my wife had the baby", "mother-in-law"),  # adult
])
def test_a_household_ends_where_a_clause_starts(text, member):
    assert ("Tova", "lives_with", member) in cards(text)


@pytest.mark.parametrize("text, tie, name", [
    ("I live with my foster carers Wyn and Gareth in Bala", "foster_carer", "Gareth"),  # child
    ("My half brother Steffan drives the forklift.", "half_brother", "Steffan"),  # team member, of her family
])
def test_the_kind_of_tie_is_kept(text, tie, name):
    assert ("Tova", tie, name) in cards(text)
