"""Who is who in a turn (issue 35): a household said with the family's own lower-case kin words, and a lower-case
word the turn says is kin ("koro is my grandpa, he ..."). Sentences written for these tests, not taken from any
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.bare_kin import bare_kin_named
from memcore.knowledge.households import household, household_cards

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ASKED = ["assistant: Who do you live with?"]


def _cards(text, owner="Aroha", previous=()):
    return [(f.subject, f.predicate, f.value) for f in
            learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=list(previous))]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, owner, group", [
    ("mum and taua (thats my grandma) and my cousin Wiremu", "Aroha", "mum and taua"),
    ("dad and oma (my grandma) and my big sister Femke. she is twelve", "Joris", "dad and oma"),
    ("ammi and abbu and my brother Bilal and dada", "Sana", "ammi and abbu"),
    ("dada and bibi (my grandparents), and my uncle Ramon", "Tala", "dada and bibi"),
])
def test_a_household_said_with_the_familys_words_is_one_card(text, owner, group):
    got = _cards(text, owner, ASKED)
    assert (owner, "lives_with", group) in got
    assert not any(p == "lives_with" and v.split()[-1] in ("Wiremu", "Femke", "Bilal", "Ramon") and " and " in v
                   for _, p, v in got)  # a named member is a card of their own


@pytest.mark.parametrize("clause", [
    "I live with pain and worry",  # bare words and no kin: no household
    "I live with diabetes and asthma",
    "I live with my mum and love it",  # a verb after "and" is no member
])
def test_bare_words_without_kin_are_no_household(clause):
    said = household(clause)
    assert said is None or said[0] == ["mum"]


def test_members_after_a_named_one_are_their_own_cards():
    members, _ = household("I live with ama and my apa and my little brother Tashi and nene.")
    assert members == ["ama", "apa", "little brother Tashi", "nene"]
    assert household_cards(members) == (["ama", "apa"], ["little brother Tashi", "nene"])


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, who, tie, fact", [
    ("koro is my grandpa. he lives in Rotorua", "koro", "grandpa", ("koro", "lives_in", "Rotorua")),
    ("jaddah is my grandmother she is 80", "jaddah", "grandmother", ("jaddah", "age", "80")),
    ("we have a dog too. tutu is my great grandma, she is 91", "tutu", "great grandma", ("tutu", "age", "91")),
])
def test_a_lowercase_word_said_to_be_kin_names_the_person(text, who, tie, fact):
    got = _cards(text)
    assert ("Aroha", tie.replace(" ", "_"), who) in got
    assert fact in got
    assert not any(s == f"Aroha's {tie.split()[-1]}" for s, _, _ in got)  # not the tie's


@pytest.mark.parametrize("text", [
    "mum is my best friend",  # an English kin word names no one
    "this is my grandfather",
    "home is my grandad's house",  # the tie said of a thing
    "everyone is my friend here",
    "she is my granny",
])
def test_no_bare_name_in_near_misses(text):
    assert bare_kin_named(text) == []
