"""A person named, then their tie set off by commas ("Tamsin, my niece, she is 23"), and a tie said of
"he"/"she" ("she's my sister she's 2"): what follows is said of the person by name, not of "the owner's niece"
(memcore/knowledge: clauses, mentions). Sentences written for these tests, not from any labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def said(text: str, owner: str = "Noor") -> set[tuple[str, str, str, str]]:
    return {(f.subject, f.predicate, f.value, f.type) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)}


@pytest.mark.parametrize("text, who, tie, age", [
    ("Tamsin, my niece, she is 23 and works in Leeds", "Tamsin", "niece", "23"),
    ("Oskar, my grandson, he is 12 and plays chess", "Oskar", "grandson", "12"),
    ("Priya, my cousin, she is 31 and lives in Derby", "Priya", "cousin", "31"),
    ("Bartek, my nephew, he is 9", "Bartek", "nephew", "9"),
])
def test_a_name_then_its_tie_between_commas_is_whom_the_pronoun_means(text, who, tie, age):
    got = said(text)
    assert ("Noor", tie, who, "relationship") in got
    assert (who, "age", age, "identity") in got
    assert not [f for f in got if f[0].startswith("Noor's ")]


def test_what_else_is_said_of_them_is_theirs_too():
    got = said("Priya, my cousin, she is 31 and lives in Derby")
    assert ("Priya", "lives_in", "Derby", "identity") in got


@pytest.mark.parametrize("text, who, age", [
    ("baby Wren. she's my sister she's 2", "Wren", "2"),
    ("and little Ezra. he's my brother he's 4", "Ezra", "4"),
    ("baby Ottilie. she is my cousin, she is 1", "Ottilie", "1"),
])
def test_a_tie_said_of_a_pronoun_keeps_whom_it_means(text, who, age):
    got = said(text)
    assert (who, "age", age, "identity") in got
    assert not [f for f in got if f[0].startswith("Noor's ") and f[1] == "age"]


def test_a_list_of_a_name_and_a_tie_is_two_people():
    # "I met Tamsin and my niece": two people, nothing of "Tamsin" said of the niece
    got = said("I'm going to the zoo with Tamsin and my niece, she is 23")
    assert ("Tamsin", "age", "23", "identity") not in got


def test_a_tie_with_nobody_named_before_it_is_still_the_tie():
    got = said("Tamsin and Ola came. my niece, she is 23")
    assert {f[0] for f in got if f[2] == "23"} == {"Noor's niece"}
